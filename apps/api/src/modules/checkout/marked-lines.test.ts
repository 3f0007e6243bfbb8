import { messages } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProduct, insertSeller, places } from '../../test/catalog-fixtures.ts';
import { buyerWithCart, countRows, delivery, placeOrder, stockOf } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 11 item 4: the checkout buys the lines marked in the cart (stored with the cart), nothing else. */

const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let nails: number;
let tiles: number;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 2, 'CEMENT');
  const seller = await insertSeller(t.app, { name: 'Bravo Depot', at: places.quezonCity });
  nails = (await insertProduct(t.app, { sellerId: seller.id, categoryId: 2, name: 'Nails', price: 5_000, stock: 500 }))
    .id;
  tiles = (await insertProduct(t.app, { sellerId: seller.id, categoryId: 2, name: 'Tiles', price: 9_000, stock: 50 }))
    .id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

function post(headers: Record<string, string>, url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
}

describe('checkout reads the marks stored with the cart', () => {
  it('a line unmarked in the cart (another tab or device) is refused with nothing written', async () => {
    const b = await buyerWithCart(t.app, [
      { productId: nails, quantity: 2 },
      { productId: tiles, quantity: 1 },
    ]);
    const [nailsLine, tilesLine] = b.cartItemIds as [number, number];
    const unmark = await post(b.headers, '/cart/marks', { cart_ids: [tilesLine], marked: false });
    expect(unmark.statusCode).toBe(200);
    const preview = await post(b.headers, '/checkout/preview', { cart_item_ids: b.cartItemIds, ...delivery('pickup') });
    expect(preview.statusCode).toBe(409);
    expect(preview.json().error.message).toBe(messages.cartChanged);
    const tilesBefore = await stockOf(t.app, tiles);
    const placed = await placeOrder(t.app, b.headers, {
      cart_item_ids: [nailsLine, tilesLine],
      ...delivery('pickup'),
      payment_method: 'cod',
    });
    expect(placed.statusCode).toBe(409);
    expect(placed.json().error.message).toBe(messages.cartChanged);
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(0);
    expect(await countRows(t.app, 'cart_items', sql`customer_id = ${b.user.id}`)).toBe(2);
    expect(await stockOf(t.app, tiles)).toBe(tilesBefore);
  });

  it('buys the marked lines, leaves the unmarked ones in the cart, and clears the used instructions', async () => {
    const b = await buyerWithCart(t.app, [
      { productId: nails, quantity: 2 },
      { productId: tiles, quantity: 1 },
    ]);
    const [nailsLine, tilesLine] = b.cartItemIds as [number, number];
    await post(b.headers, '/cart/marks', { cart_ids: [tilesLine], marked: false });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/instructions',
      headers: b.headers,
      payload: { order_instructions: 'Gate 3' },
    });
    const placed = await placeOrder(t.app, b.headers, {
      cart_item_ids: [nailsLine],
      ...delivery('pickup'),
      payment_method: 'cod',
      order_instructions: 'Gate 3',
    });
    expect(placed.statusCode).toBe(200);
    const cart = (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: b.headers })).json();
    expect(cart.cart.map((line: { id: number; marked: boolean }) => [line.id, line.marked])).toEqual([
      [tilesLine, false],
    ]);
    expect(cart.order_instructions).toBe('');
  });
});
