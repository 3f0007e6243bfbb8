import { messages } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orders, products, reviews, stockMovements } from '../../db/schema/index.ts';
import { getJson, insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { createUser } from '../../test/factories.ts';
import { addCartLine, buyerWithCart, delivery, placeOrder } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { moveOrder, type OrderActor } from './lifecycle.ts';

const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let admin: OrderActor;
let sellerA: { id: number; name: string };
let sellerB: { id: number; name: string };
let cement: number;
let rebar: number;
let paint: { id: number; variations: Array<{ id: number; subVariations: number[] }> };
let plywood: number;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 2, 'CEMENT');
  sellerA = await insertSeller(t.app, { name: 'Alpha Hardware' });
  sellerB = await insertSeller(t.app, { name: 'Bravo Builders' });
  cement = (
    await insertProduct(t.app, {
      sellerId: sellerA.id,
      categoryId: 2,
      name: 'Portland Cement',
      stock: 500,
      price: 25000,
    })
  ).id;
  rebar = (
    await insertProduct(t.app, {
      sellerId: sellerA.id,
      categoryId: 2,
      name: 'Deformed Rebar',
      stock: 500,
      price: 18000,
    })
  ).id;
  paint = await insertProduct(t.app, {
    sellerId: sellerB.id,
    categoryId: 2,
    name: 'Acrylic Paint',
    variations: [{ name: '4 Liters', price: 90000, stock: 50 }],
  });
  plywood = (
    await insertProduct(t.app, {
      sellerId: sellerB.id,
      categoryId: 2,
      name: 'Marine Plywood',
      stock: 500,
      price: 70000,
    })
  ).id;
  admin = { role: 'admin', userId: (await createUser(t.app, { role: 'admin' })).id };
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

type Buyer = Awaited<ReturnType<typeof buyerWithCart>>;

/** Places one COD order of the given lines for the buyer (a new buyer when none is given). */
async function order(
  lines: { productId: number; quantity: number }[],
  buyer?: Buyer,
  type: 'standard' | 'pickup' = 'standard',
) {
  const b = buyer ?? (await buyerWithCart(t.app, []));
  const ids: number[] = [];
  for (const line of lines) ids.push(await addCartLine(t.app, b.user.id, line.productId, line.quantity));
  const res = await placeOrder(t.app, b.headers, { cart_item_ids: ids, ...delivery(type), payment_method: 'cod' });
  expect(res.statusCode, res.body).toBe(200);
  return { buyer: b, references: (res.json().orders as { reference: string }[]).map((o) => o.reference) };
}

async function deliver(reference: string, pickup = false) {
  const steps = pickup
    ? (['Verified', 'For Preparation', 'Received'] as const)
    : (['Verified', 'For Preparation', 'For Delivery', 'Delivered'] as const);
  for (const to of steps) await moveOrder(t.app, { reference, to, actor: admin });
}

async function setStock(productId: number, stock: number) {
  await t.app.db.transaction(async (tx) => {
    const [row] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    await tx.insert(stockMovements).values({
      productId,
      kind: 'adjustment',
      quantity: stock - row!.stock,
      reason: 'test',
    });
    await tx.update(products).set({ stock }).where(eq(products.id, productId));
  });
}

function review(headers: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/reviews', headers, payload: body });
}

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

describe('reviews', () => {
  it('accepts one review per product per order, from the author of a Delivered or Received order only', async () => {
    const { buyer, references } = await order([
      { productId: cement, quantity: 2 },
      { productId: rebar, quantity: 1 },
    ]);
    const reference = references[0]!;
    const body = { product_id: cement, rating: 4, comment: 'Solid cement', reference_no: reference };

    // Not yet delivered.
    const early = await review(buyer.headers, body);
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe(messages.reviewNotYet);

    await deliver(reference);
    // Ratings outside 1..5 or not whole.
    for (const rating of [0, 6, 3.5, '4', null]) {
      const bad = await review(buyer.headers, { ...body, rating });
      expect(bad.statusCode, String(rating)).toBe(400);
    }
    const missing = await review(buyer.headers, { product_id: cement, comment: '', reference_no: reference });
    expect(missing.statusCode).toBe(400);
    // Someone else cannot review this order, nor name another author.
    const stranger = await buyerWithCart(t.app, []);
    expect((await review(stranger.headers, body)).statusCode).toBe(404);
    expect((await review(buyer.headers, { ...body, customer_id: stranger.user.id })).statusCode).toBe(400);
    // A product that is not in the order.
    const notInOrder = await review(buyer.headers, { ...body, product_id: plywood });
    expect(notInOrder.statusCode).toBe(422);
    expect(notInOrder.json().error.message).toBe(messages.reviewProductNotInOrder);
    expect((await review({}, body)).statusCode).toBe(401);

    const ok = await review(buyer.headers, body);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      message: messages.reviewSubmitted,
      review: { product_id: cement, rating: 4, review: 'Solid cement', reference_no: reference },
    });
    const again = await review(buyer.headers, { ...body, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.reviewAlreadyGiven);

    const stored = await t.app.db.select().from(reviews).where(eq(reviews.orderReference, reference));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ customerId: buyer.user.id, sellerId: sellerA.id, productId: cement, rating: 4 });

    // The detail shows the review read-only, the other product still open.
    const detail = (await getJson(t.app, `/api/v1/orders/${reference}`, buyer.headers)).body;
    expect(detail.can_review).toBe(true);
    const byProduct = Object.fromEntries(
      detail.products.map((p: { product_id: number; review: unknown }) => [p.product_id, p.review]),
    );
    expect(byProduct[cement]).toMatchObject({ rating: 4, review: 'Solid cement' });
    expect(byProduct[rebar]).toBeNull();

    // The item page shows it.
    const item = await getJson(t.app, `/api/v1/products/${cement}`);
    expect(JSON.stringify(item.body)).toContain('Solid cement');
  });

  it('accepts reviews of a Received pick-up order, refuses a Denied one', async () => {
    const pickup = await order([{ productId: rebar, quantity: 1 }], undefined, 'pickup');
    await deliver(pickup.references[0]!, true);
    const ok = await review(pickup.buyer.headers, { product_id: rebar, rating: 5, reference_no: pickup.references[0] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().review.review).toBe('');

    const denied = await order([{ productId: rebar, quantity: 1 }]);
    await moveOrder(t.app, { reference: denied.references[0]!, to: 'Denied', actor: admin, reason: 'No stock' });
    const refused = await review(denied.buyer.headers, {
      product_id: rebar,
      rating: 5,
      reference_no: denied.references[0],
    });
    expect(refused.statusCode).toBe(422);
  });
});

