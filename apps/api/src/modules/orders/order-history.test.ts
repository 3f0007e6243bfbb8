import { messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { getJson } from '../../test/catalog-fixtures.ts';
import { createUser } from '../../test/factories.ts';
import { buyerWithCart } from '../../test/orders-support.ts';
import { moveOrder } from './lifecycle.ts';
import {
  admin,
  type Buyer,
  cement,
  deliver,
  order,
  paint,
  plywood,
  rebar,
  SETUP_TIMEOUT,
  sellerA,
  setUpBuyerOrders,
  t,
} from './test/buyer-orders-world.ts';

/** MY ORDERS, the order detail modal and /TrackOrder (spec 2). */
setUpBuyerOrders();

describe('MY ORDERS', () => {
  let buyer: Buyer;
  let all: string[];

  beforeAll(async () => {
    buyer = await buyerWithCart(t.app, []);
    all = [];
    // 11 single-seller orders, then one checkout across two sellers (two orders).
    for (let i = 0; i < 11; i += 1)
      all.push(...(await order([{ productId: cement, quantity: 1 + i }], buyer)).references);
    all.push(
      ...(
        await order(
          [
            { productId: rebar, quantity: 2 },
            { productId: plywood, quantity: 3 },
          ],
          buyer,
        )
      ).references,
    );
  }, SETUP_TIMEOUT);

  it('lists only the customer’s own orders, newest first, 10 a page, with the first product and the seller', async () => {
    const other = await order([{ productId: cement, quantity: 1 }]);
    const first = await getJson(t.app, '/api/v1/orders', buyer.headers);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 10, totalCount: 13, totalPages: 2 });
    expect(first.body.items).toHaveLength(10);
    const second = await getJson(t.app, '/api/v1/orders?page=2', buyer.headers);
    expect(second.body.items).toHaveLength(3);
    const listed = [...first.body.items, ...second.body.items].map((o: { reference: string }) => o.reference);
    expect(new Set(listed)).toEqual(new Set(all));
    expect(listed).not.toContain(other.references[0]);
    const times = [...first.body.items, ...second.body.items].map((o: { ordered_at: string }) => o.ordered_at);
    expect([...times].sort().reverse()).toEqual(times);
    const oldest = second.body.items.at(-1);
    expect(oldest).toMatchObject({
      reference: all[0],
      status: 'Pending',
      seller: { id: sellerA.id, name: 'Alpha Hardware' },
      first_product: { name: 'Portland Cement', unit_price: 25000, quantity: 1 },
      item_count: 1,
    });
    expect(oldest.seller.logo).toMatch(/logo/);
  });

  it('filters by status tab and searches by reference or product name', async () => {
    await deliver(all[0]!);
    await moveOrder(t.app, { reference: all[1]!, to: 'Denied', actor: admin, reason: 'Out of area' });
    await moveOrder(t.app, { reference: all[2]!, to: 'Verified', actor: admin });
    const tab = async (filter: string) =>
      (await getJson(t.app, `/api/v1/orders?filter=${encodeURIComponent(filter)}`, buyer.headers)).body;
    expect((await tab('DELIVERED')).items.map((o: { reference: string }) => o.reference)).toEqual([all[0]]);
    expect((await tab('DENIED')).items.map((o: { reference: string }) => o.reference)).toEqual([all[1]]);
    expect((await tab('VERIFIED')).totalCount).toBe(1);
    expect((await tab('PENDING')).totalCount).toBe(10);
    expect((await tab('FOR PREPARATION')).totalCount).toBe(0);
    expect((await tab('RECEIVED')).totalCount).toBe(0);
    expect((await tab('ALL')).totalCount).toBe(13);
    expect((await getJson(t.app, '/api/v1/orders?filter=SHIPPED', buyer.headers)).status).toBe(400);

    const search = async (q: string) =>
      (await getJson(t.app, `/api/v1/orders?q=${encodeURIComponent(q)}`, buyer.headers)).body;
    expect((await search(all[5]!)).items.map((o: { reference: string }) => o.reference)).toEqual([all[5]]);
    expect((await search(all[5]!.toLowerCase())).totalCount).toBe(1);
    // A product that is not the first line of its order still finds it.
    expect((await search('plywood')).items.map((o: { reference: string }) => o.reference)).toEqual([all[12]]);
    expect((await search('rebar')).totalCount).toBe(1);
    expect((await search('cement')).totalCount).toBe(11);
    expect((await search('%')).totalCount).toBe(0);
    expect((await search('zzz-nothing')).items).toEqual([]);
    const both = await getJson(t.app, '/api/v1/orders?filter=DELIVERED&q=cement', buyer.headers);
    expect(both.body.totalCount).toBe(1);
  });

  it('needs a signed-in customer', async () => {
    expect((await getJson(t.app, '/api/v1/orders')).status).toBe(401);
    const seller = await createUser(t.app, { role: 'seller' });
    const { tokenFor, bearer } = await import('../../test/factories.ts');
    expect((await getJson(t.app, '/api/v1/orders', bearer(await tokenFor(t.app, seller)))).status).toBe(403);
  });
});

