import { bankTransferPayee, manilaToday, messages } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, creditLines, orderItems, orders, payments } from '../../db/schema/index.ts';
import { createUser, mailsTo } from '../../test/factories.ts';
import {
  addCartLine,
  buyerWithCart,
  countRows,
  delivery,
  insertCreditLine,
  placeOrder,
  pngBytes,
  stockOf,
} from '../../test/orders-support.ts';
import { cement, nails, post, sellerA, setUpCheckout, t } from './test/checkout-world.ts';

/** PAY with each payment method (spec 2 §5). */
setUpCheckout();

describe('place order', () => {
  it('COD: one order per seller, stock taken, cart emptied, events, payment, email, agent code', async () => {
    const agent = await createUser(t.app, { role: 'agent', agentCode: 'AG-CHK-1' });
    const b = await buyerWithCart(
      t.app,
      [
        { productId: cement, quantity: 2 },
        { productId: nails, quantity: 3 },
      ],
      { agentId: agent.id },
    );
    const cementBefore = await stockOf(t.app, cement);
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('standard'),
      payment_method: 'cod',
      order_instructions: 'Call before delivery',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orders).toHaveLength(2);
    for (const order of body.orders) expect(order.reference).toMatch(/^ORD\d{14}$/);
    expect(body.payment).toMatchObject({ method: 'cod', status: 'pending', payment_url: null, instructions: [] });
    expect(body.fees.grand_total).toBe(body.orders.reduce((s: number, o: { total: number }) => s + o.total, 0));
    expect(await stockOf(t.app, cement)).toBe(cementBefore - 2);
    expect(await countRows(t.app, 'cart_items', sql`customer_id = ${b.user.id}`)).toBe(0);
    const rows = await t.app.db.select().from(orders).where(eq(orders.customerId, b.user.id));
    expect(rows.every((o) => o.agentCode === 'AG-CHK-1' && o.billingEmail === b.user.email)).toBe(true);
    expect(rows.every((o) => o.status === 'Pending' && o.fulfilmentType === 'order_fulfilment')).toBe(true);
    const day = manilaToday().replaceAll('-', '');
    // ORD, the Manila day, then six digits that do not follow from the order's id (or the previous reference).
    for (const o of rows) {
      expect(o.reference.slice(0, 11)).toBe(`ORD${day}`);
      expect(o.reference).not.toBe(`ORD${day}${String(o.id % 1_000_000).padStart(6, '0')}`);
    }
    const items = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, rows[0]!.id));
    expect(items[0]).toMatchObject({ productName: expect.any(String), unitPrice: expect.any(Number) });
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.checkoutId, body.checkout_id));
    expect(payment).toMatchObject({ provider: 'offline', status: 'pending', amount: body.fees.grand_total });
    expect(await countRows(t.app, 'order_events', sql`order_id = ${rows[0]!.id}`)).toBe(1);
    const mails = await mailsTo(t.app, b.user.email);
    expect(mails[0]!.subject).toContain(body.orders[0].reference);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${body.orders[0].reference}/status`,
      headers: b.headers,
    });
    expect(status.json()).toEqual({ reference: body.orders[0].reference, status: 'Pending' });
    const fallback = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkouts/by-reference/${body.orders[1].reference}`,
      headers: b.headers,
    });
    expect(fallback.json()).toEqual(body);

    // Another buyer can read neither.
    const other = await buyerWithCart(t.app, []);
    for (const url of [
      `/orders/${body.orders[0].reference}/status`,
      `/checkouts/by-reference/${body.orders[0].reference}`,
    ]) {
      const res2 = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: other.headers });
      expect(res2.statusCode).toBe(404);
    }
  });

  it('Bank Transfer needs an image proof; it is re-encoded and stored; instructions name the payee', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const data = { cart_item_ids: b.cartItemIds, ...delivery('pickup'), payment_method: 'bank_transfer' };
    const missing = await placeOrder(t.app, b.headers, data);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(messages.proofOfPaymentRequired);
    const notImage = await placeOrder(t.app, b.headers, data, {
      files: { proof_of_payment: { bytes: Buffer.from('%PDF-1.4 not an image'), type: 'image/png' } },
    });
    expect(notImage.statusCode).toBe(415);
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(0);
    const ok = await placeOrder(t.app, b.headers, data, {
      files: { proof_of_payment: { bytes: await pngBytes() }, po_attachment: { bytes: await pngBytes() } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().payment.instructions.join('\n')).toContain(bankTransferPayee.accountNumber);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.customerId, b.user.id));
    expect(order!.proofOfPaymentUrl).toMatch(/^\/uploads\/checkout\/\d+\/proof-.*\.webp$/);
    expect(order!.purchaseOrderUrl).toMatch(/\.webp$/);
    const stored = await t.app.storage.read(order!.proofOfPaymentUrl!.replace('/uploads/', ''));
    expect(stored!.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('refuses unknown multipart fields, non-image and oversized files', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const data = { cart_item_ids: b.cartItemIds, ...delivery('pickup'), payment_method: 'bank_transfer' };
    const unknown = await placeOrder(t.app, b.headers, data, {
      files: { proof_of_payment: { bytes: await pngBytes() }, virus: { bytes: Buffer.from('MZ') } },
    });
    expect(unknown.statusCode).toBe(400);
    const gif = await placeOrder(t.app, b.headers, data, {
      files: { proof_of_payment: { bytes: Buffer.from('GIF89a-not-accepted'), type: 'image/gif' } },
    });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error.message).toBe(messages.imageInvalid);
    const huge = await placeOrder(t.app, b.headers, data, {
      files: { proof_of_payment: { bytes: Buffer.concat([await pngBytes(), Buffer.alloc(4 * 1024 * 1024)]) } },
    });
    expect(huge.statusCode).toBe(413);
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(0);
    expect(await countRows(t.app, 'cart_items', sql`customer_id = ${b.user.id}`)).toBe(1);
  });

  it('over the counter: limits, and steps with the reference', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'palawan_express',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment.instructions.join(' ')).toContain(res.json().orders[0].reference);
    const big = await buyerWithCart(t.app, [{ productId: cement, quantity: 100 }]);
    const refused = await placeOrder(t.app, big.headers, {
      cart_item_ids: big.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'palawan_express',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(messages.paymentMethodUnavailable);
  });

  it('Build Credit: verified at once, balance and used change, a transaction per order; not when short', async () => {
    const b = await buyerWithCart(t.app, [
      { productId: cement, quantity: 1 },
      { productId: nails, quantity: 1 },
    ]);
    const line = await insertCreditLine(t.app, { customerId: b.user.id, kind: 'buildcredit', balance: 1_000_000 });
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'build_credit',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payment.status).toBe('paid');
    expect(body.orders.every((o: { status: string }) => o.status === 'Verified')).toBe(true);
    const [after] = await t.app.db.select().from(creditLines).where(eq(creditLines.id, line.id));
    expect(after!.balance).toBe(1_000_000 - 29_000);
    expect(after!.used).toBe(29_000);
    expect(await countRows(t.app, 'credit_transactions', sql`credit_line_id = ${line.id}`)).toBe(2);

    const poor = await buyerWithCart(t.app, [{ productId: cement, quantity: 1 }]);
    await insertCreditLine(t.app, { customerId: poor.user.id, kind: 'buildcredit', balance: 100 });
    const refused = await placeOrder(t.app, poor.headers, {
      cart_item_ids: poor.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'build_credit',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(messages.paymentMethodUnavailable);
  });

  it('Hardware Credit pays only a checkout with that seller; Yield needs ₱1,000', async () => {
    const b = await buyerWithCart(t.app, [{ productId: cement, quantity: 1 }]);
    await insertCreditLine(t.app, {
      customerId: b.user.id,
      kind: 'hardware',
      balance: 5_000_000,
      sellerId: sellerA.id,
    });
    await insertCreditLine(t.app, { customerId: b.user.id, kind: 'yield', balance: 5_000_000, sellerId: sellerA.id });
    const preview = await post(b.headers, '/checkout/preview', { cart_item_ids: b.cartItemIds, ...delivery('pickup') });
    const methods = Object.fromEntries(
      preview.json().payment_methods.map((m: { code: string; available: boolean }) => [m.code, m.available]),
    );
    expect(methods.hardware_credit).toBe(true);
    expect(methods.yield).toBe(false); // ₱240 < ₱1,000
    await addCartLine(t.app, b.user.id, nails, 1);
    const ids = (
      await t.app.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.customerId, b.user.id))
    ).map((r) => r.id);
    const mixed = await post(b.headers, '/checkout/preview', { cart_item_ids: ids, ...delivery('pickup') });
    expect(mixed.json().credit.hardware_credit).toBeNull();
    const ok = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'hardware_credit',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('card and online: billing and channel rules; the gateway page; orders pending with an expiry', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const base = { cart_item_ids: b.cartItemIds, ...delivery('pickup') };
    const noChannel = await placeOrder(t.app, b.headers, { ...base, payment_method: 'online' });
    expect(noChannel.json().error.message).toBe(messages.choosePaymentChannel);
    const badChannel = await placeOrder(t.app, b.headers, {
      ...base,
      payment_method: 'online',
      payment_channel: 'bitcoin',
    });
    expect(badChannel.json().error.message).toBe(messages.choosePaymentChannel);
    const noBilling = await placeOrder(t.app, b.headers, { ...base, payment_method: 'card' });
    expect(noBilling.json().error.message).toBe(messages.cardFirstName);
    const partial = await placeOrder(t.app, b.headers, {
      ...base,
      payment_method: 'card',
      card_billing: {
        firstName: 'Juan',
        lastName: 'Cruz',
        billingAddress: '1 Road',
        billingCity: 'Manila',
        billingZip: '',
      },
    });
    expect(partial.json().error.message).toBe(messages.cardBillingZip);
    const ok = await placeOrder(t.app, b.headers, { ...base, payment_method: 'online', payment_channel: 'gcash' });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.payment.payment_url).toMatch(/sandbox-gateway/);
    expect(body.payment.status).toBe('pending');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.customerId, b.user.id));
    expect(order!.paymentExpiresAt).not.toBeNull();
    const fallback = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkouts/by-reference/${order!.reference}`,
      headers: b.headers,
    });
    expect(fallback.json().payment.payment_url).toBe(body.payment.payment_url);
  });
});
