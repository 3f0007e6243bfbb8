import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { products, stockMovements } from '../../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../../test/catalog-fixtures.ts';
import { createUser } from '../../../test/factories.ts';
import { addCartLine, buyerWithCart, delivery, placeOrder } from '../../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { moveOrder, type OrderActor } from '../lifecycle.ts';

/**
 * The buyer's side of orders, for its test files: two sellers with cement, rebar, paint (with a variation) and
 * plywood, an administrator to move orders, and helpers to place, deliver and review. setUpBuyerOrders() builds it
 * before the file's tests (the exported bindings are live) and closes the app after.
 */

export const SETUP_TIMEOUT = 300_000;
export let t: TestApp;
export let admin: OrderActor;
export let sellerA: { id: number; name: string };
export let sellerB: { id: number; name: string };
export let cement: number;
export let rebar: number;
export let paint: { id: number; variations: Array<{ id: number; subVariations: number[] }> };
export let plywood: number;

export function setUpBuyerOrders() {
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
}

export type Buyer = Awaited<ReturnType<typeof buyerWithCart>>;

/** Places one COD order of the given lines for the buyer (a new buyer when none is given). */
export async function order(
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

export async function deliver(reference: string, pickup = false) {
  const steps = pickup
    ? (['Verified', 'For Preparation', 'Received'] as const)
    : (['Verified', 'For Preparation', 'For Delivery', 'Delivered'] as const);
  for (const to of steps) await moveOrder(t.app, { reference, to, actor: admin });
}

export async function setStock(productId: number, stock: number) {
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

export function review(headers: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/reviews', headers, payload: body });
}
