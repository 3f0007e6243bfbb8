import { catalogLimits, messages } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  getJson,
  insertCategory,
  insertProduct,
  insertSeller,
  insertUser,
  places,
} from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Building a migrated database can take a while on a busy machine (PGlite in particular). */
const SETUP_TIMEOUT = 300_000;
let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const app = t.app;
  await insertCategory(app, 2, 'CEMENT');
  await insertCategory(app, 1, 'STEEL BAR');
  // Three sellers near Manila at known distances, two far away, one pending.
  ids.makati = (
    await insertSeller(app, { name: 'Makati Builders', urlHandle: 'makati-builders', at: places.makati })
  ).id;
  ids.qc = (await insertSeller(app, { name: 'QC Hardware', urlHandle: 'qc-hardware', at: places.quezonCity })).id;
  ids.antipolo = (
    await insertSeller(app, {
      name: 'Antipolo Steel Depot',
      urlHandle: 'Antipolo-Steel',
      at: places.antipolo,
      city: 'Antipolo',
      province: 'Rizal',
      micrositeHandle: 'AntipoloSteel',
      micrositeBrand: 'ANTIPOLO STEEL',
      descriptionHtml: '<p>Steel since <strong>1990</strong><script>alert(1)</script></p>',
    })
  ).id;
  ids.baguio = (await insertSeller(app, { name: 'Baguio Cement Center', at: places.baguio, city: 'Baguio' })).id;
  ids.cebu = (await insertSeller(app, { name: 'Cebu Roofing', at: places.cebu, city: 'Cebu' })).id;
  ids.pending = (await insertSeller(app, { name: 'Pending Makati Shop', at: places.makati, status: 'pending' })).id;

  // Antipolo has 6 products (cards show 4 best sellers), across two categories.
  for (let i = 1; i <= 6; i++) {
    await insertProduct(app, {
      sellerId: ids.antipolo,
      categoryId: i <= 4 ? 1 : 2,
      name: i <= 4 ? `Deformed Steel Bar ${i * 10}mm` : `Portland Cement Type ${i}`,
      price: 10000 * i,
      discountedPrice: i === 2 ? 70000 : 0, // effective 700.00, above product 6 (600.00)... see sort test
      soldCount: i * 10,
      stock: 50,
      images: [{ url: `/img/p${i}-a.jpg` }, { url: `/img/p${i}-thumb.jpg`, isThumbnail: true }],
    });
  }
  await insertProduct(app, { sellerId: ids.antipolo, categoryId: 2, name: 'Hidden Cement', isActive: false });
  await insertProduct(app, { sellerId: ids.makati, categoryId: 2, name: 'Makati Cement', stock: 5 });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

