import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getJson, insertCategory, insertProduct, insertSeller, places } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { searchBounds } from './search.service.ts';

/**
 * A large search (more matches than searchBounds.sample, decision 0006) on a small catalogue: the bounds
 * are lowered so that "cement" (8 matches) is large here, as it is at 100k products.
 */
const SETUP_TIMEOUT = 300_000;
let t: TestApp;
const defaults = { ...searchBounds };

const names = (body: any) => body.items.map((p: any) => p.name);
const searchFor = (query: string) => getJson(t.app, `/api/v1/search?${query}`);

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 1, 'STEEL BAR');
  await insertCategory(t.app, 2, 'CEMENT');
  const qc = (await insertSeller(t.app, { name: 'QC Builders', at: places.quezonCity })).id;
  const cebu = (await insertSeller(t.app, { name: 'Cebu Hardware', at: places.cebu })).id;
  const cements: Array<[string, number, number]> = [
    ['Portland Cement 40kg', 26000, 40],
    ['Masonry Cement', 24000, 900],
    ['White Cement', 30000, 5],
    ['Eagle Cement Advance', 26500, 300],
    ['Island Cement Type 1P', 24900, 12],
    ['Pozzolan Blended Cement', 24300, 0],
  ];
  for (const [index, [name, price, soldCount]] of cements.entries()) {
    await insertProduct(t.app, {
      sellerId: index % 2 ? cebu : qc,
      categoryId: 2,
      name,
      brand: index % 2 ? 'Holcim' : 'Republic',
      price,
      stock: 50,
      soldCount,
    });
  }
  // Description-only matches, the best sellers of all: relevance still puts them after every name match.
  for (const [name, price] of [
    ['Trowel Set', 15000],
    ['Mixing Tub', 9000],
  ] as const) {
    await insertProduct(t.app, {
      sellerId: qc,
      categoryId: 1,
      name,
      description: 'For cement and mortar.',
      price,
      stock: 7,
      soldCount: 5000,
    });
  }
  await insertProduct(t.app, { sellerId: qc, categoryId: 1, name: 'Deformed Steel Bar', price: 50000, stock: 9 });
}, SETUP_TIMEOUT);

afterEach(() => {
  Object.assign(searchBounds, defaults);
});

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

describe('GET /search beyond searchBounds.sample matches', () => {
  it('ranks the candidates: name matches first, ties by popularity', async () => {
    Object.assign(searchBounds, { sample: 3, candidates: 20 });
    const { status, body } = await searchFor('q=cement&pageSize=8');
    expect(status).toBe(200);
    expect(names(body)).toEqual([
      'Masonry Cement',
      'Eagle Cement Advance',
      'Portland Cement 40kg',
      'Island Cement Type 1P',
      'White Cement',
      'Pozzolan Blended Cement',
      'Trowel Set',
      'Mixing Tub',
    ]);
    // The total is an estimate from the sample: at least what the sample saw.
    expect(body.totalCount).toBeGreaterThanOrEqual(4);
    expect(body.facets.categories.map((c: any) => c.category_id)).toContain(2);
    for (const facet of body.facets.categories) expect(facet.count).toBeGreaterThanOrEqual(1);
  });

  it('ranks among the candidates with the best text rank, ties by popularity', async () => {
    Object.assign(searchBounds, { sample: 3, candidates: 4 });
    const { body } = await searchFor('q=cement&pageSize=4');
    // The best sellers (description-only matches) are not candidates: their text rank is lower.
    expect(names(body)).toEqual([
      'Masonry Cement',
      'Eagle Cement Advance',
      'Portland Cement 40kg',
      'Island Cement Type 1P',
    ]);
  });

  it('pages beyond the candidates with the exact ranking', async () => {
    Object.assign(searchBounds, { sample: 3, candidates: 4 });
    const { body } = await searchFor('q=cement&pageSize=3&page=2');
    expect(names(body)).toEqual(['Island Cement Type 1P', 'White Cement', 'Pozzolan Blended Cement']);
  });

  it('sorts by price exactly', async () => {
    Object.assign(searchBounds, { sample: 3, candidates: 4 });
    const { body } = await searchFor('q=cement&sort=price_asc&pageSize=4');
    expect(names(body)).toEqual(['Mixing Tub', 'Trowel Set', 'Masonry Cement', 'Pozzolan Blended Cement']);
  });

  it('still finds typos, from the sample', async () => {
    Object.assign(searchBounds, { sample: 3, candidates: 4 });
    const { body } = await searchFor('q=cemnt&pageSize=9');
    expect(body.items.length).toBeGreaterThanOrEqual(4);
    for (const name of names(body)) expect(name).toMatch(/Cement/);
  });

  it('counts the category, seller and brand filters on their own', async () => {
    Object.assign(searchBounds, { sample: 3, candidates: 4 });
    const few = await searchFor('q=cement&category=1');
    expect(few.body.totalCount).toBe(2);
    expect(names(few.body)).toEqual(['Trowel Set', 'Mixing Tub']);
    const many = await searchFor('q=cement&category=2&pageSize=2');
    expect(many.body.totalCount).toBeGreaterThanOrEqual(4);
    expect(names(many.body)).toEqual(['Masonry Cement', 'Eagle Cement Advance']);
  });

  it('gives the same first page as the exact search for a name sort', async () => {
    const exact = await searchFor('q=cement&sort=name_asc&pageSize=5');
    Object.assign(searchBounds, { sample: 3, candidates: 4 });
    const large = await searchFor('q=cement&sort=name_asc&pageSize=5');
    expect(names(large.body)).toEqual(names(exact.body));
    expect(exact.body.totalCount).toBe(8);
  });
});
