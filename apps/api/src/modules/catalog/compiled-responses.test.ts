import { categoryProductsResponse, searchResponse, shopResponse, suggestionsResponse } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { compiledSerializer } from '../../http/compiled-serializer.ts';
import { insertCategory, insertProduct, insertSeller, places } from '../../test/catalog-fixtures.ts';
import { createTestApp, searchIndexCaughtUp, type TestApp } from '../../test/test-app.ts';

// The discovery routes serialized by fast-json-stringify (decision 0070) must send the bytes zod's check and
// JSON.stringify sent: the schema's keys in its order, nothing the schema does not name.

let t: TestApp;
let sellerId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 2, 'CEMENT');
  sellerId = (await insertSeller(t.app, { name: 'Manila Cement Center', at: places.manila })).id;
  const other = (await insertSeller(t.app, { name: 'QC Builders', at: places.quezonCity })).id;
  await insertProduct(t.app, {
    sellerId,
    categoryId: 2,
    name: 'Portland Cement 40kg',
    brand: 'Holcim',
    price: 26000,
    discountedPrice: 24500,
    stock: 100,
    soldCount: 5,
  });
  await insertProduct(t.app, { sellerId: other, categoryId: 2, name: 'Masonry Cement', price: 24000, stock: 0 });
  await insertProduct(t.app, {
    sellerId,
    categoryId: 2,
    name: 'White Cement "Premium" 25kg',
    brand: 'Republic',
    price: 30000,
    stock: 7,
    images: [{ url: '/uploads/white-cement.webp', isThumbnail: true }],
    variations: [
      { name: '25kg', price: 30000, stock: 7 },
      { name: '40kg', price: 41000, stock: 2 },
    ],
  });
  await searchIndexCaughtUp(t);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

/** The body zod's serializer would have sent for the same answer. */
const zodBody = (schema: z.ZodType, body: string) => JSON.stringify(schema.encode(JSON.parse(body)));

describe('discovery answers serialized from their compiled schema', () => {
  it.each([
    ['search', '/api/v1/search?q=cement&availability=outOfStock', searchResponse],
    ['search with facets and related shops', '/api/v1/search?q=cemnt', searchResponse],
    ['search of every product', '/api/v1/search?sort=price_desc', searchResponse],
    ['header suggestions', '/api/v1/search/suggestions?q=cem', suggestionsResponse],
    ['category listing', '/api/v1/categories/2/products', categoryProductsResponse],
  ])('%s: the bytes zod sends', async (_name, url, schema) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).not.toEqual({});
    expect(response.body).toBe(zodBody(schema as z.ZodType, response.body));
  });

  it('shop page: the bytes zod sends', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/sellers/${sellerId}/shop` });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).items.length).toBeGreaterThan(0);
    expect(response.body).toBe(zodBody(shopResponse, response.body));
  });

  it('drops keys the schema does not name and refuses an answer missing a required one', () => {
    const serialize = compiledSerializer({ schema: suggestionsResponse });
    const answer = suggestionsResponse.parse(
      JSON.parse(JSON.stringify({ products: [{ id: 1, name: 'Cement', slug: 'cement' }], sellers: [] })),
    );
    expect(serialize({ ...answer, passwordHash: 'secret' })).toBe(JSON.stringify(answer));
    expect(() => serialize({})).toThrow();
  });
});
