import { test as base, expect } from '@playwright/test';
import { serverURL } from './servers.ts';

/**
 * Playwright's `test` with the worker's own server as baseURL (decision 0050). Pages, contexts made with
 * browser.newContext() and API requests all take their address from it.
 */
export const test = base.extend({
  baseURL: async ({ baseURL: _configured }, use, testInfo) => {
    await use(serverURL(testInfo.parallelIndex));
  },
});

export { expect };
