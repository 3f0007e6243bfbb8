import { messages, onlyItemsMessage } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cartItems, products } from '../../db/schema/index.ts';
import {
  authHeaders,
  type InsertedProduct,
  insertCategory,
  insertProduct,
  insertSeller,
  insertUser,
} from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Building a migrated database can take a while on a busy machine (PGlite in particular). */
const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let simple: InsertedProduct;
let capped: InsertedProduct;
let huge: InsertedProduct;
let tree: InsertedProduct;
let inactive: InsertedProduct;
let other: InsertedProduct;
let pendingSellerProduct: InsertedProduct;

beforeAll(async () => {
  t = await createTestApp();
  const app = t.app;
  await insertCategory(app, 2, 'CEMENT');
  await insertCategory(app, 3, 'PAINT');
  const seller = await insertSeller(app);
  const pending = await insertSeller(app, { status: 'pending' });
  simple = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 2,
    name: 'Cement',
    stock: 500,
    quantityLimit: 300,
  });
  capped = await insertProduct(app, { sellerId: seller.id, categoryId: 2, name: 'Sand', stock: 80 });
  huge = await insertProduct(app, { sellerId: seller.id, categoryId: 2, name: 'Gravel', stock: 50000 });
  tree = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 3,
    name: 'Paint',
    variations: [
      {
        name: '1 Liter',
        subVariations: [
          { name: 'White', stock: 900, quantityLimit: 600 },
          { name: 'Red', stock: 0 },
          { name: 'Gone', stock: 10, isActive: false },
        ],
      },
      { name: '4 Liters', stock: 150 },
      { name: 'Hidden', stock: 10, isActive: false },
    ],
  });
  inactive = await insertProduct(app, { sellerId: seller.id, categoryId: 2, name: 'Old', stock: 5, isActive: false });
  other = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 3,
    name: 'Other paint',
    variations: [{ name: 'Only', stock: 10, subVariations: [{ name: 'Green', stock: 10 }] }],
  });
  pendingSellerProduct = await insertProduct(app, { sellerId: pending.id, categoryId: 2, name: 'Unlisted', stock: 9 });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

async function buyer() {
  const user = await insertUser(t.app);
  return { user, headers: await authHeaders(t.app, user) };
}

function add(headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers, payload });
}

async function linesOf(customerId: number) {
  return t.app.db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId));
}

