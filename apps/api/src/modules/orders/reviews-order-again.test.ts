import { messages } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, products, reviews } from '../../db/schema/index.ts';
import { getJson, insertProduct } from '../../test/catalog-fixtures.ts';
import { addCartLine, buyerWithCart } from '../../test/orders-support.ts';
import { moveOrder } from './lifecycle.ts';
import {
  admin,
  cement,
  deliver,
  order,
  plywood,
  rebar,
  review,
  sellerA,
  sellerB,
  setStock,
  setUpBuyerOrders,
  t,
} from './test/buyer-orders-world.ts';

/** Reviews of delivered orders and order again (spec 2 §4). */
setUpBuyerOrders();

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
