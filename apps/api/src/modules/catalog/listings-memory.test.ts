import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import {
  getJson,
  insertCategory,
  insertProduct,
  insertReview,
  insertSeller,
  insertUser,
  places,
} from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { searchIndexOf } from './index.ts';
import { suggestionBounds } from './search-index-listings.ts';

/**
 * Category listings, shop pages and header suggestions from memory (decision 0047): two API instances with the
 * search index on one database and a third with SEARCH_INDEX=off answering in SQL. The answers are the SQL's, and
 * a change written through one instance shows in the other's listings within a second.
 */
const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let other: FastifyInstance;
let sqlOnly: FastifyInstance;
let otherDatabase: Database | undefined;

const env = {
  NODE_ENV: 'test',
  SEED_DEMO: 'off',
  WEB_DIST: '/nonexistent',
  WRITE_RATE_LIMIT_PER_USER: '100000',
  WRITE_RATE_LIMIT_PER_IP: '100000',
  DISCOVERY_CACHE_MS: '0',
};

async function waitUntilReady(app: FastifyInstance) {
  const keeper = searchIndexOf(app);
  if (!keeper) throw new Error('no search index');
  for (let i = 0; i < 200 && !(await keeper.current()); i++) await new Promise((r) => setTimeout(r, 25));
  expect(await keeper.current()).not.toBeNull();
}

/** Polls `check` until it holds; returns the milliseconds it took (fails after 1 s). */
async function within1s(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 1000) throw new Error('not within 1 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

async function currentDatabaseUrl(app: TestApp): Promise<string | undefined> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server || app.database.kind !== 'postgres') return undefined;
  const result = await app.database.db.execute(sql`select current_database() as name`);
  const row = (result as unknown as { rows: Array<{ name: string }> }).rows[0];
  const url = new URL(server);
  url.pathname = `/${row?.name}`;
  return url.toString();
}

let sellerA = 0;
let buyer = 0;
beforeAll(async () => {
  t = await createTestApp({ DISCOVERY_CACHE_MS: '0' });
  const serverUrl = await currentDatabaseUrl(t);
  if (serverUrl) otherDatabase = await openDatabase({ url: serverUrl, dataDir: 'unused' });
  const shared: Database = { ...(otherDatabase ?? t.database), close: async () => {} };
  other = await buildApp({ config: loadConfig(env), database: shared });
  sqlOnly = await buildApp({ config: loadConfig({ ...env, SEARCH_INDEX: 'off' }), database: shared });
  await insertCategory(t.app, 1, 'CEMENT');
  await insertCategory(t.app, 2, 'STEEL BAR');
  await insertCategory(t.app, 3, 'ADHESIVES');
  sellerA = (await insertSeller(t.app, { name: 'QC Builders', urlHandle: 'qc-builders', at: places.quezonCity })).id;
  const sellerB = (
    await insertSeller(t.app, {
      name: 'Cebu Hardware Depot',
      at: places.cebu,
      descriptionHtml: '<p>Open <b>daily</b><script>x()</script></p>',
    })
  ).id;
  const hidden = (await insertSeller(t.app, { name: 'Hidden Hardware', status: 'suspended' })).id;
  buyer = (await insertUser(t.app)).id;
  // Ties on sold count, price and name (case differs) so that the order's tie-breaks are compared too.
  const rows: Array<[string, number, number, number, number]> = [
    ['Portland Cement 40kg', 1, 26000, 30, 0],
    ['portland cement 40kg', 1, 26000, 30, 1],
    ['Masonry Cement', 1, 21000, 5, 0],
    ['White Cement', 1, 30000, 5, 1],
    ['Eagle Cement Advance', 1, 26000, 0, 0],
    ['Deformed Steel Bar 10mm', 2, 18000, 12, 1],
    ['Deformed Steel Bar 12mm', 2, 24000, 12, 0],
    ['Tile Adhesive Premium', 3, 9000, 7, 0],
    ['Épée Adhesive', 3, 9500, 1, 1],
  ];
  for (const [i, [name, categoryId, price, soldCount, seller]] of rows.entries()) {
    const { id } = await insertProduct(t.app, {
      sellerId: seller ? sellerB : sellerA,
      categoryId,
      name,
      price,
      discountedPrice: i === 3 ? 25000 : 0,
      stock: i === 4 ? 0 : 10,
      soldCount,
      description: i === 0 ? '<p>Type 1 cement for  general   construction, bagged in 40 kg sacks.</p>' : null,
      images: i % 2 ? [{ url: `/img/p${i}.jpg` }, { url: `/img/p${i}-thumb.jpg`, isThumbnail: true }] : [],
      variations:
        i === 5
          ? [
              { name: '6 m', stock: 3 },
              { name: '9 m', stock: 2 },
            ]
          : [],
    });
    if (i < 3) await insertReview(t.app, { productId: id, sellerId: sellerA, customerId: buyer, rating: 3 + i });
  }
  await insertProduct(t.app, { sellerId: sellerA, categoryId: 1, name: 'Inactive Cement', isActive: false });
  // The best seller added last: its slot comes after the others', so every path must order by units sold.
  await insertProduct(t.app, { sellerId: sellerB, categoryId: 1, name: 'Fiber Cement Board', stock: 2, soldCount: 80 });
  await insertProduct(t.app, { sellerId: hidden, categoryId: 1, name: 'Hidden Cement', stock: 5, soldCount: 99 });
  await waitUntilReady(t.app);
  await waitUntilReady(other);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await sqlOnly?.close();
  await other?.close();
  await otherDatabase?.close();
  await t?.close();
}, SETUP_TIMEOUT);