describe('POST /cart/items', () => {
  it('adds a product without variations and returns the count', async () => {
    const { user, headers } = await buyer();
    const response = await add(headers, { product_id: simple.id, quantity: 100 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: messages.itemAddedToCart,
      cart_count: 1,
      cart_item: { product_id: simple.id, quantity: 100 },
    });
    expect(await linesOf(user.id)).toEqual([{ productId: simple.id, quantity: 100 }]);
  });

  it('adds to the quantity of a leaf already in the cart', async () => {
    const { user, headers } = await buyer();
    await add(headers, { product_id: simple.id, quantity: 100 });
    const response = await add(headers, { product_id: simple.id, quantity: 150, variation_id: null });
    expect(response.json()).toMatchObject({ cart_count: 1, cart_item: { quantity: 250 } });
    expect(await linesOf(user.id)).toEqual([{ productId: simple.id, quantity: 250 }]);
  });

  it('limits a line to the lower of stock and quantity limit, counting what is in the cart', async () => {
    const { user, headers } = await buyer();
    // Cement: stock 500, limit 300.
    const over = await add(headers, { product_id: simple.id, quantity: 301 });
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toEqual({ code: 'BUSINESS_RULE', message: 'Only 300 items can be ordered.' });
    await add(headers, { product_id: simple.id, quantity: 200 });
    const more = await add(headers, { product_id: simple.id, quantity: 101 });
    expect(more.json().error.message).toBe('Only 100 items can be ordered.');
    // Sand: stock 80 (limit 1200).
    expect((await add(headers, { product_id: capped.id, quantity: 100 })).json().error.message).toBe(
      'Only 80 items can be ordered.',
    );
    expect(await linesOf(user.id)).toEqual([{ productId: simple.id, quantity: 200 }]);
  });

  it('never lets a line pass 1200, whatever the stock', async () => {
    const { headers } = await buyer();
    expect((await add(headers, { product_id: huge.id, quantity: 1201 })).json().error.message).toBe(
      'Only 1200 items can be ordered.',
    );
    expect((await add(headers, { product_id: huge.id, quantity: 1200 })).statusCode).toBe(200);
    expect((await add(headers, { product_id: huge.id, quantity: 1 })).json().error.message).toBe(
      'Only 0 items can be ordered.',
    );
    const enormous = await add(headers, { product_id: huge.id, quantity: 9_007_199_254_740_991 });
    expect(enormous.statusCode).toBe(422);
  });

  it('twenty adds at once never take a line past its bound', async () => {
    const { user, headers } = await buyer();
    // Cement: stock 500, limit 300: three adds of 100 fit, the rest are told what is left.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => add(headers, { product_id: simple.id, quantity: 100 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.json().error.message).toBe('Only 0 items can be ordered.');
    }
    expect(await linesOf(user.id)).toEqual([{ productId: simple.id, quantity: 300 }]);
  });

  it('refuses zero, negative, fractional and non-numeric quantities', async () => {
    const { user, headers } = await buyer();
    const zero = await add(headers, { product_id: simple.id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toBe(messages.zeroQuantity);
    for (const quantity of [-5, 1.5, '100', null]) {
      const response = await add(headers, { product_id: simple.id, quantity });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(messages.quantityWholeNumber);
    }
    expect((await add(headers, { product_id: simple.id })).statusCode).toBe(400);
    expect((await add(headers, { product_id: simple.id, quantity: 1, price: 1 })).statusCode).toBe(400);
    expect(await linesOf(user.id)).toEqual([]);
  });

  it('asks for a variation, then a sub-variation', async () => {
    const { headers } = await buyer();
    const noVariation = await add(headers, { product_id: tree.id, quantity: 100 });
    expect(noVariation.statusCode).toBe(422);
    expect(noVariation.json().error.message).toBe(messages.selectVariation);
    const noSub = await add(headers, { product_id: tree.id, variation_id: tree.variations[0]!.id, quantity: 100 });
    expect(noSub.json().error.message).toBe(messages.selectSubVariation);
    const zeroMeansNone = await add(headers, {
      product_id: tree.id,
      variation_id: tree.variations[0]!.id,
      sub_variation_id: 0,
      quantity: 100,
    });
    expect(zeroMeansNone.json().error.message).toBe(messages.selectSubVariation);
  });

  it('adds a sub-variation or a variation leaf, with the level in the limit message', async () => {
    const { user, headers } = await buyer();
    const [oneLiter, fourLiters] = tree.variations;
    const white = oneLiter!.subVariations[0]!;
    const red = oneLiter!.subVariations[1]!;
    const sub = await add(headers, {
      product_id: tree.id,
      variation_id: oneLiter!.id,
      sub_variation_id: white,
      quantity: 600,
    });
    expect(sub.json()).toMatchObject({ cart_count: 1, cart_item: { product_id: white, quantity: 600 } });
    const subOver = await add(headers, {
      product_id: tree.id,
      variation_id: oneLiter!.id,
      sub_variation_id: white,
      quantity: 1,
    });
    expect(subOver.json().error.message).toBe(onlyItemsMessage(0, 2));
    expect(subOver.json().error.message).toBe('Only 0 items can be ordered for this sub variation.');
    const noStock = await add(headers, {
      product_id: tree.id,
      variation_id: oneLiter!.id,
      sub_variation_id: red,
      quantity: 1,
    });
    expect(noStock.json().error.message).toBe('Only 0 items can be ordered for this sub variation.');
    const variationOver = await add(headers, { product_id: tree.id, variation_id: fourLiters!.id, quantity: 151 });
    expect(variationOver.json().error.message).toBe('Only 150 items can be ordered for this variation.');
    const variation = await add(headers, { product_id: tree.id, variation_id: fourLiters!.id, quantity: 150 });
    expect(variation.json()).toMatchObject({ cart_count: 2, cart_item: { product_id: fourLiters!.id, quantity: 150 } });
    expect((await linesOf(user.id)).sort((a, b) => a.productId - b.productId)).toEqual([
      { productId: white, quantity: 600 },
      { productId: fourLiters!.id, quantity: 150 },
    ]);
  });

  it('cannot determine ids that do not form a path of active nodes under a listed product', async () => {
    const { user, headers } = await buyer();
    const [oneLiter, fourLiters, hidden] = tree.variations;
    const white = oneLiter!.subVariations[0]!;
    const gone = oneLiter!.subVariations[2]!;
    const otherVariation = other.variations[0]!;
    const bad: Array<Record<string, unknown>> = [
      { product_id: 999999 },
      { product_id: inactive.id },
      { product_id: pendingSellerProduct.id },
      { product_id: oneLiter!.id }, // a variation sent as the product
      { product_id: simple.id, variation_id: fourLiters!.id }, // the product has no variations
      { product_id: tree.id, variation_id: otherVariation.id }, // another product's variation
      { product_id: tree.id, variation_id: hidden!.id }, // inactive variation
      { product_id: tree.id, variation_id: oneLiter!.id, sub_variation_id: gone }, // inactive sub-variation
      { product_id: tree.id, variation_id: oneLiter!.id, sub_variation_id: otherVariation.subVariations[0] },
      { product_id: tree.id, variation_id: fourLiters!.id, sub_variation_id: white }, // not under 4 Liters
      { product_id: tree.id, sub_variation_id: white }, // sub-variation without its variation
      { product_id: tree.id, variation_id: white }, // a sub-variation sent as the variation
    ];
    for (const payload of bad) {
      const response = await add(headers, { ...payload, quantity: 1 });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().error.message).toBe(messages.cannotDetermineProduct);
    }
    expect(await linesOf(user.id)).toEqual([]);
  });

  it("leaves another customer's cart untouched", async () => {
    const first = await buyer();
    const second = await buyer();
    await add(first.headers, { product_id: simple.id, quantity: 100 });
    await add(second.headers, { product_id: simple.id, quantity: 300 });
    await add(second.headers, { product_id: capped.id, quantity: 5 });
    expect(await linesOf(first.user.id)).toEqual([{ productId: simple.id, quantity: 100 }]);
    const count = await t.app.inject({ method: 'GET', url: '/api/v1/cart/count', headers: first.headers });
    expect(count.json()).toEqual({ count: 1 });
  });

  it('lets an agent fill the cart of the customer it acts for, and records it', async () => {
    const agent = await insertUser(t.app, { role: 'agent' });
    const customer = await insertUser(t.app, { agentId: agent.id });
    const headers = await authHeaders(t.app, customer, agent.id);
    expect((await add(headers, { product_id: simple.id, quantity: 100 })).statusCode).toBe(200);
    expect(await linesOf(customer.id)).toEqual([{ productId: simple.id, quantity: 100 }]);
    expect(await linesOf(agent.id)).toEqual([]);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.onBehalfOfUserId, customer.id));
    expect(audits).toEqual([expect.objectContaining({ actorUserId: agent.id, path: '/api/v1/cart/items' })]);
  });

  it('refuses signed-out callers and non-customer accounts', async () => {
    const signedOut = await add({}, { product_id: simple.id, quantity: 100 });
    expect(signedOut.statusCode).toBe(401);
    const seller = await insertUser(t.app, { role: 'seller' });
    const forbidden = await add(await authHeaders(t.app, seller), { product_id: simple.id, quantity: 100 });
    expect(forbidden.statusCode).toBe(403);
    expect(await linesOf(seller.id)).toEqual([]);
  });
});

