import { searchResponse, suggestionsResponse } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp } from '../../db/seed/test-support.ts';
import type { TestApp } from '../../test/test-app.ts';

// The trade's words on the demo catalogue, with the maintained synonym list the migrations seed.

let t: TestApp;

async function search(q: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/search?q=${encodeURIComponent(q)}&pageSize=9`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return searchResponse.parse(response.json()).items.map((item) => item.name);
}

async function suggest(q: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/search/suggestions?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, response.body).toBe(200);
  return suggestionsResponse.parse(response.json()).products.map((product) => product.name);
}

beforeAll(async () => {
  t = await createSeededTestApp();
}, 300_000);

afterAll(async () => {
  await t?.close();
});

/** The trade's word, and what the whole first page of search (and the suggestions) must be. */
const cases: Array<[string, RegExp]> = [
  ['yero', /corrugated gi sheet|long span/i],
  ['pako', /nail/i],
  ['semento', /cement/i],
  ['rebar', /deformed steel bar/i],
  ['varilla', /deformed steel bar/i],
  ['CHB', /hollow block|chb/i],
  ['hollow blocks', /hollow block|chb/i],
];

describe('search synonyms', () => {
  it.each(cases)('search for "%s" finds what the trade means, first', async (word, meant) => {
    const names = await search(word);
    expect(names.length).toBeGreaterThan(0);
    expect(names[0]).toMatch(meant);
    // The whole first page is the meant goods when there are that many of them.
    const meantCount = names.filter((name) => meant.test(name)).length;
    expect(meantCount).toBeGreaterThanOrEqual(Math.min(names.length, 3));
  });

  it('"yero" finds the corrugated GI sheets first and "semento" never the casement windows', async () => {
    expect((await search('yero'))[0]).toBe('Corrugated GI Sheet Gauge 26');
    const semento = await search('semento');
    expect(semento.every((name) => /cement/i.test(name))).toBe(true);
    expect(semento.some((name) => /casement/i.test(name))).toBe(false);
    // "chb" no longer drags in channels and chains by similar spelling.
    expect((await search('chb')).some((name) => /channel|chain/i.test(name))).toBe(false);
  });

  it.each(cases)('suggestions for "%s" are the goods the trade means', async (word, meant) => {
    const names = await suggest(word);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(meant);
  });

  it('keeps a synonym with the other words of the query, and typos of unknown words still match', async () => {
    const names = await search('semento 40kg');
    expect(names[0]).toMatch(/cement.*40kg/i);
    expect((await suggest('semento 40kg'))[0]).toMatch(/cement.*40kg/i);
    // A word no rule names keeps the trigram typo match.
    expect((await search('cemnt')).some((name) => /cement/i.test(name))).toBe(true);
  });

  it('applies to a category keyword and a shop keyword as well', async () => {
    const category = await t.app.inject({ method: 'GET', url: '/api/v1/categories/17/products?keyword=yero' });
    expect(category.statusCode).toBe(200);
    expect(category.json().items.map((item: { name: string }) => item.name)).toContain('Corrugated GI Sheet Gauge 26');
    const [seller] = await t.app.db
      .execute(sql`SELECT s.url_handle FROM seller_companies s JOIN products p ON p.seller_id = s.id
          WHERE p.name LIKE 'Common Wire Nail' LIMIT 1`)
      .then((result) => (result as unknown as { rows: { url_handle: string }[] }).rows);
    const shop = await t.app.inject({ method: 'GET', url: `/api/v1/sellers/${seller!.url_handle}/shop?keyword=pako` });
    expect(shop.statusCode).toBe(200);
    expect(shop.json().items.map((item: { name: string }) => item.name)).toContain('Common Wire Nail');
  });

  it('every rule of the maintained list finds something in the demo catalogue', async () => {
    const rules = (
      (await t.app.db.execute(sql`SELECT term FROM search_synonyms ORDER BY term`)) as unknown as {
        rows: { term: string }[];
      }
    ).rows;
    expect(rules.length).toBeGreaterThanOrEqual(40);
    const empty: string[] = [];
    for (const rule of rules) if ((await search(rule.term)).length === 0) empty.push(rule.term);
    expect(empty).toEqual([]);
  });
});
