import { messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../../db/schema/index.ts';
import {
  authHeaders,
  type InsertedProduct,
  insertCategory,
  insertProduct,
  insertSeller,
  insertUser,
} from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 11: a repeated add counts once; the cart's marks and order instructions are stored with the cart. */

const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let cement: InsertedProduct;
let sand: InsertedProduct;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 2, 'CEMENT');
  const seller = await insertSeller(t.app);
  cement = await insertProduct(t.app, { sellerId: seller.id, categoryId: 2, name: 'Cement', stock: 500 });
  sand = await insertProduct(t.app, { sellerId: seller.id, categoryId: 2, name: 'Sand', stock: 300 });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

async function buyer() {
  const user = await insertUser(t.app);
  return { user, headers: await authHeaders(t.app, user) };
}

function add(headers: Record<string, string>, payload: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/cart/items',
    headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
    payload,
  });
}

async function quantityOf(customerId: number, productId: number) {
  const lines = await t.app.db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId));
  return lines.find((line) => line.productId === productId)?.quantity ?? 0;
}

const getCart = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/cart', headers });
const mark = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/cart/marks', headers, payload: payload as object });
const saveInstructions = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/cart/instructions', headers, payload: payload as object });

describe('POST /cart/items with an Idempotency-Key', () => {
  it('adds once when the same key is sent twice, and again for a new key', async () => {
    const { user, headers } = await buyer();
    const first = await add(headers, { product_id: cement.id, quantity: 100 }, 'add-key-0001');
    const repeat = await add(headers, { product_id: cement.id, quantity: 100 }, 'add-key-0001');
    expect(first.statusCode).toBe(200);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ cart_count: 1, cart_item: { quantity: 100 } });
    expect(await quantityOf(user.id, cement.id)).toBe(100);
    const next = await add(headers, { product_id: cement.id, quantity: 100 }, 'add-key-0002');
    expect(next.json()).toMatchObject({ cart_count: 1, cart_item: { quantity: 200 } });
  });

  it('a repeat that would pass the bound if counted twice still answers the line', async () => {
    const { user, headers } = await buyer();
    // Sand: stock 300. 200 + 200 would not fit; the repeat is the same add, so it is not refused.
    await add(headers, { product_id: sand.id, quantity: 200 }, 'bound-key-01');
    const repeat = await add(headers, { product_id: sand.id, quantity: 200 }, 'bound-key-01');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().cart_item.quantity).toBe(200);
    expect(await quantityOf(user.id, sand.id)).toBe(200);
  });

  it('two adds with the same key at once add once (a double click)', async () => {
    const { user, headers } = await buyer();
    const answers = await Promise.all(
      Array.from({ length: 2 }, () => add(headers, { product_id: cement.id, quantity: 100 }, 'double-click-1')),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    for (const answer of answers) expect(answer.json().cart_count).toBe(1);
    expect(await quantityOf(user.id, cement.id)).toBe(100);
  });

  it('adds twice without a key, and refuses a malformed key', async () => {
    const { user, headers } = await buyer();
    await add(headers, { product_id: cement.id, quantity: 100 });
    await add(headers, { product_id: cement.id, quantity: 100 });
    expect(await quantityOf(user.id, cement.id)).toBe(200);
    for (const bad of ['short', 'x'.repeat(201), 'has space inside']) {
      const res = await add(headers, { product_id: cement.id, quantity: 100 }, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.idempotencyKeyRequired);
    }
    expect(await quantityOf(user.id, cement.id)).toBe(200);
  });

  it('the same key of another customer is another add', async () => {
    const a = await buyer();
    const b = await buyer();
    await add(a.headers, { product_id: cement.id, quantity: 100 }, 'shared-key-01');
    const theirs = await add(b.headers, { product_id: cement.id, quantity: 100 }, 'shared-key-01');
    expect(theirs.json().cart_item.quantity).toBe(100);
    expect(await quantityOf(b.user.id, cement.id)).toBe(100);
  });
});

describe('cart marks (POST /cart/marks)', () => {
  it('marks lines when they are added, so the cart opens with them marked and totalled', async () => {
    const { headers } = await buyer();
    await add(headers, { product_id: cement.id, quantity: 2 });
    await add(headers, { product_id: sand.id, quantity: 1 });
    const cart = (await getCart(headers)).json();
    expect(cart.cart.map((line: { marked: boolean }) => line.marked)).toEqual([true, true]);
  });

  it('stores unmarks with the cart, and adding to an unmarked line marks it again', async () => {
    const { headers } = await buyer();
    const cementLine = (await add(headers, { product_id: cement.id, quantity: 2 })).json().cart_item.id;
    const sandLine = (await add(headers, { product_id: sand.id, quantity: 1 })).json().cart_item.id;
    const answer = await mark(headers, { cart_ids: [cementLine, sandLine], marked: false });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().cart.every((line: { marked: boolean }) => !line.marked)).toBe(true);
    // Another request (another tab or device) reads the same marks.
    const again = (await getCart(headers)).json();
    expect(again.cart.every((line: { marked: boolean }) => !line.marked)).toBe(true);
    await add(headers, { product_id: sand.id, quantity: 1 });
    const after = (await getCart(headers)).json();
    const byId = new Map(after.cart.map((line: { id: number; marked: boolean }) => [line.id, line.marked]));
    expect(byId.get(sandLine)).toBe(true);
    expect(byId.get(cementLine)).toBe(false);
  });

  it("never touches another customer's lines, and refuses bad bodies", async () => {
    const owner = await buyer();
    const other = await buyer();
    const line = (await add(owner.headers, { product_id: cement.id, quantity: 1 })).json().cart_item.id;
    const res = await mark(other.headers, { cart_ids: [line], marked: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().cart).toEqual([]);
    expect((await getCart(owner.headers)).json().cart[0].marked).toBe(true);
    for (const bad of [{ cart_ids: [], marked: true }, { cart_ids: [line] }, { cart_ids: [line], marked: 'yes' }]) {
      expect((await mark(owner.headers, bad)).statusCode).toBe(400);
    }
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/marks',
      payload: { cart_ids: [line], marked: true },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('order instructions (PUT /cart/instructions)', () => {
  it('stores the instructions with the cart, trimmed, for every later read', async () => {
    const { headers } = await buyer();
    expect((await getCart(headers)).json().order_instructions).toBe('');
    const saved = await saveInstructions(headers, { order_instructions: '  Gate 3, call before delivery  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, order_instructions: 'Gate 3, call before delivery' });
    expect((await getCart(headers)).json().order_instructions).toBe('Gate 3, call before delivery');
    await saveInstructions(headers, { order_instructions: '' });
    expect((await getCart(headers)).json().order_instructions).toBe('');
  });

  it('keeps up to 1,000 characters (what the order carries), refuses more or unknown fields, and keeps what was saved', async () => {
    const { headers } = await buyer();
    expect((await saveInstructions(headers, { order_instructions: 'x'.repeat(1000) })).statusCode).toBe(200);
    await saveInstructions(headers, { order_instructions: 'Leave at the gate' });
    for (const bad of [{ order_instructions: 'x'.repeat(1001) }, { order_instructions: 'a', other: 1 }, {}]) {
      expect((await saveInstructions(headers, bad)).statusCode).toBe(400);
    }
    expect((await getCart(headers)).json().order_instructions).toBe('Leave at the gate');
  });
});
