import { messages } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkouts, creditLines, orders, products, vouchers } from '../../db/schema/index.ts';
import { bearer, createUser, tokenFor } from '../../test/factories.ts';
import {
  buyerWithCart,
  countRows,
  delivery,
  insertCreditLine,
  insertVoucher,
  placeOrder,
  stockOf,
} from '../../test/orders-support.ts';
import { nails, scarce, setUpCheckout, t } from './test/checkout-world.ts';

/** PAY's rules: payment windows, the Idempotency-Key, what the client may not set, stock and ownership. */
setUpCheckout();

describe('place order', () => {
  it('an unpaid gateway order past its window reads as Payment Expired and its stock comes back', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 4 }]);
    const before = await stockOf(t.app, nails);
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'online',
      payment_channel: 'paymaya',
    });
    expect(res.statusCode).toBe(200);
    const reference = res.json().orders[0].reference;
    expect(await stockOf(t.app, nails)).toBe(before - 4);
    await t.app.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.reference, reference));
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${reference}/status`, headers: b.headers });
    expect(status.json()).toEqual({ reference, status: 'Payment Expired' });
    expect(await stockOf(t.app, nails)).toBe(before);
  });

  it('a repeated Idempotency-Key gives one order; a different request with it is refused', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 2 }]);
    const data = { cart_item_ids: b.cartItemIds, ...delivery('pickup'), payment_method: 'cod' };
    const key = 'repeat-key-0001';
    const first = await placeOrder(t.app, b.headers, data, { key });
    const second = await placeOrder(t.app, b.headers, data, { key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(1);
    const changed = await placeOrder(t.app, b.headers, { ...data, order_instructions: 'different' }, { key });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.message).toBe(messages.idempotencyKeyReused);
    const none = await placeOrder(t.app, b.headers, data, { key: null });
    expect(none.statusCode).toBe(400);
    // The same key of another customer is another checkout.
    const c = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const theirs = await placeOrder(t.app, c.headers, { ...data, cart_item_ids: c.cartItemIds }, { key });
    expect(theirs.statusCode).toBe(200);
  });

  it('rejects a client price, total, fee or discount, unknown fields and files', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const base = { cart_item_ids: b.cartItemIds, ...delivery('pickup'), payment_method: 'cod' };
    for (const extra of [
      { grand_total: 1 },
      { shipping_fee: 0 },
      { voucher_discount: 100 },
      { item_price: 1 },
      { quantity: 5 },
      { quantities: { 1: 5 } },
    ]) {
      const res = await placeOrder(t.app, b.headers, { ...base, ...extra });
      expect(res.statusCode).toBe(400);
    }
    const notJson = await placeOrder(t.app, b.headers, 'not json');
    expect(notJson.statusCode).toBe(400);
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(0);
  });

  it("another buyer's cart line cannot be bought", async () => {
    const owner = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const thief = await buyerWithCart(t.app, []);
    const res = await placeOrder(t.app, thief.headers, {
      cart_item_ids: owner.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'cod',
    });
    expect(res.statusCode).toBe(404);
    expect(await countRows(t.app, 'cart_items', sql`id = ${owner.cartItemIds[0]!}`)).toBe(1);
  });

  it('a line that became short before paying is refused with nothing written', async () => {
    const voucher = await insertVoucher(t.app, { code: 'ROLLBACK', amount: 100, usageLimit: 5 });
    const b = await buyerWithCart(t.app, [
      { productId: nails, quantity: 1 },
      { productId: scarce, quantity: 2 },
    ]);
    const line = await insertCreditLine(t.app, { customerId: b.user.id, kind: 'buildcredit', balance: 1_000_000 });
    // The stock drops after the cart was priced (another buyer took it): the second line is short in the transaction.
    const nailsBefore = await stockOf(t.app, nails);
    await t.app.db.update(products).set({ stock: 1 }).where(eq(products.id, scarce));
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'build_credit',
      voucher_code: 'ROLLBACK',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(messages.outOfStockAtCheckout.replace('{name}', 'Rare tiles'));
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(0);
    expect(await countRows(t.app, 'checkouts', sql`customer_id = ${b.user.id}`)).toBe(0);
    expect(await stockOf(t.app, nails)).toBe(nailsBefore);
    const [v] = await t.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(v!.usedCount).toBe(0);
    const [after] = await t.app.db.select().from(creditLines).where(eq(creditLines.id, line.id));
    expect(after!.balance).toBe(1_000_000);
    expect(await countRows(t.app, 'credit_transactions', sql`credit_line_id = ${line.id}`)).toBe(0);
    expect(await countRows(t.app, 'cart_items', sql`customer_id = ${b.user.id}`)).toBe(2);
    await t.app.db.update(products).set({ stock: 2 }).where(eq(products.id, scarce));
  });

  it('an agent acting for a customer is recorded on the checkout', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }], { agentId: agent.id });
    const headers = bearer(await tokenFor(t.app, b.user, { actingAgentId: agent.id }));
    const res = await placeOrder(t.app, headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'cod',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, res.json().checkout_id));
    expect(row!.actorUserId).toBe(agent.id);
    expect(await countRows(t.app, 'audit_log', sql`actor_user_id = ${agent.id} and path = '/api/v1/checkout'`)).toBe(1);
  });

  it('order status refuses malformed references', async () => {
    const b = await buyerWithCart(t.app, []);
    for (const ref of ['ORD1', 'x'.repeat(39), 'ORD0000000000000%27']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${ref}/status`, headers: b.headers });
      expect(res.statusCode).toBe(404);
    }
  });
});
