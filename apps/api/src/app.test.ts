import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 300_000);

afterAll(async () => {
  await t?.close();
}, 300_000);

it('every answer carries the security headers, the content security policy included', async () => {
  for (const url of ['/api/health', '/api/v1/cart/count', '/no-such-page']) {
    const res = await t.app.inject({ url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  }
});
