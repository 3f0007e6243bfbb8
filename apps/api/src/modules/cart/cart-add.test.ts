import { messages, onlyItemsMessage } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { authHeaders, type InsertedProduct, insertUser } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addToCart, insertCartCatalog, newBuyer, storedLines } from './cart.fixtures.ts';

/** Adding to the cart: POST /cart/items. The rest of the cart is in cart.test.ts. */

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
  ({ simple, capped, huge, tree, inactive, other, pendingSellerProduct } = await insertCartCatalog(t.app));
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

const buyer = () => newBuyer(t.app);
const add = (headers: Record<string, string>, payload: Record<string, unknown>) => addToCart(t.app, headers, payload);
const linesOf = (customerId: number) => storedLines(t.app, customerId);

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

  it('under the item page step of 100, adds what was chosen and refuses what the cart no longer has room for', async () => {
    const { user, headers } = await buyer();
    // Sand: stock 80. The page goes in ones here; it cannot see what another tab already put in the cart.
    expect((await add(headers, { product_id: capped.id, quantity: 1 })).statusCode).toBe(200);
    const whole = await add(headers, { product_id: capped.id, quantity: 80 });
    expect(whole.statusCode).toBe(422);
    expect(whole.json().error.message).toBe('Only 79 items can be ordered.');
    expect((await add(headers, { product_id: capped.id, quantity: 79 })).statusCode).toBe(200);
    expect((await add(headers, { product_id: capped.id, quantity: 1 })).json().error.message).toBe(
      'Only 0 items can be ordered.',
    );
    expect(await linesOf(user.id)).toEqual([{ productId: capped.id, quantity: 80 }]);
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
