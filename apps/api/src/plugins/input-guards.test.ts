import { messages } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_TIMEOUT, signedIn } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { holdsNul } from './input-guards.ts';

// The inputs the attack probe saw end in a 500 (issue 12, item 6): each is now a 400 with a plain message.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

const nul = { error: { code: 'VALIDATION', message: messages.nullCharacter } };

describe('refused at the edge', () => {
  it.each([
    '/api/v1/sellers/%00/shop',
    '/api/v1/sellers/search?q=a%00b',
    '/api/v1/search/suggestions?q=%00',
    '/api/v1/microsites/%00',
  ])('a NUL byte in the path or query: GET %s', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(nul);
  });

  it('a NUL byte in a JSON string: track-order, voucher code, login and resend-verification emails', async () => {
    const buyer = await signedIn(t.app);
    const cases = [
      { url: '/api/v1/track-order', payload: { orderId: 'ORD20260101000001', billingEmail: 'a\u0000@example.test' } },
      { url: '/api/v1/vouchers/check', payload: { code: 'TIBAY\u0000', cart_item_ids: [1] }, headers: buyer.headers },
      { url: '/api/v1/auth/login', payload: { email: 'x\u0000@example.test', password: 'Secret#123' } },
      { url: '/api/v1/auth/resend-verification', payload: { email: '\u0000' } },
      { url: '/api/v1/auth/login', payload: { 'e\u0000mail': 'x@example.test' } },
    ];
    for (const { url, payload, headers } of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload, ...(headers ? { headers } : {}) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(nul);
    }
  });

  it('an id past PostgreSQL integer range: impersonation and a product category', async () => {
    const agent = await signedIn(t.app, { role: 'agent' });
    const impersonate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agent/impersonate',
      headers: agent.headers,
      payload: { impersonate_customer_id: 2_147_483_648 },
    });
    expect(impersonate.statusCode).toBe(400);
    expect(impersonate.json().error.message).toBe(messages.notYourCustomer);
    const customer = await t.app.inject({ url: '/api/v1/customers/99999999999', headers: agent.headers });
    expect(customer.statusCode).toBe(400);
  });

  it('a truncated or boundary-less multipart body', async () => {
    const buyer = await signedIn(t.app);
    const boundary = '----cut';
    const bodies = [
      { type: 'multipart/form-data', body: 'no boundary' },
      { type: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\nContent-Disposition: form-da` },
      {
        type: `multipart/form-data; boundary=${boundary}`,
        body: `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":1`,
      },
    ];
    for (const url of ['/api/v1/checkout', '/api/v1/me/profile']) {
      for (const { type, body } of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...buyer.headers, 'content-type': type, 'idempotency-key': 'k'.repeat(20) },
          payload: body,
        });
        expect(res.statusCode, `${url} ${type}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${type}`).toBeLessThan(500);
      }
    }
  });

  it('finds NUL in nested strings and keys, and nothing in clean input', () => {
    expect(holdsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(holdsNul({ 'k\u0000': 1 })).toBe(true);
    expect(holdsNul({ a: ['clean', 1, null, { b: true }] })).toBe(false);
    expect(holdsNul(Buffer.from([0, 0, 0]))).toBe(false);
  });
});