describe('GET /cart/count', () => {
  it('counts lines of the signed-in customer and needs a session', async () => {
    const { headers } = await buyer();
    const empty = await t.app.inject({ method: 'GET', url: '/api/v1/cart/count', headers });
    expect(empty.json()).toEqual({ count: 0 });
    await add(headers, { product_id: simple.id, quantity: 100 });
    await add(headers, { product_id: capped.id, quantity: 10 });
    await add(headers, { product_id: capped.id, quantity: 10 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cart/count', headers })).json()).toEqual({ count: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cart/count' })).statusCode).toBe(401);
  });
});

function getCart(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/v1/cart', headers });
}

function patchQuantity(headers: Record<string, string>, id: number | string, payload: unknown) {
  return t.app.inject({ method: 'PATCH', url: `/api/v1/cart/items/${id}`, headers, payload: payload as object });
}

function remove(headers: Record<string, string>, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/v1/cart/items/remove', headers, payload: payload as object });
}

async function lineId(customerId: number, productId: number): Promise<number> {
  const all = await t.app.db
    .select({ id: cartItems.id, productId: cartItems.productId })
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId));
  const found = all.find((row) => row.productId === productId);
  if (!found) throw new Error(`no cart line for product ${productId}`);
  return found.id;
}

describe('GET /cart (cartById)', () => {
  it('lists lines named by depth with server prices, limits and the total', async () => {
    const { user, headers } = await buyer();
    const [oneLiter, fourLiters] = tree.variations;
    const white = oneLiter!.subVariations[0]!;
    await add(headers, { product_id: simple.id, quantity: 3 });
    await add(headers, { product_id: tree.id, variation_id: fourLiters!.id, quantity: 2 });
    await add(headers, { product_id: tree.id, variation_id: oneLiter!.id, sub_variation_id: white, quantity: 5 });
    const response = await getCart(headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.delivery_address).toBeNull();
    const byProduct = new Map<number, { id: number }>(
      body.cart.map((line: { id: number; product_id: number }) => [line.product_id, line]),
    );
    expect(byProduct.get(simple.id)).toMatchObject({
      depth: 0,
      product_name: 'Cement',
      variation_name: null,
      sub_variation_name: null,
      seller_name: expect.any(String),
      unit_price: 10000,
      quantity: 3,
      price: 30000,
      quantity_limit: 300,
      stock: 500,
      max_quantity: 300,
      available: true,
    });
    expect(byProduct.get(fourLiters!.id)).toMatchObject({
      depth: 1,
      product_name: 'Paint',
      variation_name: '4 Liters',
      sub_variation_name: null,
      root_product_id: tree.id,
      max_quantity: 150,
    });
    expect(byProduct.get(white)).toMatchObject({
      depth: 2,
      product_name: 'Paint',
      variation_name: '1 Liter',
      sub_variation_name: 'White',
      max_quantity: 600,
    });
    expect(body.total_price).toBe(30000 + 20000 + 50000);
    expect(await lineId(user.id, simple.id)).toBe(byProduct.get(simple.id)?.id);
  });

  it('uses the discounted price when it is at least ₱1, and shows the saved address', async () => {
    const seller = await insertSeller(t.app);
    const discounted = await insertProduct(t.app, {
      sellerId: seller.id,
      categoryId: 2,
      name: 'Promo cement',
      price: 25000,
      discountedPrice: 22000,
      stock: 100,
      images: [{ url: '/uploads/a.webp' }, { url: '/uploads/thumb.webp', isThumbnail: true }],
    });
    const tiny = await insertProduct(t.app, {
      sellerId: seller.id,
      categoryId: 2,
      name: 'Tiny discount',
      price: 5000,
      discountedPrice: 99,
      stock: 100,
    });
    const user = await insertUser(t.app, { at: { lat: 14.6, lng: 121 } });
    const headers = await authHeaders(t.app, user);
    await add(headers, { product_id: discounted.id, quantity: 2 });
    await add(headers, { product_id: tiny.id, quantity: 1 });
    const body = (await getCart(headers)).json();
    const promo = body.cart.find((line: { product_id: number }) => line.product_id === discounted.id);
    expect(promo).toMatchObject({ unit_price: 22000, list_price: 25000, price: 44000, photo: '/uploads/thumb.webp' });
    const small = body.cart.find((line: { product_id: number }) => line.product_id === tiny.id);
    expect(small).toMatchObject({ unit_price: 5000, price: 5000, photo: null });
    expect(body.total_price).toBe(49000);
    expect(body.delivery_address).toBe('Saved address');
  });

  it('marks a line whose product was withdrawn as unavailable', async () => {
    const seller = await insertSeller(t.app);
    const withdrawn = await insertProduct(t.app, { sellerId: seller.id, categoryId: 2, name: 'Withdrawn', stock: 10 });
    const { headers } = await buyer();
    await add(headers, { product_id: withdrawn.id, quantity: 1 });
    await t.app.db.update(products).set({ isActive: false }).where(eq(products.id, withdrawn.id));
    const body = (await getCart(headers)).json();
    expect(body.cart).toEqual([expect.objectContaining({ product_id: withdrawn.id, available: false })]);
  });

  it('shows only the caller’s lines and needs a customer session', async () => {
    const first = await buyer();
    const second = await buyer();
    await add(first.headers, { product_id: simple.id, quantity: 1 });
    expect((await getCart(second.headers)).json()).toMatchObject({ cart: [], total_price: 0, count: 0 });
    expect((await getCart({})).statusCode).toBe(401);
    const seller = await insertUser(t.app, { role: 'seller' });
    expect((await getCart(await authHeaders(t.app, seller))).statusCode).toBe(403);
  });

  it('shows an agent the cart of the customer it acts for', async () => {
    const agent = await insertUser(t.app, { role: 'agent' });
    const customer = await insertUser(t.app, { agentId: agent.id });
    await add(await authHeaders(t.app, customer), { product_id: simple.id, quantity: 7 });
    const body = (await getCart(await authHeaders(t.app, customer, agent.id))).json();
    expect(body.cart).toEqual([expect.objectContaining({ product_id: simple.id, quantity: 7 })]);
    expect((await getCart(await authHeaders(t.app, agent))).json().count).toBe(0);
  });
});

