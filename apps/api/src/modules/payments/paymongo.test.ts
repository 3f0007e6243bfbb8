import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expireOverdue } from '../orders/index.ts';
import { closeExpiredSessions, GatewayUnavailableError, startGatewayPayment } from './index.ts';
import { PaymongoGateway } from './paymongo-gateway.ts';
import { hmacHex } from './signatures.ts';
import { type FakePaymongo, startFakePaymongo } from './test/fake-paymongo.ts';
import { type GatewayCheckout, gatewayInput, insertGatewayCheckout, stateOf } from './test/fixtures.ts';

const secretKey = 'sk_test_fake0123456789abcdef';
const webhookSecret = 'whsk_fake0123456789abcdef';
let fake: FakePaymongo;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakePaymongo(secretKey);
  t = await createTestApp({
    PAYMENT_GATEWAY: 'paymongo',
    PAYMONGO_API_URL: fake.url,
    PAYMONGO_SECRET_KEY: secretKey,
    PAYMONGO_WEBHOOK_SECRET: webhookSecret,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A webhook as PayMongo sends it: an event resource, signed with te (test mode) unless told otherwise. */
function paymongoWebhook(
  type: string,
  resource: unknown,
  options: { scheme?: 'te' | 'li'; secret?: string; at?: Date; eventId?: string } = {},
) {
  const t0 = Math.floor((options.at ?? new Date()).getTime() / 1000);
  const body = JSON.stringify({
    data: {
      id: options.eventId ?? `evt_${Math.random().toString(36).slice(2)}`,
      type: 'event',
      attributes: { type, livemode: false, data: resource, created_at: t0, updated_at: t0 },
    },
  });
  const sig = hmacHex(options.secret ?? webhookSecret, t0, body);
  const scheme = options.scheme ?? 'te';
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'paymongo-signature': `t=${t0},te=${scheme === 'te' ? sig : ''},li=${scheme === 'li' ? sig : ''}`,
    },
  };
}

function paidSession(sessionId: string, amount: number) {
  return {
    id: sessionId,
    type: 'checkout_session',
    attributes: {
      reference_number: 'ref',
      payments: [{ id: 'pay_1', type: 'payment', attributes: { amount, status: 'paid', currency: 'PHP' } }],
    },
  };
}

function post(w: { body: string; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/paymongo',
    headers: w.headers,
    payload: w.body,
  });
}

async function started(): Promise<{ checkout: GatewayCheckout; sessionId: string }> {
  const checkout = await insertGatewayCheckout(t.app);
  const result = await startGatewayPayment(t.app, gatewayInput(checkout));
  return { checkout, sessionId: result.providerReference };
}

describe('PayMongo checkout sessions', () => {
  it('creates a checkout session with the documented request and records it', async () => {
    const checkout = await insertGatewayCheckout(t.app);
    const result = await startGatewayPayment(t.app, gatewayInput(checkout));
    expect(result.providerReference).toMatch(/^cs_/);
    expect(result.paymentUrl).toBe(`https://checkout.paymongo.com/${result.providerReference}#test`);
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout_sessions');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/json');
    const attributes = (request.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
    expect(attributes).toMatchObject({
      line_items: [{ amount: checkout.amount, currency: 'PHP', quantity: 1 }],
      payment_method_types: ['gcash'],
      success_url: gatewayInput(checkout).successUrl,
      cancel_url: 'http://localhost:3000/checkout',
      reference_number: checkout.references.join(', '),
      billing: { name: 'Paula Buyer', email: 'paula@example.test', phone: '09171234567' },
      metadata: { tibay_payment_id: String(checkout.paymentId) },
    });
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.id, checkout.paymentId));
    expect(payment).toMatchObject({
      provider: 'paymongo',
      providerReference: result.providerReference,
      paymentUrl: result.paymentUrl,
    });
  });

  it('asks for the payment method types of the method and channel', async () => {
    const gateway = new PaymongoGateway({ apiUrl: fake.url, secretKey, webhookSecret, toleranceSeconds: 300 });
    const checkout = await insertGatewayCheckout(t.app);
    const base = { ...gatewayInput(checkout), expiresAt: new Date() };
    for (const [method, channel, types] of [
      ['card', null, ['card']],
      ['online', 'paymaya', ['paymaya']],
      ['online', 'grab_pay', ['grab_pay']],
      ['online', 'dob_bpi', ['dob']],
      ['online', 'dob_ubp', ['dob_ubp']],
    ] as const) {
      await gateway.createSession({ ...base, method, channel });
      const attributes = (fake.requests.at(-1)!.body as { data: { attributes: Record<string, unknown> } }).data
        .attributes;
      expect(attributes.payment_method_types).toEqual(types);
    }
  });

  it('a refused or unreachable gateway throws GatewayUnavailableError and records nothing', async () => {
    const checkout = await insertGatewayCheckout(t.app);
    const wrongKey = new PaymongoGateway({
      apiUrl: fake.url,
      secretKey: 'sk_test_wrong',
      webhookSecret,
      toleranceSeconds: 300,
    });
    await expect(startGatewayPayment(t.app, gatewayInput(checkout), wrongKey)).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
    const down = new PaymongoGateway({ apiUrl: 'http://127.0.0.1:9', secretKey, webhookSecret, toleranceSeconds: 300 });
    await expect(startGatewayPayment(t.app, gatewayInput(checkout), down)).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
    const tooSmall = { ...gatewayInput(checkout), amount: 100 };
    await expect(startGatewayPayment(t.app, tooSmall)).rejects.toThrow(/400/);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.id, checkout.paymentId));
    expect(payment).toMatchObject({ provider: 'gateway', providerReference: null, paymentUrl: null });
  });
});