describe('GET /sellers', () => {
  it('lists nearby sellers nearest first within the radius, with distances', async () => {
    const { status, body } = await getJson(
      t.app,
      `/api/v1/sellers?mode=nearby&lat=${places.manila.lat}&lng=${places.manila.lng}`,
    );
    expect(status).toBe(200);
    expect(body.mode).toBe('nearby');
    expect(body.radius_km).toBe(catalogLimits.nearbyRadiusKm);
    expect(body.items.map((s: any) => s.name)).toEqual(['Makati Builders', 'QC Hardware', 'Antipolo Steel Depot']);
    const [makati, qc, antipolo] = body.items;
    expect(makati.distance_km).toBeGreaterThan(5);
    expect(makati.distance_km).toBeLessThan(7);
    expect(qc.distance_km).toBeGreaterThan(10);
    expect(qc.distance_km).toBeLessThan(12);
    expect(antipolo.distance_km).toBeGreaterThan(20);
    expect(antipolo.distance_km).toBeLessThan(22);
    expect(body.totalCount).toBe(3);
    expect(body.pageSize).toBe(catalogLimits.sellerPageSize);
  });

  it('orders by distance from wherever the pin is', async () => {
    const { body } = await getJson(t.app, `/api/v1/sellers?lat=${places.antipolo.lat}&lng=${places.antipolo.lng}`);
    expect(body.mode).toBe('nearby');
    expect(body.items[0].name).toBe('Antipolo Steel Depot');
    expect(body.items[0].distance_km).toBeLessThan(0.01);
    // From Baguio only Baguio itself is within 100 km.
    const far = await getJson(t.app, `/api/v1/sellers?lat=${places.baguio.lat}&lng=${places.baguio.lng}`);
    expect(far.body.items.map((s: any) => s.name)).toEqual(['Baguio Cement Center']);
  });

  it('uses the signed-in customer saved location when no coordinates are sent', async () => {
    const buyer = await insertUser(t.app, { at: places.quezonCity });
    const { body } = await getJson(t.app, '/api/v1/sellers', await authHeaders(t.app, buyer));
    expect(body.mode).toBe('nearby');
    expect(body.items[0].name).toBe('QC Hardware');
  });

  it('lists every approved seller by name in global mode, and is the default without coordinates', async () => {
    const { body } = await getJson(t.app, '/api/v1/sellers');
    expect(body.mode).toBe('global');
    expect(body.items.map((s: any) => s.name)).toEqual([
      'Antipolo Steel Depot',
      'Baguio Cement Center',
      'Cebu Roofing',
      'Makati Builders',
      'QC Hardware',
    ]);
    expect(body.items[0].distance_km).toBeNull();
    expect(body.items[0].location).toBe('Antipolo, Rizal');
  });

  it('refuses nearby without any coordinates', async () => {
    const { status, body } = await getJson(t.app, '/api/v1/sellers?mode=nearby');
    expect(status).toBe(400);
    expect(body.error.message).toBe(messages.coordinatesRequired);
  });

  it('pages with the requested size', async () => {
    const first = await getJson(t.app, '/api/v1/sellers?mode=global&pageSize=2&page=1');
    const third = await getJson(t.app, '/api/v1/sellers?mode=global&pageSize=2&page=3');
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, totalPages: 3, totalCount: 5 });
    expect(first.body.items).toHaveLength(2);
    expect(third.body.items.map((s: any) => s.name)).toEqual(['QC Hardware']);
    const past = await getJson(t.app, '/api/v1/sellers?mode=global&pageSize=2&page=9');
    expect(past.body).toMatchObject({ items: [], totalCount: 5, totalPages: 3 });
    expect((await getJson(t.app, '/api/v1/sellers?pageSize=0')).status).toBe(400);
  });

  it('filters by keyword, tolerating a typo', async () => {
    const exact = await getJson(t.app, '/api/v1/sellers?mode=global&keyword=hardware');
    expect(exact.body.items.map((s: any) => s.name)).toEqual(['QC Hardware']);
    const typo = await getJson(t.app, '/api/v1/sellers?mode=global&keyword=hardwre');
    expect(typo.body.items.map((s: any) => s.name)).toEqual(['QC Hardware']);
    const nearby = await getJson(
      t.app,
      `/api/v1/sellers?lat=${places.manila.lat}&lng=${places.manila.lng}&keyword=cement`,
    );
    expect(nearby.body.items).toEqual([]); // Baguio Cement Center is too far
  });

  it('shows up to 4 best-selling product photos per card, thumbnails preferred', async () => {
    const { body } = await getJson(t.app, '/api/v1/sellers?mode=global&keyword=antipolo');
    const card = body.items[0];
    expect(card.products).toHaveLength(catalogLimits.sellerCardPhotos);
    expect(card.products.map((p: any) => p.photo)).toEqual([
      '/img/p6-thumb.jpg',
      '/img/p5-thumb.jpg',
      '/img/p4-thumb.jpg',
      '/img/p3-thumb.jpg',
    ]);
  });
});

describe('GET /sellers/search', () => {
  it('returns seller names for the search box', async () => {
    const { body } = await getJson(t.app, '/api/v1/sellers/search?q=mak');
    expect(body.items.map((s: any) => s.name)).toEqual(['Makati Builders']);
    expect(body.items[0]).toMatchObject({ url_handle: 'makati-builders' });
    expect((await getJson(t.app, '/api/v1/sellers/search?q=')).status).toBe(400);
  });
});

describe('GET /microsites/:handle', () => {
  it('finds an approved seller microsite by handle, any case', async () => {
    const { status, body } = await getJson(t.app, '/api/v1/microsites/antipolosteel');
    expect(status).toBe(200);
    expect(body).toEqual({
      id: ids.antipolo,
      microsite: 'AntipoloSteel',
      brand: 'ANTIPOLO STEEL',
      url_handle: 'Antipolo-Steel',
    });
  });

  it('answers 404 with a clear message for an unknown handle', async () => {
    const { status, body } = await getJson(t.app, '/api/v1/microsites/nope');
    expect(status).toBe(404);
    expect(body.error.message).toBe(messages.micrositeNotFound);
  });
});

