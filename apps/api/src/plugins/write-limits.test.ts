import { messages } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_TIMEOUT, signedIn } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Decision 0018: every write, and every route that checks a guessable code, is limited per user and per address.
const PER_IP = 3;
const PER_USER = 2;
const GUESS_PER_USER = 2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    WRITE_RATE_LIMIT_PER_IP: String(PER_IP),
    WRITE_RATE_LIMIT_PER_USER: String(PER_USER),
    GUESS_RATE_LIMIT_PER_USER: String(GUESS_PER_USER),
    GUESS_RATE_LIMIT_PER_IP: String(PER_IP),
  });
}, APP_START_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every write operation of the OpenAPI document, its path parameters filled in. */
async function writeOperations(): Promise<{ method: Method; url: string }[]> {
  await t.app.ready();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const found: { method: Method; url: string }[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) {
      const upper = method.toUpperCase() as Method;
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      found.push({ method: upper, url: path.replace(/\{[^}]+\}/g, '1') });
    }
  }
  return found;
}

describe('write limits', () => {
  it('answers 429 on every write route once one address passes the limit, whatever the body', async () => {
    const operations = (await writeOperations()).filter(({ url }) => !url.startsWith('/api/v1/payments/webhooks/'));
    expect(operations.length).toBeGreaterThan(30);
    for (const [index, { method, url }] of operations.entries()) {
      const remoteAddress = `10.50.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      const statuses: number[] = [];
      for (let i = 0; i <= PER_IP; i++) {
        const res = await t.app.inject({ method, url, payload: {}, remoteAddress });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, PER_IP), `${method} ${url}`).not.toContain(429);
      expect(statuses.at(-1), `${method} ${url}`).toBe(429);
      const last = await t.app.inject({ method, url, payload: {}, remoteAddress });
      expect(last.json(), `${method} ${url}`).toEqual({
        error: { code: 'RATE_LIMITED', message: messages.tooManyRequests },
      });
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('leaves reads alone and the gateway webhooks to their own limit', async () => {
    for (let i = 0; i < PER_IP * 3; i++) {
      expect((await t.app.inject({ url: '/api/v1/categories', remoteAddress: '10.60.0.1' })).statusCode).toBe(200);
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        payload: {},
        remoteAddress: '10.60.0.2',
      });
      expect(hook.statusCode).not.toBe(429);
    }
  });

  it('limits one signed-in user across addresses', async () => {
    const user = await signedIn(t.app);
    const statuses: number[] = [];
    for (let i = 1; i <= PER_USER + 1; i++) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/me/sessions/not-a-session',
        headers: user.headers,
        remoteAddress: `10.70.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(PER_USER).fill(404), 429]);
    // Another user is not affected.
    const other = await signedIn(t.app);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/sessions/not-a-session',
      headers: other.headers,
      remoteAddress: '10.70.0.1',
    });
    expect(res.statusCode).toBe(404);
  });

  it('holds voucher guesses to the tight limit', async () => {
    const user = await signedIn(t.app);
    const statuses: number[] = [];
    for (let i = 1; i <= GUESS_PER_USER + 1; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/vouchers/check',
        headers: user.headers,
        payload: { code: `GUESS${i}`, cart_item_ids: [1] },
        remoteAddress: `10.80.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, GUESS_PER_USER)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
