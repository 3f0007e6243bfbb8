import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sellerCompanies } from '../../db/schema/index.ts';
import { depsOf } from '../../deps.ts';
import { type Couriers, createCouriers } from '../../lib/couriers/index.ts';
import { insertCategory, insertProduct, insertSeller, places } from '../../test/catalog-fixtures.ts';
import { createUser } from '../../test/factories.ts';
import { buyerWithCart, delivery, placeOrder, pngBytes } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bookCourierDeliveries } from './courier-booking.ts';
import { moveOrder } from './lifecycle.ts';

/**
 * Lalamove bookings after the checkout (spec 2 "Order complete page": the courier share link): at once for COD,
 * after the paid webhook for gateway payments; the sandbox share link opens the sandbox courier page; a replay
 * answers the same link; a failed booking still places the order, with a null link.
 */
const SETUP_TIMEOUT = 300_000;
const PUBLIC_URL = 'http://shop.test';
let t: TestApp;
let alpha: number;
let bravo: number;
let cement: number;
let nails: number;

async function seller(app: TestApp['app'], name: string, at: { lat: number; lng: number }, phone: string) {
  const row = await insertSeller(app, { name, at });
  await app.db.update(sellerCompanies).set({ phone }).where(eq(sellerCompanies.id, row.id));
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  await insertCategory(t.app, 2, 'CEMENT');
  alpha = await seller(t.app, 'Alpha Hardware', places.manila, '02 8123 4567');
  bravo = await seller(t.app, 'Bravo Depot', places.quezonCity, '09181234567');
  cement = (await insertProduct(t.app, { sellerId: alpha, categoryId: 2, name: 'Cement', price: 25_000, stock: 500 }))
    .id;
  nails = (await insertProduct(t.app, { sellerId: bravo, categoryId: 2, name: 'Nails', price: 5_000, stock: 500 })).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

async function orderRow(reference: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  return row!;
}

function byReference(headers: Record<string, string>, reference: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/checkouts/by-reference/${reference}`, headers });
}

describe('Lalamove booking with the sandbox courier', () => {
  it('a COD checkout answers a share link that opens the sandbox courier page; a replay answers the same link', async () => {
    const b = await buyerWithCart(t.app, [{ productId: cement, quantity: 2 }]);
    const data = {
      cart_item_ids: b.cartItemIds,
      ...delivery('lalamove'),
      payment_method: 'cod',
      order_instructions: 'Gate 3',
    };
    const res = await placeOrder(t.app, b.headers, data, { key: 'lalamove-cod-1' });
    expect(res.statusCode).toBe(200);
    const [order] = res.json().orders;
    expect(order.shipping_type).toBe('lalamove');
    expect(order.share_link).toMatch(/^http:\/\/shop\.test\/sandbox-courier\/\d{19}$/);

    const row = await orderRow(order.reference);
    expect(row.courierShareLink).toBe(order.share_link);
    const bookingId = order.share_link.split('/').at(-1);
    expect(row.courierDetails).toMatchObject({ booking_id: bookingId, booking_provider: 'sandbox' });
    expect(row.courierDetails).not.toHaveProperty('booking_claimed_at');

    const page = await t.app.inject({ method: 'GET', url: new URL(order.share_link).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(order.reference);
    expect(page.body).toContain(bookingId);
    expect(page.body).toContain('Alpha Hardware');
    expect(page.body).toContain(row.deliveryAddress);
    expect(page.body).toContain('Assigning driver');
    // The page follows the order: verified by the seller, the driver is assigned.
    await t.app.db.update(orders).set({ status: 'Verified' }).where(eq(orders.id, row.id));
    expect((await t.app.inject({ method: 'GET', url: `/sandbox-courier/${bookingId}` })).body).toContain(
      'Driver assigned',
    );

    const replay = await placeOrder(t.app, b.headers, data, { key: 'lalamove-cod-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().orders[0].share_link).toBe(order.share_link);
    expect((await byReference(b.headers, order.reference)).json().orders[0].share_link).toBe(order.share_link);
  });

  it('unknown booking ids are 404', async () => {
    for (const id of ['1234567890123456789', 'abc', '1'.repeat(40)]) {
      const page = await t.app.inject({ method: 'GET', url: `/sandbox-courier/${id}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('Delivery not found');
    }
  });

  it('one booking per seller; other shipping methods are not booked', async () => {
    const b = await buyerWithCart(t.app, [
      { productId: cement, quantity: 1 },
      { productId: nails, quantity: 3 },
    ]);
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('lalamove'),
      payment_method: 'cod',
    });
    expect(res.statusCode).toBe(200);
    const links = res.json().orders.map((order: { share_link: string }) => order.share_link);
    expect(links).toHaveLength(2);
    expect(new Set(links).size).toBe(2);
    for (const link of links) expect(link).toMatch(/\/sandbox-courier\/\d{19}$/);

    const other = await buyerWithCart(t.app, [{ productId: cement, quantity: 1 }]);
    const standard = await placeOrder(t.app, other.headers, {
      cart_item_ids: other.cartItemIds,
      ...delivery('standard'),
      payment_method: 'cod',
    });
    expect(standard.json().orders[0].share_link).toBeNull();
  });

  it('two callers at once book an order once (claim, book, write)', async () => {
    const b = await buyerWithCart(t.app, [{ productId: cement, quantity: 1 }]);
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('lalamove'),
      payment_method: 'cod',
    });
    const row = await orderRow(res.json().orders[0].reference);
    // As if the booking had not happened yet.
    const {
      booking_id: _id,
      booked_at: _at,
      booking_provider: _p,
      ...quoted
    } = row.courierDetails as Record<string, unknown>;
    await t.app.db.update(orders).set({ courierShareLink: null, courierDetails: quoted }).where(eq(orders.id, row.id));
    let booked = 0;
    const sandbox = createCouriers(t.app.config);
    const counting: Couriers = {
      ...sandbox,
      lalamove: {
        ...sandbox.lalamove,
        async book(input) {
          booked += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return sandbox.lalamove.book!(input);
        },
      },
    };
    const [first, second] = await Promise.all([
      bookCourierDeliveries({ ...depsOf(t.app), couriers: counting }, row.checkoutId),
      bookCourierDeliveries({ ...depsOf(t.app), couriers: counting }, row.checkoutId),
    ]);
    expect(booked).toBe(1);
    const link = (await orderRow(row.reference)).courierShareLink;
    expect(link).toMatch(/\/sandbox-courier\/\d{19}$/);
    expect([first.get(row.reference), second.get(row.reference)]).toContain(link);
    // Called again later: the stored link, nothing booked.
    expect(
      (await bookCourierDeliveries({ ...depsOf(t.app), couriers: counting }, row.checkoutId)).get(row.reference),
    ).toBe(link);
    expect(booked).toBe(1);
  });

  it('a gateway order is booked when the paid webhook settles it', async () => {
    const b = await buyerWithCart(t.app, [{ productId: cement, quantity: 1 }]);
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('lalamove'),
      payment_method: 'online',
      payment_channel: 'gcash',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const reference: string = body.orders[0].reference;
    expect(body.orders[0].share_link).toBeNull();
    // Not paid yet: nothing is booked, even when asked.
    expect((await bookCourierDeliveries(depsOf(t.app), body.checkout_id)).size).toBe(0);
    expect((await byReference(b.headers, reference)).json().orders[0].share_link).toBeNull();

    const pay = await t.app.inject({
      method: 'POST',
      url: `${new URL(body.payment.payment_url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    const row = await orderRow(reference);
    expect(row.status).toBe('Verified');
    expect(row.courierShareLink).toMatch(/^http:\/\/shop\.test\/sandbox-courier\/\d{19}$/);
    expect((await byReference(b.headers, reference)).json().orders[0].share_link).toBe(row.courierShareLink);
    const page = await t.app.inject({ method: 'GET', url: new URL(row.courierShareLink!).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(reference);
    expect(page.body).toContain('Driver assigned');
  });
});

describe('Lalamove booking waits for the payment', () => {
  it('a bank transfer order is booked when an administrator verifies the payment, not before', async () => {
    const b = await buyerWithCart(t.app, [{ productId: cement, quantity: 1 }]);
    const res = await placeOrder(
      t.app,
      b.headers,
      { cart_item_ids: b.cartItemIds, ...delivery('lalamove'), payment_method: 'bank_transfer' },
      { files: { proof_of_payment: { bytes: await pngBytes() } } },
    );
    expect(res.statusCode).toBe(200);
    const reference: string = res.json().orders[0].reference;
    expect(res.json().orders[0].share_link).toBeNull();
    expect((await orderRow(reference)).courierShareLink).toBeNull();

    const admin = (await createUser(t.app, { role: 'admin' })).id;
    await moveOrder(t.app, { reference, to: 'Verified', actor: { role: 'admin', userId: admin } });
    const row = await orderRow(reference);
    expect(row.courierShareLink).toMatch(/^http:\/\/shop\.test\/sandbox-courier\/\d{19}$/);
    expect((await byReference(b.headers, reference)).json().orders[0].share_link).toBe(row.courierShareLink);
  });
});

/** The real Lalamove adapter against a local fake whose bookings fail, or whose first quotation has expired. */
describe('Lalamove booking with the real adapter', () => {
  let real: TestApp;
  let fake: Server;
  let mode: 'fail' | 'expire-first' = 'fail';
  const seen: string[] = [];
  let quotations = 0;
  let product: number;

  function readBody(request: IncomingMessage): Promise<string> {
    return new Promise((resolve) => {
      let data = '';
      request.on('data', (chunk) => {
        data += chunk;
      });
      request.on('end', () => resolve(data));
    });
  }

  beforeAll(async () => {
    fake = createServer(async (request, response) => {
      const body = JSON.parse((await readBody(request)) || '{}');
      seen.push(request.url!);
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (request.url === '/v3/quotations') {
        quotations += 1;
        return json(201, {
          data: {
            quotationId: `15141409942270${String(quotations).padStart(5, '0')}`,
            priceBreakdown: { total: '108.50', currency: 'PHP' },
            stops: [{ stopId: `1${quotations}` }, { stopId: `2${quotations}` }],
          },
        });
      }
      if (request.url === '/v3/orders') {
        if (mode === 'fail') return json(500, { errors: [{ id: 'ERR_INTERNAL' }] });
        const quotationId: string = body.data.quotationId;
        if (quotationId.endsWith('00001')) return json(422, { errors: [{ id: 'ERR_QUOTATION_EXPIRED' }] });
        return json(201, {
          data: { orderId: `9${quotationId}`, shareLink: `https://share.lalamove.test/${quotationId}` },
        });
      }
      return json(404, {});
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', () => resolve()));
    real = await createTestApp({
      PUBLIC_URL,
      COURIER_LALAMOVE: 'lalamove',
      LALAMOVE_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      LALAMOVE_API_KEY: 'key',
      LALAMOVE_API_SECRET: 'secret',
      COURIER_TIMEOUT_MS: '2000',
    });
    await insertCategory(real.app, 2, 'CEMENT');
    const sellerId = await seller(real.app, 'Charlie Supply', places.manila, '0917 555 0101');
    product = (await insertProduct(real.app, { sellerId, categoryId: 2, name: 'Sand', price: 10_000, stock: 50 })).id;
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await real?.close();
    await new Promise((resolve) => fake?.close(resolve));
  }, SETUP_TIMEOUT);

  it('a booking failure still places the order, with a null link', async () => {
    mode = 'fail';
    const b = await buyerWithCart(real.app, [{ productId: product, quantity: 1 }]);
    const res = await placeOrder(real.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('lalamove'),
      payment_method: 'cod',
    });
    expect(res.statusCode).toBe(200);
    const [order] = res.json().orders;
    expect(order.share_link).toBeNull();
    expect(seen.at(-1)).toBe('/v3/orders');
    const [row] = await real.app.db.select().from(orders).where(eq(orders.reference, order.reference));
    expect(row).toMatchObject({ status: 'Pending', courierShareLink: null });
    expect(row!.courierDetails).toMatchObject({ booking_error: expect.stringContaining('500') });
    expect(row!.courierDetails).not.toHaveProperty('booking_claimed_at');
  });

  it('an expired quotation is quoted again from the order and booked; the order keeps the new quotation', async () => {
    mode = 'expire-first';
    quotations = 0;
    const b = await buyerWithCart(real.app, [{ productId: product, quantity: 2 }]);
    const res = await placeOrder(real.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('lalamove'),
      payment_method: 'cod',
    });
    expect(res.statusCode).toBe(200);
    const [order] = res.json().orders;
    // Checkout quoted 00001 (and the preview inside POST /checkout may quote more); 00001 expired, then re-quoted.
    const [row] = await real.app.db.select().from(orders).where(eq(orders.reference, order.reference));
    expect(row!.courierQuotationId).not.toMatch(/00001$/);
    expect(order.share_link).toBe(`https://share.lalamove.test/${row!.courierQuotationId}`);
    expect(row!.courierDetails).toMatchObject({
      quotation_id: row!.courierQuotationId,
      booking_id: `9${row!.courierQuotationId}`,
      booking_provider: 'lalamove',
    });
    expect(seen.slice(-3)).toEqual(['/v3/orders', '/v3/quotations', '/v3/orders']);
  });
});