async function sameAsSql(path: string) {
  const [fromMemory, fromSql] = await Promise.all([getJson(other, path), getJson(sqlOnly, path)]);
  expect(fromMemory.status).toBe(fromSql.status);
  expect(fromMemory.body).toEqual(fromSql.body);
  return fromMemory;
}

describe('category listings from memory answer as the SQL does', () => {
  const queries = [
    '1/products',
    '1/products?sort=price_asc',
    '1/products?sort=price_desc',
    '1/products?sort=name_asc',
    '1/products?sort=name_desc',
    '1/products?pageSize=2&page=2',
    '1/products?pageSize=2&page=3&sort=price_desc',
    '1/products?page=9',
    '2/products',
    '3/products?sort=name_asc',
    '99/products',
  ];
  it.each(queries)('%s', async (query) => {
    await sameAsSql(`/api/v1/categories/${query}`);
  });
});

describe('shop pages from memory answer as the SQL does', () => {
  const queries = [
    'qc-builders/shop',
    'QC-Builders/shop?sort=asc',
    'qc-builders/shop?sort=desc&pageSize=1&page=2',
    'qc-builders/shop?category=1',
    'qc-builders/shop?category=2&page=3',
    'no-such-shop/shop',
  ];
  it.each(queries)('%s', async (query) => {
    await sameAsSql(`/api/v1/sellers/${query}`);
  });
  it('by id, with the cleaned About text', async () => {
    const { body: shops } = await getJson(sqlOnly, '/api/v1/sellers?mode=global');
    for (const shop of shops.items) await sameAsSql(`/api/v1/sellers/${shop.id}/shop?sort=asc`);
    const hidden = await getJson(sqlOnly, '/api/v1/sellers/hidden-hardware/shop');
    expect(hidden.status).toBe(404);
  });
});

describe('header suggestions from memory answer as the SQL does', () => {
  const queries = [
    'cement',
    'CEM',
    'ce',
    'c',
    'portland 40',
    'land cem',
    'cemnt',
    'deformd',
    'adhesive',
    'épée',
    'hardware',
    'hardwre depo',
    'cebu',
    '&',
    'zzzz',
  ];
  // Each way of reading the names: the walk in best-seller order alone, and candidates marked by position.
  const bounds = { walk: { share: 0 }, marked: { share: 2 } };
  const defaults = { ...suggestionBounds };
  afterAll(() => Object.assign(suggestionBounds, defaults));
  describe.each(Object.entries(bounds))('%s', (_, bound) => {
    it.each(queries)('%s', async (q) => {
      Object.assign(suggestionBounds, bound);
      await sameAsSql(`/api/v1/search/suggestions?q=${encodeURIComponent(q)}`);
    });
  });
});