describe('PATCH /cart/items/:id (changeCartQuantity)', () => {
  it('sets the quantity and returns the recomputed line', async () => {
    const { user, headers } = await buyer();
    await add(headers, { product_id: simple.id, quantity: 3 });
    const id = await lineId(user.id, simple.id);
    const response = await patchQuantity(headers, id, { quantity: 12 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, line: { id, quantity: 12, price: 120000 } });
    expect(await linesOf(user.id)).toEqual([{ productId: simple.id, quantity: 12 }]);
  });

  it('refuses zero, negative, fractional, non-numeric, huge and unknown-field quantities', async () => {
    const { user, headers } = await buyer();
    await add(headers, { product_id: simple.id, quantity: 3 });
    const id = await lineId(user.id, simple.id);
    for (const quantity of [0, -1, -500]) {
      const response = await patchQuantity(headers, id, { quantity });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(messages.quantityBelowOne);
      expect(messages.quantityBelowOne).toBe('Quantity cannot be lesser than 1');
    }
    for (const quantity of [1.5, '5', null, true]) {
      const response = await patchQuantity(headers, id, { quantity });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(response.json().error.message).toBe(messages.quantityWholeNumber);
    }
    expect((await patchQuantity(headers, id, {})).statusCode).toBe(400);
    expect((await patchQuantity(headers, id, { quantity: 2, price: 1 })).statusCode).toBe(400);
    const huge = await patchQuantity(headers, id, { quantity: 9_007_199_254_740_991 });
    expect(huge.statusCode).toBe(400);
    const overLimit = await patchQuantity(headers, id, { quantity: 301 });
    expect(overLimit.statusCode).toBe(422);
    expect(overLimit.json().error.message).toBe('Only 300 items can be ordered.');
    expect((await patchQuantity(headers, 'abc', { quantity: 2 })).statusCode).toBe(400);
    expect(await linesOf(user.id)).toEqual([{ productId: simple.id, quantity: 3 }]);
  });

  it('caps a line at 1200 and at the stock, with the level in the message', async () => {
    const { user, headers } = await buyer();
    const [oneLiter, fourLiters] = tree.variations;
    await add(headers, { product_id: huge.id, quantity: 1 });
    await add(headers, { product_id: tree.id, variation_id: fourLiters!.id, quantity: 1 });
    await add(headers, {
      product_id: tree.id,
      variation_id: oneLiter!.id,
      sub_variation_id: oneLiter!.subVariations[0],
      quantity: 1,
    });
    const gravel = await lineId(user.id, huge.id);
    expect((await patchQuantity(headers, gravel, { quantity: 1201 })).json().error.message).toBe(
      'Only 1200 items can be ordered.',
    );
    expect((await patchQuantity(headers, gravel, { quantity: 1200 })).statusCode).toBe(200);
    const variation = await lineId(user.id, fourLiters!.id);
    expect((await patchQuantity(headers, variation, { quantity: 151 })).json().error.message).toBe(
      'Only 150 items can be ordered for this variation.',
    );
    const sub = await lineId(user.id, oneLiter!.subVariations[0]!);
    expect((await patchQuantity(headers, sub, { quantity: 601 })).json().error.message).toBe(
      'Only 600 items can be ordered for this sub variation.',
    );
  });

  it("treats another buyer's line as not found and changes nothing", async () => {
    const owner = await buyer();
    const other = await buyer();
    await add(owner.headers, { product_id: simple.id, quantity: 3 });
    const id = await lineId(owner.user.id, simple.id);
    const response = await patchQuantity(other.headers, id, { quantity: 10 });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(messages.cartItemNotFound);
    expect((await patchQuantity(owner.headers, 999_999, { quantity: 10 })).statusCode).toBe(404);
    expect((await patchQuantity({}, id, { quantity: 10 })).statusCode).toBe(401);
    expect(await linesOf(owner.user.id)).toEqual([{ productId: simple.id, quantity: 3 }]);
  });

  it('lets an agent change the line of the customer it acts for, but not its own token on their line', async () => {
    const agent = await insertUser(t.app, { role: 'agent' });
    const customer = await insertUser(t.app, { agentId: agent.id });
    await add(await authHeaders(t.app, customer), { product_id: simple.id, quantity: 2 });
    const id = await lineId(customer.id, simple.id);
    expect((await patchQuantity(await authHeaders(t.app, agent), id, { quantity: 5 })).statusCode).toBe(404);
    expect((await patchQuantity(await authHeaders(t.app, customer, agent.id), id, { quantity: 5 })).statusCode).toBe(
      200,
    );
    expect(await linesOf(customer.id)).toEqual([{ productId: simple.id, quantity: 5 }]);
  });
});

