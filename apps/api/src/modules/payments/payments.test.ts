import { eq, like } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTransactions, mailOutbox, payments, stockMovements } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expireOverdue, settleCheckoutPaid, settleCheckoutUnpaid } from '../orders/index.ts';
import { paymentsModule, startGatewayPayment } from './index.ts';
import { type SandboxEventType, signedSandboxWebhook } from './sandbox-gateway.ts';
import { hmacHex } from './signatures.ts';
import { type GatewayCheckout, gatewayInput, insertGatewayCheckout, stateOf } from './test/fixtures.ts';

let t: TestApp;
const secret = 'test-sandbox-secret-0123456789';

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_GATEWAY_SECRET: secret, PUBLIC_URL: 'http://shop.test' });
});
afterAll(async () => {
  await t?.close();
});

/** A placed checkout whose sandbox session is open. */
async function startedCheckout(options: Parameters<typeof insertGatewayCheckout>[1] = {}) {
  const checkout = await insertGatewayCheckout(t.app, options);
  const started = await startGatewayPayment(t.app, gatewayInput(checkout));
  return { checkout, started };
}

function webhook(body: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/sandbox', headers, payload: body });
}

function sandboxEvent(
  session: { session_id: string; reference: string; amount: number },
  type: SandboxEventType,
  now?: Date,
) {
  return signedSandboxWebhook(secret, session, type, now);
}

function sessionOf(checkout: GatewayCheckout, started: { providerReference: string }) {
  return { session_id: started.providerReference, reference: checkout.references.join(', '), amount: checkout.amount };
}

