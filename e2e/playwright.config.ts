import { defineConfig, devices } from '@playwright/test';

import { serverCount, serverURL } from './support/servers.ts';

const ci = Boolean(process.env.CI);

/**
 * Browser tests: Debian's Chromium against the built web app served by the API on a fresh seeded database.
 * E2E_WORKERS workers (2 by default) run spec files side by side, each against its own server and database
 * (support/servers.ts, decision 0050): several specs place orders with the demo buyer, and order again replaces its
 * whole cart, so two workers must never share one database.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: ci,
  // A spec file's tests run in order in one worker (fullyParallel: false); files are shared out as workers free up.
  workers: serverCount,
  retries: ci ? 1 : 0,
  reporter: 'list',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    // Each test's own server comes from support/test.ts; this is the first one.
    baseURL: serverURL(0),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-PH',
    timezoneId: 'Asia/Manila',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 1366, height: 900 } },
    },
    {
      // Phone width: only the tests tagged @phone, to keep CI fast.
      name: 'phone',
      grep: /@phone/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  // Starts the servers all at once (support/start-servers.ts, decision 0061) instead of a webServer list.
  globalSetup: './support/start-servers.ts',
  outputDir: '../.tmp/e2e-results',
});
