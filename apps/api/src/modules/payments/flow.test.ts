import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, products } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller, places } from '../../test/catalog-fixtures.ts';
import { mailsTo } from '../../test/factories.ts';
import { buyerWithCart, delivery, placeOrder } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The whole gateway path through the real routes: PAY with Online Payment -> the sandbox page -> a button ->
 * the signed webhook -> the order status the result page polls.
 */

let t: TestApp;
let cement: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://shop.test' });
  await insertCategory(t.app, 2, 'CEMENT');
  const seller = await insertSeller(t.app, { name: 'Alpha Hardware', at: places.manila });
  cement = (
    await insertProduct(t.app, {
      sellerId: seller.id,
      categoryId: 2,
      name: 'Portland Cement',
      price: 25_000,
      stock: 50,
    })
  ).id;
}, 300_000);
afterAll(async () => {
  await t?.close();
}, 300_000);

async function stock() {
  const [row] = await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, cement));
  return row!.stock;
}

async function placeOnline() {
  const buyer = await buyerWithCart(t.app, [{ productId: cement, quantity: 4 }]);
  const res = await placeOrder(t.app, buyer.headers, {
    cart_item_ids: buyer.cartItemIds,
    ...delivery('pickup'),
    payment_method: 'online',
    payment_channel: 'gcash',
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const reference: string = body.orders[0].reference;
  const path = new URL(body.payment.payment_url).pathname;
  const status = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${reference}/status`, headers: buyer.headers })).json()
      .status;
  const cart = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: buyer.headers })).json() as {
      cart: { quantity: number }[];
    };
  return { path, reference, status, cart, checkoutId: body.checkout_id as number, email: buyer.user.email };
}

function press(path: string, action: string) {
  return t.app.inject({
    method: 'POST',
    url: `${path}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

describe('gateway checkout, end to end', () => {
  it('Pay on the sandbox page verifies the order', async () => {
    const before = await stock();
    const order = await placeOnline();
    expect(await stock()).toBe(before - 4);
    expect(await order.status()).toBe('Pending');
    const page = await t.app.inject({ method: 'GET', url: order.path });
    expect(page.body).toContain(order.reference);
    expect((await press(order.path, 'pay')).statusCode).toBe(303);
    expect(await order.status()).toBe('Verified');
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.checkoutId, order.checkoutId));
    expect(payment).toMatchObject({ provider: 'sandbox', status: 'paid' });
    expect(await stock()).toBe(before - 4);
    const subjects = (await mailsTo(t.app, order.email)).map((mail) => mail.subject);
    expect(subjects).toContain(`Your Tibay order ${order.reference} has been verified`);
  });

  it('Cancel on the sandbox page cancels the order, puts the stock back and the items back in the cart', async () => {
    const before = await stock();
    const order = await placeOnline();
    expect((await order.cart()).cart).toHaveLength(0);
    expect((await press(order.path, 'cancel')).statusCode).toBe(303);
    expect(await order.status()).toBe('Cancelled');
    expect(await stock()).toBe(before);
    const lines = (await order.cart()).cart;
    expect(lines.map((line) => line.quantity)).toEqual([4]);
  });

  it('an order past its payment window reads as Payment Expired', async () => {
    const before = await stock();
    const order = await placeOnline();
    await t.app.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.checkoutId, order.checkoutId));
    await t.app.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.checkoutId, order.checkoutId));
    expect(await order.status()).toBe('Payment Expired');
    expect(await stock()).toBe(before);
    // The gateway page now only reports the expiry.
    const page = await t.app.inject({ method: 'GET', url: order.path });
    expect(page.body).toContain('Payment expired');
  });
});