describe('startGatewayPayment (sandbox)', () => {
  it('records the session on the payment and returns the hosted page', async () => {
    const { checkout, started } = await startedCheckout();
    expect(started.paymentUrl).toBe(`http://shop.test/sandbox-gateway/${started.providerReference}`);
    expect(started.providerReference).toMatch(/^sbx_[A-Za-z0-9_-]{32}$/);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.id, checkout.paymentId));
    expect(payment).toMatchObject({
      provider: 'sandbox',
      providerReference: started.providerReference,
      paymentUrl: started.paymentUrl,
      status: 'pending',
    });
    // The session lasts as long as the orders' payment window.
    expect(Math.abs(payment!.expiresAt!.getTime() - started.expiresAt.getTime())).toBeLessThan(1000);
    expect(started.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('gives every session a different, unguessable id', async () => {
    const a = await startedCheckout();
    const b = await startedCheckout();
    expect(a.started.providerReference).not.toBe(b.started.providerReference);
  });
});

describe('sandbox webhooks', () => {
  it('a paid event verifies the orders and marks the payment paid; stock stays taken', async () => {
    const { checkout, started } = await startedCheckout();
    const before = await stateOf(t.app, checkout);
    expect(before.stock).toEqual([7, 7]);
    const event = sandboxEvent(sessionOf(checkout, started), 'payment.paid');
    const res = await webhook(event.body, event.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, result: 'settled' });
    const after = await stateOf(t.app, checkout);
    expect(after.orders).toEqual(['Verified', 'Verified']);
    expect(after.verified).toEqual([true, true]);
    expect(after.payment).toBe('paid');
    expect(after.paidAt).toBe(true);
    expect(after.stock).toEqual([7, 7]);
    expect(after.voucherUsed).toBe(1);
    expect(after.orderEvents).toBe(before.orderEvents + 2);
  });

  it('a replayed event answers 200 and changes nothing', async () => {
    const { checkout, started } = await startedCheckout();
    const event = sandboxEvent(sessionOf(checkout, started), 'payment.cancelled');
    expect((await webhook(event.body, event.headers)).json()).toMatchObject({ result: 'settled' });
    const once = await stateOf(t.app, checkout);
    const replay = await webhook(event.body, event.headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ received: true, result: 'duplicate' });
    expect(await stateOf(t.app, checkout)).toEqual(once);
  });

  it('the same event delivered five times at once settles the checkout once', async () => {
    const { checkout, started } = await startedCheckout();
    const event = sandboxEvent(sessionOf(checkout, started), 'payment.failed');
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(event.body, event.headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json().result).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'settled',
    ]);
    expect(await stateOf(t.app, checkout)).toMatchObject({ stock: [10, 10], voucherUsed: 0, payment: 'failed' });
  });

  it('verifies a webhook sent over real HTTP, as an outside gateway sends it', async () => {
    const { checkout, started } = await startedCheckout();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const event = sandboxEvent(sessionOf(checkout, started), 'payment.paid');
    const url = `${address}/api/v1/payments/webhooks/sandbox`;
    // Same bytes, one space added: the signature no longer matches.
    const tampered = await fetch(url, { method: 'POST', headers: event.headers, body: `${event.body} ` });
    expect(tampered.status).toBe(401);
    const noType = await fetch(url, {
      method: 'POST',
      headers: { 'sandbox-signature': event.headers['sandbox-signature']! },
      body: event.body,
    });
    expect(noType.status).toBe(200);
    expect(await noType.json()).toMatchObject({ result: 'settled' });
    expect((await stateOf(t.app, checkout)).orders).toEqual(['Verified', 'Verified']);
  });

  it('refuses a forged signature, a missing signature and a wrong secret with 401, changing nothing', async () => {
    const { checkout, started } = await startedCheckout();
    const before = await stateOf(t.app, checkout);
    const event = sandboxEvent(sessionOf(checkout, started), 'payment.paid');
    const ts = Math.floor(Date.now() / 1000);
    const tampered = event.body.replace(`"amount":${checkout.amount}`, `"amount":${checkout.amount + 1}`);
    const cases: Array<{ body: string; headers: Record<string, string> }> = [
      // Signature of the original body on a changed body.
      { body: tampered, headers: event.headers },
      { body: event.body, headers: { 'content-type': 'application/json' } },
      {
        body: event.body,
        headers: {
          'content-type': 'application/json',
          'sandbox-signature': `t=${ts},v1=${hmacHex('not-the-secret-at-all', ts, event.body)}`,
        },
      },
      { body: event.body, headers: { 'content-type': 'application/json', 'sandbox-signature': `t=${ts},v1=zz` } },
      { body: event.body, headers: { 'content-type': 'application/json', 'sandbox-signature': 'garbage' } },
    ];
    for (const c of cases) {
      const res = await webhook(c.body, c.headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(await stateOf(t.app, checkout)).toEqual(before);
  });

  it('refuses a stale (or far-future) timestamp with 400, changing nothing', async () => {
    const { checkout, started } = await startedCheckout();
    const before = await stateOf(t.app, checkout);
    const stale = sandboxEvent(sessionOf(checkout, started), 'payment.paid', new Date(Date.now() - 301_000));
    const res = await webhook(stale.body, stale.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/timestamp/);
    const future = sandboxEvent(sessionOf(checkout, started), 'payment.paid', new Date(Date.now() + 3_600_000));
    expect((await webhook(future.body, future.headers)).statusCode).toBe(400);
    expect(await stateOf(t.app, checkout)).toEqual(before);
    // A fresh one within tolerance is accepted.
    const recent = sandboxEvent(sessionOf(checkout, started), 'payment.paid', new Date(Date.now() - 60_000));
    expect((await webhook(recent.body, recent.headers)).json()).toMatchObject({ result: 'settled' });
  });

  it('refuses a signed body that is not an event with 400', async () => {
    const ts = Math.floor(Date.now() / 1000);
    for (const body of ['not json', '{"id":"evt_1","type":"payment.refunded","data":{}}']) {
      const res = await webhook(body, {
        'content-type': 'application/json',
        'sandbox-signature': `t=${ts},v1=${hmacHex(secret, ts, body)}`,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('acknowledges an event for an unknown session without changing anything', async () => {
    const event = sandboxEvent({ session_id: 'sbx_unknown', reference: 'ORD1', amount: 100 }, 'payment.paid');
    const res = await webhook(event.body, event.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'ignored', detail: 'unknown session' });
  });

  it('does not verify orders when the paid amount differs from the payment', async () => {
    const { checkout, started } = await startedCheckout();
    const before = await stateOf(t.app, checkout);
    const event = sandboxEvent({ ...sessionOf(checkout, started), amount: checkout.amount - 100 }, 'payment.paid');
    expect((await webhook(event.body, event.headers)).json()).toMatchObject({ result: 'ignored' });
    expect(await stateOf(t.app, checkout)).toEqual(before);
  });

  for (const [type, orderStatus, paymentStatus] of [
    ['payment.failed', 'Payment Failed', 'failed'],
    ['payment.cancelled', 'Cancelled', 'cancelled'],
    ['payment.expired', 'Payment Expired', 'expired'],
  ] as const) {
    it(`${type}: orders ${orderStatus}, stock released, voucher and credit given back`, async () => {
      const { checkout, started } = await startedCheckout({ withCredit: true });
      const before = await stateOf(t.app, checkout);
      expect(before).toMatchObject({ stock: [7, 7], voucherUsed: 1, redemptions: 1, creditBalance: 960_000 });
      const event = sandboxEvent(sessionOf(checkout, started), type);
      expect((await webhook(event.body, event.headers)).json()).toMatchObject({ result: 'settled' });
      const after = await stateOf(t.app, checkout);
      expect(after).toMatchObject({
        orders: [orderStatus, orderStatus],
        cancelled: [true, true],
        payment: paymentStatus,
        paidAt: false,
        stock: [10, 10],
        voucherUsed: 0,
        redemptions: 0,
        creditBalance: 1_000_000,
        creditUsed: 0,
        orderEvents: before.orderEvents + 2,
        stockMovements: before.stockMovements + 2,
      });
      const releases = await t.app.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.reference, checkout.references[0]!));
      expect(releases.map((m) => [m.kind, m.quantity])).toEqual([
        ['commit', -3],
        ['release', 3],
      ]);
      // A payment arriving afterwards buys nothing back: it is owed to the buyer (refund due), who is told so.
      const late = sandboxEvent(sessionOf(checkout, started), 'payment.paid');
      expect((await webhook(late.body, late.headers)).json()).toMatchObject({
        result: 'settled',
        detail: 'refund due',
      });
      expect(await stateOf(t.app, checkout)).toEqual({ ...after, payment: 'refund_due', paidAt: true });
      const [mail] = await t.app.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.subject, `Your payment for ${checkout.references[0]} will be refunded`));
      expect(mail?.text).toContain('will refund');
      // Its replay is a duplicate, and another paid event for the same session changes nothing more.
      expect((await webhook(late.body, late.headers)).json()).toMatchObject({ result: 'duplicate' });
      const again = sandboxEvent(sessionOf(checkout, started), 'payment.paid');
      expect((await webhook(again.body, again.headers)).json()).toMatchObject({ result: 'unchanged' });
      expect(await stateOf(t.app, checkout)).toEqual({ ...after, payment: 'refund_due', paidAt: true });
    });
  }
});