describe('order again', () => {
  function again(headers: Record<string, string>, reference: string) {
    return t.app.inject({ method: 'POST', url: `/api/v1/orders/${reference}/order-again`, headers });
  }

  it('clears the cart and adds the order’s items at current prices, reporting what is out of stock, gone or reduced', async () => {
    const extraA = (
      await insertProduct(t.app, { sellerId: sellerA.id, categoryId: 2, name: 'Tile Adhesive', stock: 50 })
    ).id;
    const extraB = (await insertProduct(t.app, { sellerId: sellerA.id, categoryId: 2, name: 'Grout White', stock: 50 }))
      .id;
    const extraC = (await insertProduct(t.app, { sellerId: sellerA.id, categoryId: 2, name: 'Skim Coat', stock: 50 }))
      .id;
    const { buyer, references } = await order([
      { productId: cement, quantity: 5 },
      { productId: extraA, quantity: 4 },
      { productId: extraB, quantity: 10 },
      { productId: extraC, quantity: 2 },
    ]);
    await addCartLine(t.app, buyer.user.id, plywood, 7);
    await setStock(extraA, 0);
    await setStock(extraB, 3);
    await t.app.db.update(products).set({ isActive: false }).where(eq(products.id, extraC));
    await t.app.db.update(products).set({ discountedPrice: 20000 }).where(eq(products.id, cement));

    const res = await again(buyer.headers, references[0]!);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(messages.orderAgainSuccess);
    expect(body.added).toEqual([
      expect.objectContaining({ product_id: cement, requested: 5, quantity: 5, unit_price: 20000, reason: null }),
      expect.objectContaining({
        product_id: extraB,
        requested: 10,
        quantity: 3,
        reason: 'reduced',
        note: 'Only 3 could be added.',
      }),
    ]);
    expect(body.not_added).toEqual([
      expect.objectContaining({
        product_id: extraA,
        quantity: 0,
        reason: 'out_of_stock',
        note: messages.orderAgainOutOfStock,
      }),
      expect.objectContaining({
        product_id: extraC,
        quantity: 0,
        reason: 'unavailable',
        note: messages.orderAgainGone,
      }),
    ]);
    expect(body.cart_count).toBe(2);
    const cart = await t.app.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.customerId, buyer.user.id));
    expect(cart.sort((a, b) => a.productId - b.productId)).toEqual(
      [
        { productId: cement, quantity: 5 },
        { productId: extraB, quantity: 3 },
      ].sort((a, b) => a.productId - b.productId),
    );
    const viewed = await getJson(t.app, '/api/v1/cart', buyer.headers);
    expect(viewed.body.cart.find((l: { product_id: number }) => l.product_id === cement).unit_price).toBe(20000);
    await t.app.db.update(products).set({ discountedPrice: 0 }).where(eq(products.id, cement));
  });

  it('leaves the cart alone when nothing can be added, and another customer’s order is 404', async () => {
    const lonely = (await insertProduct(t.app, { sellerId: sellerA.id, categoryId: 2, name: 'Lonely Nails', stock: 5 }))
      .id;
    const { buyer, references } = await order([{ productId: lonely, quantity: 5 }]);
    await addCartLine(t.app, buyer.user.id, rebar, 2);
    const res = await again(buyer.headers, references[0]!);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(messages.orderAgainNothing);
    expect(res.json().error.fields).toEqual({ 'Lonely Nails': messages.orderAgainOutOfStock });
    const cart = await t.app.db.select().from(cartItems).where(eq(cartItems.customerId, buyer.user.id));
    expect(cart.map((line) => line.productId)).toEqual([rebar]);

    const stranger = await buyerWithCart(t.app, [{ productId: rebar, quantity: 1 }]);
    expect((await again(stranger.headers, references[0]!)).statusCode).toBe(404);
    const theirs = await t.app.db.select().from(cartItems).where(eq(cartItems.customerId, stranger.user.id));
    expect(theirs).toHaveLength(1);
    expect((await again({}, references[0]!)).statusCode).toBe(401);
  });

  it('refuses an order whose product now needs a variation chosen', async () => {
    const { buyer, references } = await order([{ productId: plywood, quantity: 1 }]);
    await t.app.db.execute(
      sql`insert into products (seller_id, category_id, parent_id, root_id, depth, name, price, stock)
          values (${sellerB.id}, 2, ${plywood}, ${plywood}, 1, '1/2 inch', 50000, 0)`,
    );
    const res = await again(buyer.headers, references[0]!);
    expect(res.statusCode).toBe(422);
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
