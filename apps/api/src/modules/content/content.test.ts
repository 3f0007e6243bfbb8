import { blogsResponse, categoriesResponse, partnersResponse } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp } from '../../db/seed/test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let empty: TestApp;

beforeAll(async () => {
  [t, empty] = await Promise.all([createSeededTestApp(), createTestApp()]);
}, 300_000);

afterAll(async () => {
  await Promise.all([t?.close(), empty?.close()]);
});

describe('GET /api/v1/categories', () => {
  it('lists every category in grid order with its photo and banner', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/categories' });
    expect(response.statusCode).toBe(200);
    const { items } = categoriesResponse.parse(response.json());
    expect(items.length).toBe(18);
    expect(items[0]).toMatchObject({ category_id: 2, product_category: 'CEMENT' });
    expect(items[1]).toMatchObject({ category_id: 1, product_category: 'STEEL BAR' });
    expect(items.map((item) => item.category_id)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 13, 16, 17, 18]));
    for (const item of items) {
      expect(item.photo).toMatch(/^\/uploads\/seed\/categories\/.+\.webp$/);
      expect(item.banner).toMatch(/-banner\.webp$/);
    }
  });

  it('serves the category pictures as cacheable WebP files', async () => {
    const { items } = categoriesResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/categories' })).json(),
    );
    const picture = await t.app.inject({ method: 'GET', url: items[0]!.photo! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('immutable');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    expect(picture.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('answers empty lists on a database without content', async () => {
    for (const url of ['/api/v1/categories', '/api/v1/content/partners', '/api/v1/content/blogs']) {
      const response = await empty.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ items: [] });
    }
  });
});

describe('GET /api/v1/content', () => {
  it('lists the brand partners in order, each with a logo that loads', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/content/partners' });
    expect(response.statusCode).toBe(200);
    const { items } = partnersResponse.parse(response.json());
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items[0]!.name).toBe('Kalasag Steel');
    const logo = await t.app.inject({ method: 'GET', url: items[0]!.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
  });

  it('lists the blog cards, featured first and newest first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/content/blogs' });
    expect(response.statusCode).toBe(200);
    const { items } = blogsResponse.parse(response.json());
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.slice(0, 4).every((item) => item.featured)).toBe(true);
    expect(items.slice(4).every((item) => !item.featured)).toBe(true);
    const featuredDates = items.slice(0, 4).map((item) => item.publishedOn);
    expect(featuredDates).toEqual([...featuredDates].sort().reverse());
    for (const item of items) {
      expect(item.publishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.url).toMatch(/^https:\/\//);
      expect(item.imageUrl).toMatch(/^\/uploads\/seed\/blogs\//);
    }
  });
});

describe('GET /uploads/*', () => {
  it('answers 404 (not the web app) for a missing file and refuses paths outside the folder', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/seed/products/nope.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const outside = await t.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fpackage.json' });
    expect([403, 404]).toContain(outside.statusCode);
    expect(outside.body).not.toContain('"name"');
  });
});