describe('settlement functions', () => {
  it('settleCheckoutUnpaid twice changes the checkout once', async () => {
    const checkout = await insertGatewayCheckout(t.app, { withCredit: true });
    await settleCheckoutUnpaid(t.app.db, checkout.checkoutId, 'Cancelled', 'buyer cancelled');
    const once = await stateOf(t.app, checkout);
    await settleCheckoutUnpaid(t.app.db, checkout.checkoutId, 'Cancelled', 'buyer cancelled');
    await settleCheckoutUnpaid(t.app.db, checkout.checkoutId, 'Payment Expired', 'again');
    await settleCheckoutPaid(t.app.db, checkout.checkoutId, 'late');
    expect(await stateOf(t.app, checkout)).toEqual(once);
    expect(once).toMatchObject({ orders: ['Cancelled', 'Cancelled'], stock: [10, 10], creditBalance: 1_000_000 });
    const credits = await t.app.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.creditLineId, checkout.creditLineId!));
    expect(credits.map((c) => c.amount)).toEqual([-40_000, 40_000]);
  });

  it('settleCheckoutPaid twice verifies once', async () => {
    const checkout = await insertGatewayCheckout(t.app);
    await settleCheckoutPaid(t.app.db, checkout.checkoutId, 'paid');
    const once = await stateOf(t.app, checkout);
    await settleCheckoutPaid(t.app.db, checkout.checkoutId, 'paid');
    await settleCheckoutUnpaid(t.app.db, checkout.checkoutId, 'Payment Failed', 'late failure');
    expect(await stateOf(t.app, checkout)).toEqual(once);
    expect(once).toMatchObject({ orders: ['Verified', 'Verified'], payment: 'paid', stock: [7, 7], voucherUsed: 1 });
  });

  it('concurrent paid and expired settle the checkout exactly one way', async () => {
    for (let round = 0; round < 8; round += 1) {
      const checkout = await insertGatewayCheckout(t.app);
      await Promise.all([
        settleCheckoutPaid(t.app.db, checkout.checkoutId, 'paid'),
        settleCheckoutUnpaid(t.app.db, checkout.checkoutId, 'Payment Expired', 'expired'),
        settleCheckoutUnpaid(t.app.db, checkout.checkoutId, 'Payment Expired', 'expired'),
      ]);
      const state = await stateOf(t.app, checkout);
      if (state.payment === 'paid') {
        expect(state).toMatchObject({ orders: ['Verified', 'Verified'], stock: [7, 7], voucherUsed: 1 });
      } else {
        expect(state).toMatchObject({
          orders: ['Payment Expired', 'Payment Expired'],
          payment: 'expired',
          stock: [10, 10],
          voucherUsed: 0,
        });
      }
    }
  });
});