describe('listings kept in step across instances', () => {
  const categoryNames = async (path: string) =>
    (await getJson(other, `/api/v1/categories/${path}`)).body.items.map((p: any) => p.name);

  it('shows a new product, a price change, a sell-out, a new photo and rating, and a hidden one within 1 s', async () => {
    const { id } = await insertProduct(t.app, {
      sellerId: sellerA,
      categoryId: 2,
      name: 'Rebar Tie Wire',
      price: 1000,
      stock: 4,
      soldCount: 50,
    });
    expect(await within1s(async () => (await categoryNames('2/products'))[0] === 'Rebar Tie Wire')).toBeLessThan(1000);
    const suggested = async () =>
      (await getJson(other, '/api/v1/search/suggestions?q=tie%20wire')).body.products.some(
        (p: any) => p.name === 'Rebar Tie Wire',
      );
    expect(await within1s(suggested)).toBeLessThan(1000);

    // The dearest now: last by price, first by price descending, in the category and the shop.
    await t.app.db.execute(sql`update products set price = 99000 where id = ${id}`);
    expect(
      await within1s(async () => (await categoryNames('2/products?sort=price_desc'))[0] === 'Rebar Tie Wire'),
    ).toBeLessThan(1000);

    // Sold out at checkout: the card says 0 in stock.
    await t.app.db.execute(sql`update products set stock = 0 where id = ${id}`);
    const card = async () =>
      (await getJson(other, '/api/v1/sellers/qc-builders/shop?category=2')).body.items.find((p: any) => p.id === id);
    expect(await within1s(async () => (await card())?.stocks === 0)).toBeLessThan(1000);

    // A photo and a review (other tables) change the card too.
    await t.app.db.execute(
      sql`insert into product_images (product_id, url, is_thumbnail, sort_order) values (${id}, '/img/wire.jpg', true, 0)`,
    );
    expect(await within1s(async () => (await card())?.photo === '/img/wire.jpg')).toBeLessThan(1000);
    await insertReview(t.app, { productId: id, sellerId: sellerA, customerId: buyer, rating: 4 });
    expect(await within1s(async () => (await card())?.rating.total === 1)).toBeLessThan(1000);
    await sameAsSql('/api/v1/sellers/qc-builders/shop?category=2');

    // Deactivated in the seller center: gone from the category, the shop's counts and suggestions.
    await t.app.db.execute(sql`update products set is_active = false where id = ${id}`);
    expect(await within1s(async () => !(await categoryNames('2/products')).includes('Rebar Tie Wire'))).toBeLessThan(
      1000,
    );
    await sameAsSql('/api/v1/sellers/qc-builders/shop');
    await sameAsSql('/api/v1/search/suggestions?q=tie%20wire');
  });

  it('follows a shop renamed or suspended', async () => {
    await t.app.db.execute(sql`update seller_companies set name = 'QC Builders Centre' where id = ${sellerA}`);
    const renamed = async () =>
      (await getJson(other, '/api/v1/categories/1/products')).body.items.some(
        (p: any) => p.seller.name === 'QC Builders Centre',
      );
    expect(await within1s(renamed)).toBeLessThan(1000);
    await sameAsSql('/api/v1/sellers/qc-builders/shop');
    await sameAsSql('/api/v1/search/suggestions?q=centre');

    await t.app.db.execute(sql`update seller_companies set status = 'suspended' where id = ${sellerA}`);
    const gone = async () => (await getJson(other, '/api/v1/sellers/qc-builders/shop')).status === 404;
    expect(await within1s(gone)).toBeLessThan(1000);
    await sameAsSql('/api/v1/categories/1/products');
    await sameAsSql('/api/v1/search/suggestions?q=cement');
    await t.app.db.execute(sql`update seller_companies set status = 'approved' where id = ${sellerA}`);
  });
});