describe('GET /sellers/:handleOrId/shop', () => {
  it('returns the header, its categories and the first page of products', async () => {
    const { status, body } = await getJson(t.app, '/api/v1/sellers/antipolo-steel/shop');
    expect(status).toBe(200);
    expect(body.seller_company).toMatchObject({
      id: ids.antipolo,
      seller_name: 'Antipolo Steel Depot',
      url_handle: 'Antipolo-Steel',
      location: 'Antipolo, Rizal',
      product_count: 6,
    });
    expect(body.seller_company.seller_description).toBe('<p>Steel since <strong>1990</strong></p>');
    expect(body.categories).toEqual([
      { category_id: 1, product_category: 'STEEL BAR', count: 4 },
      { category_id: 2, product_category: 'CEMENT', count: 2 },
    ]);
    expect(body).toMatchObject({ page: 1, pageSize: catalogLimits.shopPageSize, totalCount: 6, totalPages: 1 });
    // Default order: best selling first; the inactive product is not listed.
    expect(body.items.map((p: any) => p.name)[0]).toBe('Portland Cement Type 6');
    expect(body.items.some((p: any) => p.name === 'Hidden Cement')).toBe(false);
  });

  it('is reachable by id too', async () => {
    const { body } = await getJson(t.app, `/api/v1/sellers/${ids.antipolo}/shop`);
    expect(body.seller_company.id).toBe(ids.antipolo);
  });

  it('sorts by effective price (LOWEST PRICE / HIGHEST PRICE)', async () => {
    const asc = await getJson(t.app, '/api/v1/sellers/antipolo-steel/shop?sort=asc');
    // Effective prices: 100, 700 (discounted from 200), 300, 400, 500, 600 pesos.
    expect(asc.body.items.map((p: any) => p.price)).toEqual([10000, 30000, 40000, 50000, 60000, 20000]);
    const desc = await getJson(t.app, '/api/v1/sellers/antipolo-steel/shop?sort=desc');
    expect(desc.body.items.map((p: any) => p.price)).toEqual([20000, 60000, 50000, 40000, 30000, 10000]);
  });

  it('filters by category and keyword, and pages', async () => {
    const cement = await getJson(t.app, '/api/v1/sellers/antipolo-steel/shop?category=2');
    expect(cement.body.items.map((p: any) => p.name).sort()).toEqual([
      'Portland Cement Type 5',
      'Portland Cement Type 6',
    ]);
    expect(cement.body.totalCount).toBe(2);
    expect(cement.body.seller_company.product_count).toBe(6);
    const keyword = await getJson(t.app, '/api/v1/sellers/antipolo-steel/shop?keyword=20mm');
    expect(keyword.body.items.map((p: any) => p.name)).toEqual(['Deformed Steel Bar 20mm']);
    const paged = await getJson(t.app, '/api/v1/sellers/antipolo-steel/shop?pageSize=4&page=2&sort=asc');
    expect(paged.body).toMatchObject({ page: 2, pageSize: 4, totalPages: 2, totalCount: 6 });
    expect(paged.body.items.map((p: any) => p.price)).toEqual([60000, 20000]);
  });

  it('answers 404 for unknown and unapproved shops', async () => {
    const unknown = await getJson(t.app, '/api/v1/sellers/nobody/shop');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(messages.shopNotFound);
    expect((await getJson(t.app, `/api/v1/sellers/${ids.pending}/shop`)).status).toBe(404);
  });

  it('suggests product names of the shop', async () => {
    const { body } = await getJson(t.app, '/api/v1/sellers/antipolo-steel/suggestions?q=port');
    expect(body.items.map((p: any) => p.name)).toEqual(['Portland Cement Type 6', 'Portland Cement Type 5']);
    const typo = await getJson(t.app, '/api/v1/sellers/antipolo-steel/suggestions?q=portlnd');
    expect(typo.body.items).toHaveLength(2);
    const none = await getJson(t.app, '/api/v1/sellers/makati-builders/suggestions?q=portland');
    expect(none.body.items).toEqual([]);
    const top = await getJson(t.app, '/api/v1/sellers/antipolo-steel/suggestions?limit=2');
    expect(top.body.items.map((p: any) => p.name)).toEqual(['Portland Cement Type 6', 'Portland Cement Type 5']);
  });
});