describe('POST /cart/items/remove (removeSelectedCartItems)', () => {
  it('removes the chosen lines and returns the new count', async () => {
    const { user, headers } = await buyer();
    await add(headers, { product_id: simple.id, quantity: 1 });
    await add(headers, { product_id: capped.id, quantity: 1 });
    await add(headers, { product_id: huge.id, quantity: 1 });
    const ids = [await lineId(user.id, simple.id), await lineId(user.id, capped.id)];
    const response = await remove(headers, { cart_ids: ids });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.itemsRemoved, removed: 2, cart_count: 1 });
    expect(messages.itemsRemoved).toBe('Selected items removed from cart');
    expect(await linesOf(user.id)).toEqual([{ productId: huge.id, quantity: 1 }]);
  });

  it('needs at least one selected item', async () => {
    const { headers } = await buyer();
    for (const payload of [{ cart_ids: [] }, {}]) {
      const response = await remove(headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('No items selected for removal');
    }
    expect((await remove(headers, { cart_ids: [0] })).statusCode).toBe(400);
    expect((await remove(headers, { cart_ids: [1.5] })).statusCode).toBe(400);
  });

  it("removes nothing when any id is another buyer's line", async () => {
    const owner = await buyer();
    const other = await buyer();
    await add(owner.headers, { product_id: simple.id, quantity: 1 });
    await add(other.headers, { product_id: capped.id, quantity: 1 });
    const mine = await lineId(other.user.id, capped.id);
    const theirs = await lineId(owner.user.id, simple.id);
    const response = await remove(other.headers, { cart_ids: [mine, theirs] });
    expect(response.statusCode).toBe(404);
    expect(await linesOf(owner.user.id)).toEqual([{ productId: simple.id, quantity: 1 }]);
    expect(await linesOf(other.user.id)).toEqual([{ productId: capped.id, quantity: 1 }]);
    expect((await remove({}, { cart_ids: [mine] })).statusCode).toBe(401);
  });
});
