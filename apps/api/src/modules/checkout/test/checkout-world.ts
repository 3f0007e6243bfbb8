import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { products, sellerCompanies } from '../../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller, places } from '../../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The checkout's test world: two sellers (Alpha in Manila with hardware shipping, Bravo in Quezon City) with cement
 * (a big item sold by the bag), white paint (a sub-variation), nails and scarce tiles. setUpCheckout() builds it
 * before the file's tests (the exported bindings are live) and closes the app after.
 */

export const SETUP_TIMEOUT = 300_000;
export let t: TestApp;
export let sellerA: typeof sellerCompanies.$inferSelect;
export let sellerB: typeof sellerCompanies.$inferSelect;
export let cement: number;
export let paintWhite: number;
export let nails: number;
export let scarce: number;

export function setUpCheckout() {
  beforeAll(async () => {
    t = await createTestApp();
    const app = t.app;
    await insertCategory(app, 2, 'CEMENT');
    sellerA = await insertSeller(app, { name: 'Alpha Hardware', at: places.manila, hardwareShipping: true });
    await app.db.update(sellerCompanies).set({ bigItemFeeFixed: 100_000 }).where(eq(sellerCompanies.id, sellerA.id));
    sellerB = await insertSeller(app, { name: 'Bravo Depot', at: places.quezonCity });
    cement = (
      await insertProduct(app, {
        sellerId: sellerA.id,
        categoryId: 2,
        name: 'Portland Cement',
        price: 25_000,
        discountedPrice: 24_000,
        stock: 1000,
        images: [{ url: '/img/cement.webp', isThumbnail: true }],
      })
    ).id;
    await app.db
      .update(products)
      .set({ weightGrams: 40_000, isBigItem: true, sellingUnit: 'bag' })
      .where(eq(products.id, cement));
    const paint = await insertProduct(app, {
      sellerId: sellerA.id,
      categoryId: 2,
      name: 'Paint',
      variations: [
        { name: '1 Liter', subVariations: [{ name: 'White', price: 35_000, discountedPrice: 50, stock: 100 }] },
      ],
    });
    paintWhite = paint.variations[0]!.subVariations[0]!;
    nails = (await insertProduct(app, { sellerId: sellerB.id, categoryId: 2, name: 'Nails', price: 5_000, stock: 500 }))
      .id;
    scarce = (
      await insertProduct(app, { sellerId: sellerB.id, categoryId: 2, name: 'Rare tiles', price: 9_000, stock: 2 })
    ).id;
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  }, SETUP_TIMEOUT);
}

export function post(headers: Record<string, string>, url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
}
