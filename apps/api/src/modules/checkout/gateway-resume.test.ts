import { messages, placeOrderRequest } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders, payments } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { buyerWithCart, delivery, placeOrder, stockOf } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { computeCheckout } from './checkout.service.ts';
import { newClaim, releaseClaim } from './gateway-start.ts';
import { requestHash } from './idempotency.ts';
import { writeCheckout } from './write-checkout.ts';

/**
 * A request that dies between the checkout's commit and the gateway start (a crash, a restart) leaves its checkout
 * without an answer. The retry with the same Idempotency-Key finishes the start at once instead of answering
 * 'still being placed' until the payment window closes.
 */
const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let product: number;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 2, 'CEMENT');
  const seller = await insertSeller(t.app);
  product = (await insertProduct(t.app, { sellerId: seller.id, categoryId: 2, name: 'Cement', stock: 50 })).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

/** Exactly what POST /checkout commits for a gateway order before it opens the hosted page; nothing after. */
async function committedThenDied(key: string, claim: { token: string; until: Date }) {
  const b = await buyerWithCart(t.app, [{ productId: product, quantity: 2 }]);
  const data = {
    cart_item_ids: b.cartItemIds,
    ...delivery('pickup'),
    payment_method: 'online',
    payment_channel: 'gcash',
  };
  const input = placeOrderRequest.parse(data);
  const computed = await computeCheckout(t.app.db, t.app.couriers, b.user.id, input, new Date());
  const placed = await t.app.db.transaction((tx) =>
    writeCheckout(tx, {
      config: t.app.config,
      user: { id: b.user.id, role: 'buyer', actingAgentId: null, sessionId: 'test-session', agentSessionId: null },
      idempotencyKey: key,
      hash: requestHash(input, {}),
      input,
      channel: 'gcash',
      computed,
      isGateway: true,
      proofUrl: null,
      poUrl: null,
      gatewayClaim: claim,
    }),
  );
  return { b, data, placed };
}

describe('a retry after the request died between the commit and the gateway start', () => {
  it('opens the hosted page at once and answers like the first request would have', async () => {
    // The request belonged to a process that is gone; its claim would still hold for 30 s on PostgreSQL.
    const gone = { token: 'a-process-that-died:0', until: new Date(Date.now() - 1000) };
    const { b, data, placed } = await committedThenDied('resume-1', gone);
    expect(await stockOf(t.app, product)).toBe(48);

    const started = Date.now();
    const retry = await placeOrder(t.app, b.headers, data, { key: 'resume-1' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const body = retry.json();
    expect(body.checkout_id).toBe(placed.checkoutId);
    expect(body.payment.payment_url).toMatch(/\/sandbox-gateway\//);
    expect(body.orders.map((order: { status: string }) => order.status)).toEqual(['Pending']);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.checkoutId, placed.checkoutId));
    expect(payment!.paymentUrl).toBe(body.payment.payment_url);

    // One set of orders; a third PAY replays the same answer.
    expect(await t.app.db.select().from(orders).where(eq(orders.customerId, b.user.id))).toHaveLength(1);
    const again = await placeOrder(t.app, b.headers, data, { key: 'resume-1' });
    expect(again.json()).toEqual(body);
    expect(await stockOf(t.app, product)).toBe(48);
  });

  it('a request of this process that ended without an answer is resumed at once, even within its claim', async () => {
    const claim = newClaim();
    const { b, data } = await committedThenDied('resume-2', claim);
    // The request ended (an error after the commit) without storing its answer: its claim is no longer running.
    releaseClaim(claim.token);
    const retry = await placeOrder(t.app, b.headers, data, { key: 'resume-2' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payment.payment_url).toMatch(/\/sandbox-gateway\//);
  });

  it('leaves a start that is still running to its request: 409 meanwhile, resumed once it ended', async () => {
    const claim = newClaim();
    const { b, data } = await committedThenDied('resume-5', claim);
    const meanwhile = await placeOrder(t.app, b.headers, data, { key: 'resume-5' });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error.message).toBe(messages.checkoutInProgress);
    releaseClaim(claim.token);
    const after = await placeOrder(t.app, b.headers, data, { key: 'resume-5' });
    expect(after.statusCode, after.body).toBe(200);
  }, 60_000);

  it('a session already opened is answered as it is; a checkout that ended meanwhile frees the key', async () => {
    const gone = { token: 'a-process-that-died:1', until: new Date(Date.now() - 1000) };
    const opened = await committedThenDied('resume-3', gone);
    await t.app.db
      .update(payments)
      .set({ provider: 'sandbox', providerReference: 'sess_1', paymentUrl: 'https://pay.example/sess_1' })
      .where(eq(payments.checkoutId, opened.placed.checkoutId));
    const retry = await placeOrder(t.app, opened.b.headers, opened.data, { key: 'resume-3' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payment.payment_url).toBe('https://pay.example/sess_1');

    const ended = await committedThenDied('resume-4', { ...gone, token: 'a-process-that-died:2' });
    await t.app.db.update(payments).set({ status: 'expired' }).where(eq(payments.checkoutId, ended.placed.checkoutId));
    const late = await placeOrder(t.app, ended.b.headers, ended.data, { key: 'resume-4' });
    expect(late.statusCode).toBe(502);
    expect(late.json().error.message).toBe(messages.paymentGatewayError);
    const [row] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, ended.placed.checkoutId));
    expect(row!.idempotencyKey).toBe(`resume-4:failed:${ended.placed.checkoutId}`);
    // The key is free again: PAY places the (restored) cart afresh.
    const fresh = await placeOrder(t.app, ended.b.headers, ended.data, { key: 'resume-4' });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().checkout_id).not.toBe(ended.placed.checkoutId);
  });
});