describe('expiry', () => {
  it('expireOverdue expires unpaid gateway orders past their window and releases their stock', async () => {
    const soon = new Date(Date.now() + 10 * 60_000);
    const overdue = await insertGatewayCheckout(t.app, { expiresAt: soon });
    const later = await insertGatewayCheckout(t.app, { expiresAt: new Date(Date.now() + 60 * 60_000) });
    expect(await expireOverdue(t.app.db, new Date())).not.toContain(overdue.checkoutId);
    const expired = await expireOverdue(t.app.db, new Date(soon.getTime() + 1000));
    expect(expired).toContain(overdue.checkoutId);
    expect(expired).not.toContain(later.checkoutId);
    expect(await stateOf(t.app, overdue)).toMatchObject({
      orders: ['Payment Expired', 'Payment Expired'],
      payment: 'expired',
      stock: [10, 10],
      voucherUsed: 0,
    });
    expect((await stateOf(t.app, later)).orders).toEqual(['Pending', 'Pending']);
    // Limited to one checkout (what the order status route asks before answering).
    const other = await insertGatewayCheckout(t.app, { expiresAt: soon });
    const late = new Date(soon.getTime() + 1000);
    expect(await expireOverdue(t.app.db, late, { checkoutId: later.checkoutId })).toEqual([]);
    expect(await expireOverdue(t.app.db, late, { checkoutId: other.checkoutId })).toEqual([other.checkoutId]);
    // Nothing left to expire at that moment.
    expect(await expireOverdue(t.app.db, new Date(soon.getTime() + 1000))).not.toContain(overdue.checkoutId);
  });
});

describe('expiry sweep', () => {
  it('runs every PAYMENT_SWEEP_SECONDS once the app is ready and stops when it closes', async () => {
    const checkout = await insertGatewayCheckout(t.app, { expiresAt: new Date(Date.now() - 1000) });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', { ...t.app.config, PAYMENT_SWEEP_SECONDS: 1 });
    app.decorate('db', t.app.db);
    app.decorate('paymentGateway', t.app.paymentGateway);
    await app.register(paymentsModule);
    await app.ready();
    let state = await stateOf(t.app, checkout);
    for (let i = 0; i < 200 && state.orders[0] === 'Pending'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await stateOf(t.app, checkout);
    }
    await app.close();
    expect(state).toMatchObject({
      orders: ['Payment Expired', 'Payment Expired'],
      payment: 'expired',
      stock: [10, 10],
    });
  });
});
