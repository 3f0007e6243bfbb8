import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRowOfName } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SearchIndex } from './search-index.ts';
import { closenessBound, WordShareBound } from './search-index-closeness.ts';
import { grow, scratch } from './search-index-scratch.ts';
import { trigramQuery } from './search-index-typos.ts';

/**
 * The name-word bounds of the relevance walk (decisions 0062, 0065) are upper bounds of the name's closeness: never
 * below pg_trgm's word_similarity (on PGlite or PostgreSQL); the share is not below closenessBound, which it is
 * checked before, and the words' best windows are not above the share.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const names = [
  'Series',
  'Xies Series',
  'Chassis Series Q39',
  'Superior Series W23 (Set of 5)',
  'Plastering Standard Series',
  'Boysen Permacoat Latex Semi-Gloss White 16L Builder Pack Series J23',
  'Deformed Steel Bar Grade 40 10mm x 6m Premium Series H46 (Bundle of 10)',
  'S Se Ser Seri',
  'Set of 5 Set of 5',
  'Cement Casement Cements',
  'Portland Cement 40kg',
  'PVC Pipe Premium Pro Series P12',
  'Premium Premium Pack',
  'Paint Roller 7 in Premium Series',
  // Three adjacent words whose best window spans all three (a middle word holding the query's trigrams).
  'Tile A B C Red',
];
const texts = [
  'seris',
  'series',
  'series bundle',
  'set',
  'cemnt',
  'portland cement',
  'is series',
  'xyz',
  'premum',
  'seies',
  'pipe premum',
  'a b c',
];

describe('the name-word bounds', () => {
  it("are never below pg_trgm's word_similarity", async () => {
    const index = new SearchIndex();
    index.apply(names.map((name, i) => indexRowOfName(name, i + 1)));
    index.freeze();
    scratch.inQuery = grow(scratch.inQuery, index.trigramPostings.length, (n) => new Uint8Array(n));
    scratch.gap = grow(scratch.gap, index.trigramPostings.length, (n) => new Uint8Array(n));
    const result = await t.app.db.execute(sql`
      select t.term, n.ord::int as id, word_similarity(t.term, n.name)::float8 as similarity
      from unnest(${sql.param(texts)}::text[]) as t(term),
           unnest(${sql.param(names)}::text[]) with ordinality as n(name, ord)`);
    const rows = (result as unknown as { rows: Array<{ term: string; id: number; similarity: number }> }).rows;
    expect(rows).toHaveLength(texts.length * names.length);
    let below = 0;
    let exact = 0;
    let tighter = 0;
    for (const row of rows) {
      const query = trigramQuery(index, row.term);
      const slot = index.slotOfId.get(row.id) as number;
      const bounds = new WordShareBound(index, [query]);
      const share = bounds.of(slot);
      const window = bounds.windowOf(slot);
      const similarity = Math.fround(row.similarity);
      expect([row.term, row.id, share >= similarity]).toEqual([row.term, row.id, true]);
      expect([row.term, row.id, share >= closenessBound(index, slot, query)]).toEqual([row.term, row.id, true]);
      expect([row.term, row.id, window >= similarity, window <= share]).toEqual([row.term, row.id, true, true]);
      if (share < 1) below++;
      if (window === similarity) exact++;
      if (window < share) tighter++;
    }
    // The bounds do keep names out: the share is below 1 for most pairs, and the windows are often exact where
    // the share is not ("premum" in "Premium Series": 4/7 against 5/7).
    expect(below).toBeGreaterThan(rows.length / 2);
    expect(exact).toBeGreaterThan(rows.length / 2);
    expect(tighter).toBeGreaterThan(rows.length / 10);
    const premium = new WordShareBound(index, [trigramQuery(index, 'premum')]);
    const slot = index.slotOfId.get(names.indexOf('Paint Roller 7 in Premium Series') + 1) as number;
    expect([premium.of(slot), premium.windowOf(slot)]).toEqual([Math.fround(5 / 7), Math.fround(4 / 7)]);
  });
});