describe('order detail', () => {
  it('shows every field of the modal, and another customer’s order is 404', async () => {
    const { buyer, references } = await order([
      { productId: cement, quantity: 3 },
      { productId: paint.variations[0]!.id, quantity: 1 },
    ]);
    // Two sellers: two orders.
    expect(references).toHaveLength(2);
    const res = await getJson(t.app, `/api/v1/orders/${references[1]}`, buyer.headers);
    expect(res.status).toBe(200);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, references[1]!));
    expect(res.body).toMatchObject({
      reference: references[1],
      status: 'Pending',
      payment_method: 'cod',
      payment_method_label: 'Cash on Delivery',
      total: row!.total,
      voucher_discount: 0,
      delivery_location: row!.deliveryAddress,
      verified_at: null,
      preparation_at: null,
      delivery_at: null,
      delivered_at: null,
      can_review: false,
      logistics_company: row!.logisticsCompany,
    });
    expect(res.body.seller.name).toBeTruthy();
    const names = res.body.products.map((p: { name: string; variation_name: string | null }) => [
      p.name,
      p.variation_name,
    ]);
    expect(names.length).toBe(1);
    const lower = await getJson(t.app, `/api/v1/orders/${references[1]!.toLowerCase()}`, buyer.headers);
    expect(lower.status).toBe(200);

    const stranger = await buyerWithCart(t.app, []);
    const theirs = await getJson(t.app, `/api/v1/orders/${references[1]}`, stranger.headers);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.message).toBe(messages.orderNotFound);
    expect((await getJson(t.app, '/api/v1/orders/ORD00000000000000', buyer.headers)).status).toBe(404);
    expect((await getJson(t.app, '/api/v1/orders/nonsense', buyer.headers)).status).toBe(404);
  });
});

describe('track order', () => {
  function track(body: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: '/api/v1/track-order', payload: body });
  }

  it('finds an order only with its billing email (any case), with its timeline and both map points', async () => {
    const { buyer, references } = await order([{ productId: cement, quantity: 1 }]);
    const reference = references[0]!;
    await moveOrder(t.app, { reference, to: 'Verified', actor: admin });
    const found = await track({
      orderId: reference.toLowerCase(),
      billingEmail: ` ${buyer.user.email.toUpperCase()} `,
    });
    expect(found.statusCode, found.body).toBe(200);
    const [tracked] = found.json().trackOrder;
    expect(found.json().success).toBe(true);
    expect(tracked).toMatchObject({ reference, status: 'Verified', preparation_at: null, delivered_at: null });
    expect(tracked.verified_at).toBeTruthy();
    expect(tracked.seller).toMatchObject({ name: 'Alpha Hardware' });
    expect(typeof tracked.seller.latitude).toBe('number');
    expect(typeof tracked.delivery.latitude).toBe('number');
    expect(tracked.delivery.address).toContain('Shaw Boulevard');

    const wrong = await track({ orderId: reference, billingEmail: 'someone@example.test' });
    const unknown = await track({ orderId: 'ORD99999999999999', billingEmail: buyer.user.email });
    const malformed = await track({ orderId: 'hello', billingEmail: '' });
    for (const res of [wrong, unknown, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(messages.trackNoOrder);
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('limits guesses against one order', async () => {
    const { references } = await order([{ productId: cement, quantity: 1 }]);
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      codes.push((await track({ orderId: references[0], billingEmail: `guess${i}@example.test` })).statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 404)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
