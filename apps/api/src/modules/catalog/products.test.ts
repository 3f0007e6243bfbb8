import { catalogLimits, messages } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/sql.ts';
import {
  getJson,
  type InsertedProduct,
  insertCategory,
  insertProduct,
  insertReview,
  insertSeller,
  insertUser,
} from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Building a migrated database can take a while on a busy machine (PGlite in particular). */
const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let sellerId: number;
let otherSellerId: number;
let paint: InsertedProduct;
let cement: InsertedProduct;

beforeAll(async () => {
  t = await createTestApp();
  const app = t.app;
  await insertCategory(app, 1, 'STEEL BAR');
  await insertCategory(app, 2, 'CEMENT');
  await insertCategory(app, 3, 'PAINT');
  await insertCategory(app, 13, 'TOOLS');
  sellerId = (
    await insertSeller(app, {
      name: 'Rizal Paints',
      urlHandle: 'rizal-paints',
      descriptionHtml: '<p onclick="x()">Colours <a href="javascript:alert(1)">here</a></p>',
    })
  ).id;
  otherSellerId = (await insertSeller(app, { name: 'Other Depot', urlHandle: 'other-depot' })).id;

  // 25 cement products sold 1..25 times (pages of 20 in the category), priced so price order differs.
  for (let i = 1; i <= 25; i++) {
    await insertProduct(app, {
      sellerId: i % 2 ? sellerId : otherSellerId,
      categoryId: 2,
      name: `Cement Bag ${String(i).padStart(2, '0')}`,
      price: 100000 - i * 1000,
      soldCount: i,
      stock: 10,
    });
  }
  cement = await insertProduct(app, {
    sellerId,
    categoryId: 2,
    name: 'Portland Cement 40kg',
    brand: 'Holcim',
    description: 'A strong cement for walls, floors and slabs. '.repeat(5).trim(),
    price: 25000,
    discountedPrice: 23500,
    soldCount: 1000,
    stock: 700,
    quantityLimit: 500,
    images: [{ url: '/img/cement-side.jpg' }, { url: '/img/cement-front.jpg', isThumbnail: true }],
    videos: ['/video/cement.mp4'],
  });
  paint = await insertProduct(app, {
    sellerId,
    categoryId: 3,
    name: 'Boysen Permacoat Latex',
    brand: 'Boysen',
    price: 90000,
    soldCount: 50,
    variations: [
      {
        name: '1 Liter',
        price: 30000,
        subVariations: [
          { name: 'White', price: 30000, stock: 40, quantityLimit: 300 },
          { name: 'Red', price: 32000, discountedPrice: 31000, stock: 0 },
          { name: 'Retired Blue', price: 1000, stock: 99, isActive: false },
        ],
      },
      { name: '4 Liters', price: 110000, discountedPrice: 99000, stock: 12, quantityLimit: 100 },
      { name: 'Discontinued', price: 5000, stock: 1000, isActive: false },
    ],
  });
  await insertProduct(app, { sellerId, categoryId: 13, name: 'Claw Hammer', price: 40000, soldCount: 5, stock: 3 });
  await insertProduct(app, { sellerId, categoryId: 13, name: 'Retired Saw', soldCount: 9999, isActive: false });

  const buyers = [
    await insertUser(app, { firstName: 'Ana', lastName: 'Santos' }),
    await insertUser(app, { firstName: 'Ben', lastName: 'Reyes' }),
  ];
  await insertReview(app, {
    productId: cement.id,
    sellerId,
    customerId: buyers[0]!.id,
    rating: 5,
    review: 'Great',
    at: new Date('2026-01-02T00:00:00Z'),
  });
  await insertReview(app, {
    productId: cement.id,
    sellerId,
    customerId: buyers[1]!.id,
    rating: 4,
    review: 'Good',
    at: new Date('2026-01-03T00:00:00Z'),
  });
  await insertReview(app, {
    productId: paint.id,
    sellerId,
    customerId: buyers[1]!.id,
    rating: 2,
    review: 'Thin',
    at: new Date('2026-01-04T00:00:00Z'),
  });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

describe('GET /categories/:id', () => {
  it('returns the banner data', async () => {
    const { status, body } = await getJson(t.app, '/api/v1/categories/2');
    expect(status).toBe(200);
    expect(body).toEqual({
      category_id: 2,
      product_category: 'CEMENT',
      photo: '/img/category-2.jpg',
      banner: '/img/banner-2.jpg',
    });
  });

  it('answers 404 for an unknown category and 400 for a bad id', async () => {
    const missing = await getJson(t.app, '/api/v1/categories/99');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(messages.categoryNotFound);
    expect((await getJson(t.app, '/api/v1/categories/abc')).status).toBe(400);
  });
});

describe('GET /categories/:id/products', () => {
  it('pages by 20, best sellers first, with the category for the banner', async () => {
    const { body } = await getJson(t.app, '/api/v1/categories/2/products');
    expect(body.category.product_category).toBe('CEMENT');
    expect(body).toMatchObject({ page: 1, pageSize: catalogLimits.categoryPageSize, totalCount: 26, totalPages: 2 });
    expect(body.items).toHaveLength(20);
    expect(body.items[0].name).toBe('Portland Cement 40kg');
    expect(body.items[1].name).toBe('Cement Bag 25');
    const second = await getJson(t.app, '/api/v1/categories/2/products?page=2');
    expect(second.body.items.map((p: any) => p.name)).toEqual([
      'Cement Bag 06',
      'Cement Bag 05',
      'Cement Bag 04',
      'Cement Bag 03',
      'Cement Bag 02',
      'Cement Bag 01',
    ]);
  });

  it('sorts by price and by name', async () => {
    const cheap = await getJson(t.app, '/api/v1/categories/2/products?sort=price_asc&pageSize=2');
    expect(cheap.body.items.map((p: any) => p.name)).toEqual(['Portland Cement 40kg', 'Cement Bag 25']);
    const dear = await getJson(t.app, '/api/v1/categories/2/products?sort=price_desc&pageSize=2');
    expect(dear.body.items.map((p: any) => p.name)).toEqual(['Cement Bag 01', 'Cement Bag 02']);
    const az = await getJson(t.app, '/api/v1/categories/2/products?sort=name_asc&pageSize=2');
    expect(az.body.items.map((p: any) => p.name)).toEqual(['Cement Bag 01', 'Cement Bag 02']);
    const za = await getJson(t.app, '/api/v1/categories/2/products?sort=name_desc&pageSize=2');
    expect(za.body.items.map((p: any) => p.name)).toEqual(['Portland Cement 40kg', 'Cement Bag 25']);
    expect((await getJson(t.app, '/api/v1/categories/2/products?sort=cheapest')).status).toBe(400);
  });

  it('filters by keyword', async () => {
    const { body } = await getJson(t.app, '/api/v1/categories/2/products?keyword=portland');
    expect(body.items.map((p: any) => p.name)).toEqual(['Portland Cement 40kg']);
    expect(body.totalCount).toBe(1);
  });

  it('builds cards: thumbnail photo, excerpt of 20 words, rating, stock, seller', async () => {
    const { body } = await getJson(t.app, '/api/v1/categories/2/products?keyword=portland');
    const card = body.items[0];
    expect(card).toMatchObject({
      id: cement.id,
      slug: 'portland-cement-40kg',
      photo: '/img/cement-front.jpg',
      price: 25000,
      discounted_price: 23500,
      category_id: 2,
      stocks: 700,
      has_variations: false,
      rating: { average_rating: 4.5, total: 2 },
      seller: { id: sellerId, name: 'Rizal Paints', url_handle: 'rizal-paints' },
    });
    expect(card.description_excerpt.split(' ')).toHaveLength(catalogLimits.descriptionExcerptWords);
    expect(card.description_excerpt.startsWith('A strong cement for walls,')).toBe(true);
    const bag = (await getJson(t.app, '/api/v1/categories/2/products?keyword=bag&pageSize=1')).body.items[0];
    expect(bag).toMatchObject({ photo: null, description_excerpt: null, rating: { average_rating: 0, total: 0 } });
  });

  it('suggests product names of the category', async () => {
    const { body } = await getJson(t.app, '/api/v1/categories/2/suggestions?q=portl');
    expect(body.items).toEqual([{ id: cement.id, name: 'Portland Cement 40kg' }]);
    const many = await getJson(t.app, '/api/v1/categories/2/suggestions?q=cement&limit=50');
    expect(many.body.items).toHaveLength(26);
    const capped = await getJson(t.app, '/api/v1/categories/2/suggestions?q=cement');
    expect(capped.body.items).toHaveLength(catalogLimits.suggestionLimit);
    expect((await getJson(t.app, '/api/v1/categories/2/suggestions?limit=51')).status).toBe(400);
    expect((await getJson(t.app, '/api/v1/categories/13/suggestions?q=cement')).body.items).toEqual([]);
  });
});

describe('GET /products/best-sellers', () => {
  it('ranks every category by units sold (tab ALL = 0), 15 a page', async () => {
    const { body } = await getJson(t.app, '/api/v1/products/best-sellers');
    expect(body).toMatchObject({ page: 1, pageSize: catalogLimits.bestSellerPageSize, totalCount: 28, totalPages: 2 });
    expect(body.items.slice(0, 3).map((p: any) => p.name)).toEqual([
      'Portland Cement 40kg',
      'Boysen Permacoat Latex',
      'Cement Bag 25',
    ]);
    expect(body.items.some((p: any) => p.name === 'Retired Saw')).toBe(false);
  });

  it('ranks one category for its tab', async () => {
    const tools = await getJson(t.app, '/api/v1/products/best-sellers?category=13');
    expect(tools.body.items.map((p: any) => p.name)).toEqual(['Claw Hammer']);
    const paints = await getJson(t.app, '/api/v1/products/best-sellers?category=3');
    expect(paints.body.items[0]).toMatchObject({ name: 'Boysen Permacoat Latex', has_variations: true, stocks: 52 });
    const page2 = await getJson(t.app, '/api/v1/products/best-sellers?category=2&page=2&pageSize=20');
    expect(page2.body.items).toHaveLength(6);
  });
});

describe('GET /products/:id', () => {
  it('returns the product tree, media, seller and both review summaries', async () => {
    const { status, body } = await getJson(t.app, `/api/v1/products/${paint.id}`);
    expect(status).toBe(200);
    const product = body.product;
    expect(product).toMatchObject({
      id: paint.id,
      name: 'Boysen Permacoat Latex',
      slug: 'boysen-permacoat-latex',
      brand: 'Boysen',
      category: { category_id: 3, product_category: 'PAINT' },
      is_paint: true,
      stocks: 52,
      price_range: { min: 30000, max: 99000 },
      seller: { id: sellerId, name: 'Rizal Paints', company_name: 'Rizal Paints', url_handle: 'rizal-paints' },
    });
    expect(product.seller.description).toBe(
      '<p>Colours <a target="_blank" rel="noopener noreferrer nofollow">here</a></p>',
    );
    expect(product.variations).toEqual([
      {
        id: paint.variations[0]!.id,
        name: '1 Liter',
        price: 30000,
        discounted_price: 0,
        stocks: 40,
        quantity_limit: 1200,
        sub_variations: [
          {
            id: paint.variations[0]!.subVariations[0],
            name: 'White',
            price: 30000,
            discounted_price: 0,
            stocks: 40,
            quantity_limit: 300,
          },
          {
            id: paint.variations[0]!.subVariations[1],
            name: 'Red',
            price: 32000,
            discounted_price: 31000,
            stocks: 0,
            quantity_limit: 1200,
          },
        ],
      },
      {
        id: paint.variations[1]!.id,
        name: '4 Liters',
        price: 110000,
        discounted_price: 99000,
        stocks: 12,
        quantity_limit: 100,
        sub_variations: [],
      },
    ]);
    expect(body.item_reviews).toMatchObject({ average_rating: 2, total: 1 });
    expect(body.item_reviews.items).toEqual([
      expect.objectContaining({ customer_name: 'Ben R.', rate: 2, review: 'Thin', product_id: paint.id }),
    ]);
    expect(body.seller_reviews).toMatchObject({ average_rating: 3.67, total: 3 });
    expect(body.seller_reviews.items.map((r: any) => r.review)).toEqual(['Thin', 'Good', 'Great']);
    expect(body.seller_reviews.items[2].created_at).toBe('2026-01-02T00:00:00.000Z');
  });

  it('gives images (thumbnail first) and videos of a simple product', async () => {
    const { body } = await getJson(t.app, `/api/v1/products/${cement.id}`);
    expect(body.product.photo).toBe('/img/cement-front.jpg');
    expect(body.product.product_images.map((i: any) => [i.url, i.is_thumbnail])).toEqual([
      ['/img/cement-front.jpg', true],
      ['/img/cement-side.jpg', false],
    ]);
    expect(body.product.product_videos.map((v: any) => v.url)).toEqual(['/video/cement.mp4']);
    expect(body.product).toMatchObject({
      variations: [],
      price_range: { min: 23500, max: 23500 },
      is_paint: false,
      quantity_limit: 500,
    });
  });

  it('answers 404 for an inactive product, a variation id, an unapproved seller and an unknown id', async () => {
    const [retired] = await rows<{ id: number }>(t.app.db, sql`select id from products where name = 'Retired Saw'`);
    for (const id of [retired!.id, paint.variations[0]!.id, 999999]) {
      const { status, body } = await getJson(t.app, `/api/v1/products/${id}`);
      expect(status).toBe(404);
      expect(body.error.message).toBe(messages.productNotFound);
    }
    await t.app.db.execute(sql`update seller_companies set status = 'suspended' where id = ${otherSellerId}`);
    const [bag] = await rows<{ id: number }>(
      t.app.db,
      sql`select id from products where seller_id = ${otherSellerId} limit 1`,
    );
    expect((await getJson(t.app, `/api/v1/products/${bag!.id}`)).status).toBe(404);
    await t.app.db.execute(sql`update seller_companies set status = 'approved' where id = ${otherSellerId}`);
  });

  it('keeps the product stock in step with its leaves', async () => {
    const white = paint.variations[0]!.subVariations[0]!;
    await t.app.db.execute(sql`update products set stock = stock + 8 where id = ${white}`);
    expect((await getJson(t.app, `/api/v1/products/${paint.id}`)).body.product.stocks).toBe(60);
    await t.app.db.execute(sql`update products set is_active = false where id = ${paint.variations[1]!.id}`);
    expect((await getJson(t.app, `/api/v1/products/${paint.id}`)).body.product.stocks).toBe(48);
    await t.app.db.execute(sql`update products set is_active = true where id = ${paint.variations[1]!.id}`);
    await t.app.db.execute(sql`update products set stock = stock - 8 where id = ${white}`);
    expect((await getJson(t.app, `/api/v1/products/${paint.id}`)).body.product.stocks).toBe(52);
  });
});
