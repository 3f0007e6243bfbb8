import { messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, products } from '../../db/schema/index.ts';
import {
  authHeaders,
  type InsertedProduct,
  insertProduct,
  insertSeller,
  insertUser,
} from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addToCart, insertCartCatalog, newBuyer, storedLines } from './cart.fixtures.ts';

/** The cart after adding: its count, the popup (GET /cart), changing a quantity and removing lines. */

/** Building a migrated database can take a while on a busy machine (PGlite in particular). */
const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let simple: InsertedProduct;
let capped: InsertedProduct;
let huge: InsertedProduct;
let tree: InsertedProduct;

beforeAll(async () => {
  t = await createTestApp();
  ({ simple, capped, huge, tree } = await insertCartCatalog(t.app));
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

const buyer = () => newBuyer(t.app);
const add = (headers: Record<string, string>, payload: Record<string, unknown>) => addToCart(t.app, headers, payload);
const linesOf = (customerId: number) => storedLines(t.app, customerId);

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
