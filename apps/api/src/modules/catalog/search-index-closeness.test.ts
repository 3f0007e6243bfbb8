import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRowOfName } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SearchIndex } from './search-index.ts';
import { closenessBound, WordShareBound } from './search-index-closeness.ts';
import { grow, scratch } from './search-index-scratch.ts';
import { trigramQuery } from './search-index-typos.ts';

/**
 * The name-word bound of the relevance walk (decision 0062) is an upper bound of the name's closeness: never below
 * pg_trgm's word_similarity (on PGlite or PostgreSQL), nor below closenessBound, which it is checked before.
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
];
const texts = ['seris', 'series', 'series bundle', 'set', 'cemnt', 'portland cement', 'is series', 'xyz'];

describe('the name-word share bound', () => {
  it("is never below pg_trgm's word_similarity nor closenessBound", async () => {
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
    for (const row of rows) {
      const query = trigramQuery(index, row.term);
      const slot = index.slotOfId.get(row.id) as number;
      const share = new WordShareBound(index, [query]).of(slot);
      expect([row.term, row.id, share >= Math.fround(row.similarity)]).toEqual([row.term, row.id, true]);
      expect([row.term, row.id, share >= closenessBound(index, slot, query)]).toEqual([row.term, row.id, true]);
      if (share < 1) below++;
    }
    // The bound does keep names out (it is below 1 for most pairs).
    expect(below).toBeGreaterThan(rows.length / 2);
  });
});
