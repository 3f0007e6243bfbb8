import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { buyerWithCart, countRows, delivery, placeOrder, stockOf } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The checkout with the real courier and gateway adapters configured, against local servers that fail: a courier
 * that errors or times out makes its method 'Shipping Error'; a gateway that cannot be reached settles the placed
 * checkout 'Payment Failed' (stock back) and answers 502.
 */
const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let failing: Server;
let product: number;

beforeAll(async () => {
  // Answers 500 to everything, slowly enough for the courier timeout to pass on some calls.
  failing = createServer((request, response) => {
    setTimeout(() => response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}'), 50);
    request.resume();
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
  t = await createTestApp({
    COURIER_LALAMOVE: 'lalamove',
    LALAMOVE_API_URL: url,
    LALAMOVE_API_KEY: 'key',
    LALAMOVE_API_SECRET: 'secret',
    COURIER_TRANSPORTIFY: 'deliveree',
    DELIVEREE_API_URL: 'http://127.0.0.1:1',
    DELIVEREE_API_KEY: 'key',
    COURIER_TIMEOUT_MS: '1000',
    PAYMENT_GATEWAY: 'paymongo',
    PAYMONGO_API_URL: url,
    PAYMONGO_SECRET_KEY: 'sk_test_x',
    PAYMONGO_WEBHOOK_SECRET: 'whsk_test_x',
  });
  await insertCategory(t.app, 2, 'CEMENT');
  const seller = await insertSeller(t.app);
  product = (await insertProduct(t.app, { sellerId: seller.id, categoryId: 2, name: 'Cement', stock: 20 })).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => failing.close(resolve));
}, SETUP_TIMEOUT);

describe('outside services that fail', () => {
  it('Lalamove and Transportify failures show Shipping Error; the platform methods still quote', async () => {
    const b = await buyerWithCart(t.app, [{ productId: product, quantity: 1 }]);
    const { shipping_type: _type, schedule_date: _date, ...where } = delivery();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/shipping-quotes',
      headers: b.headers,
      payload: { cart_item_ids: b.cartItemIds, ...where },
    });
    expect(res.statusCode).toBe(200);
    const { methods } = res.json();
    expect(methods.lalamove).toMatchObject({
      available: false,
      fee: null,
      message: messages.shippingError,
      reason: messages.courierCannotQuote.replace('{courier}', 'Lalamove'),
    });
    expect(methods.transportify).toMatchObject({
      available: false,
      fee: null,
      message: messages.shippingError,
      reason: messages.courierCannotQuote.replace('{courier}', 'Transportify'),
    });
    expect(methods.standard).toMatchObject({ available: true, reason: null });
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/preview',
      headers: b.headers,
      payload: { cart_item_ids: b.cartItemIds, ...delivery('lalamove') },
    });
    expect(preview.statusCode).toBe(422);
    expect(preview.json().error.message).toBe(messages.shippingError);
    expect(preview.json().error.fields.shipping_type).toBe(
      messages.courierCannotQuote.replace('{courier}', 'Lalamove'),
    );
  });

  it('a gateway that cannot start the payment: 502, the orders Payment Failed, the stock back, replayed the same', async () => {
    const b = await buyerWithCart(t.app, [{ productId: product, quantity: 3 }]);
    const data = {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'online',
      payment_channel: 'gcash',
    };
    const res = await placeOrder(t.app, b.headers, data, { key: 'gateway-down-1' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(messages.paymentGatewayError);
    expect(await stockOf(t.app, product)).toBe(20);
    // The cart lines are back, under the same ids, for another try.
    expect(await countRows(t.app, 'cart_items', sql`id = ${b.cartItemIds[0]!} and quantity = 3`)).toBe(1);
    const rows = await t.app.db.select().from(orders).where(eq(orders.customerId, b.user.id));
    expect(rows.map((o) => o.status)).toEqual(['Payment Failed']);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.checkoutId, rows[0]!.checkoutId));
    expect(payment!.status).toBe('failed');
    // Nothing was charged, so PAY again with the same key tries afresh (and fails the same way while the gateway is down).
    const again = await placeOrder(t.app, b.headers, data, { key: 'gateway-down-1' });
    expect(again.statusCode).toBe(502);
    const all = await t.app.db.select().from(orders).where(eq(orders.customerId, b.user.id));
    expect(all.map((o) => o.status)).toEqual(['Payment Failed', 'Payment Failed']);
    expect(await stockOf(t.app, product)).toBe(20);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${rows[0]!.reference}/status`,
      headers: b.headers,
    });
    expect(status.json().status).toBe('Payment Failed');
  });
});