describe('PayMongo webhooks', () => {
  it('checkout_session.payment.paid verifies the orders; a replay changes nothing', async () => {
    const { checkout, sessionId } = await started();
    const w = paymongoWebhook('checkout_session.payment.paid', paidSession(sessionId, checkout.amount));
    const res = await post(w);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'settled' });
    const state = await stateOf(t.app, checkout);
    expect(state).toMatchObject({ orders: ['Verified', 'Verified'], payment: 'paid' });
    expect((await post(w)).json()).toMatchObject({ result: 'duplicate' });
    expect(await stateOf(t.app, checkout)).toEqual(state);
  });

  it('refuses the live signature in test mode, a wrong secret, no header and a stale timestamp', async () => {
    const { checkout, sessionId } = await started();
    const before = await stateOf(t.app, checkout);
    const resource = paidSession(sessionId, checkout.amount);
    expect((await post(paymongoWebhook('checkout_session.payment.paid', resource, { scheme: 'li' }))).statusCode).toBe(
      401,
    );
    expect(
      (await post(paymongoWebhook('checkout_session.payment.paid', resource, { secret: 'whsk_other' }))).statusCode,
    ).toBe(401);
    const unsigned = paymongoWebhook('checkout_session.payment.paid', resource);
    expect((await post({ body: unsigned.body, headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
    const stale = paymongoWebhook('checkout_session.payment.paid', resource, { at: new Date(Date.now() - 400_000) });
    expect((await post(stale)).statusCode).toBe(400);
    expect(await stateOf(t.app, checkout)).toEqual(before);
  });

  it('payment.failed finds its checkout through the session metadata and fails the orders', async () => {
    const { checkout } = await started();
    const w = paymongoWebhook('payment.failed', {
      id: 'pay_failed_1',
      type: 'payment',
      attributes: {
        amount: checkout.amount,
        status: 'failed',
        metadata: { tibay_payment_id: String(checkout.paymentId) },
      },
    });
    expect((await post(w)).json()).toMatchObject({ result: 'settled' });
    expect(await stateOf(t.app, checkout)).toMatchObject({
      orders: ['Payment Failed', 'Payment Failed'],
      payment: 'failed',
      stock: [10, 10],
    });
  });

  it('acknowledges events it does not use', async () => {
    const w = paymongoWebhook('source.chargeable', { id: 'src_1', type: 'source', attributes: {} });
    expect((await post(w)).json()).toMatchObject({ result: 'ignored' });
  });

  it('the sandbox webhook route is closed while PayMongo is the gateway', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PayMongo expiry', () => {
  it('sessions of checkouts our window expired are expired at PayMongo too', async () => {
    const checkout = await insertGatewayCheckout(t.app, { expiresAt: new Date(Date.now() + 60_000) });
    const { providerReference } = await startGatewayPayment(t.app, gatewayInput(checkout));
    expect(fake.sessions.get(providerReference)).toBe('active');
    const expired = await expireOverdue(t.app.db, new Date(Date.now() + 120_000), { checkoutId: checkout.checkoutId });
    expect(expired).toEqual([checkout.checkoutId]);
    await closeExpiredSessions(t.app, expired);
    expect(fake.sessions.get(providerReference)).toBe('expired');
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe(`/v1/checkout_sessions/${providerReference}/expire`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`);
    // A failure at the gateway is logged, not thrown.
    const down = new PaymongoGateway({ apiUrl: 'http://127.0.0.1:9', secretKey, webhookSecret, toleranceSeconds: 300 });
    await expect(closeExpiredSessions(t.app, expired, down)).resolves.toBeUndefined();
  });
});
