import { formatPeso } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startGatewayPayment } from './index.ts';
import { gatewayInput, insertGatewayCheckout, stateOf } from './test/fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://shop.test' });
});
afterAll(async () => {
  await t?.close();
});

async function openSession() {
  const checkout = await insertGatewayCheckout(t.app);
  const started = await startGatewayPayment(t.app, gatewayInput(checkout));
  const path = new URL(started.paymentUrl).pathname;
  return { checkout, started, path };
}

function press(path: string, action: string) {
  return t.app.inject({
    method: 'POST',
    url: `${path}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

describe('sandbox gateway hosted page', () => {
  it('shows the merchant, amount, reference and the four choices as plain forms', async () => {
    const { checkout, path } = await openSession();
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('Tibay Marketplace');
    expect(html).toContain(checkout.references[0]);
    expect(html).toContain(formatPeso(checkout.amount));
    expect(formatPeso(checkout.amount)).toBe('₱1,590.000');
    for (const [action, label] of [
      ['pay', 'Pay'],
      ['fail', 'Fail'],
      ['cancel', 'Cancel'],
      ['expire', 'Let it expire'],
    ]) {
      expect(html).toContain(`<form method="post" action="${path}/${action}">`);
      expect(html).toContain(`>${label}</button>`);
    }
    expect(html).not.toContain('<script');
    // The app's CSP (no inline scripts, forms only to itself) applies to the page.
    expect(String(res.headers['content-security-policy'])).toContain("form-action 'self'");
  });

  it('Pay sends a signed paid webhook: the orders are Verified and the page offers the way back', async () => {
    const { checkout, path } = await openSession();
    const res = await press(path, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(path);
    const state = await stateOf(t.app, checkout);
    expect(state).toMatchObject({ orders: ['Verified', 'Verified'], payment: 'paid' });
    const events = await t.app.db.select().from(paymentEvents);
    expect(events.some((e) => e.provider === 'sandbox' && e.type === 'payment.paid')).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Payment received');
    expect(page.body).toContain(
      `href="${gatewayInput(checkout).successUrl.replace('?', '?').replaceAll('&', '&#38;')}"`,
    );
    expect(page.body).not.toContain('>Pay</button>');
    // Pressing again changes nothing.
    expect((await press(path, 'cancel')).statusCode).toBe(303);
    expect(await stateOf(t.app, checkout)).toEqual(state);
  });

  for (const [action, status, title] of [
    ['fail', 'Payment Failed', 'Payment failed'],
    ['cancel', 'Cancelled', 'Payment cancelled'],
    ['expire', 'Payment Expired', 'Payment expired'],
  ] as const) {
    it(`${action}: orders ${status}, stock back, and a link back to the cancel page`, async () => {
      const { checkout, path } = await openSession();
      expect((await press(path, action)).statusCode).toBe(303);
      expect(await stateOf(t.app, checkout)).toMatchObject({ orders: [status, status], stock: [10, 10] });
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.body).toContain(title);
      expect(page.body).toContain('href="http://localhost:3000/checkout"');
    });
  }

  it('a session past its expiry can only expire', async () => {
    const checkout = await insertGatewayCheckout(t.app, { expiresAt: new Date(Date.now() - 1000) });
    const started = await startGatewayPayment(t.app, gatewayInput(checkout));
    const path = new URL(started.paymentUrl).pathname;
    await press(path, 'pay');
    expect((await stateOf(t.app, checkout)).orders).toEqual(['Payment Expired', 'Payment Expired']);
  });

  it('an unknown or malformed session is a 404 page and no action', async () => {
    for (const url of [
      '/sandbox-gateway/sbx_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/sandbox-gateway/%3Cscript%3E',
      `/sandbox-gateway/${'x'.repeat(99)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Payment not found');
      expect(res.body).not.toContain('<script>');
    }
    expect((await press('/sandbox-gateway/sbx_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'pay')).statusCode).toBe(404);
    expect((await press('/sandbox-gateway/sbx_x', 'refund')).statusCode).toBe(404);
  });
});
