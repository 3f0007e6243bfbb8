import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noSynonyms } from '../../lib/query-synonyms.ts';
import { indexRowOfName } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SearchIndex } from './search-index.ts';
import { compileText, runQuery } from './search-index-query.ts';
import { keptTypoMatches, type TypoScratch } from './search-index-typos.ts';
import { parseKeyword, TYPO_THRESHOLD } from './text-match.ts';

/**
 * The typo step of the index decided per name word (decision 0057) against pg_trgm itself (`name %> term` at
 * TYPO_THRESHOLD, on PGlite or PostgreSQL): names that repeat words, words that are runs of the term across a
 * word boundary ("xies series" for "ies se"), short words, codes, and terms of one to six words.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const tricky = [
  'Series',
  'Series Series',
  'Pro Series Series D87',
  'Xies Series',
  'Superior Series W23 (Set of 5)',
  'Standard Series I52',
  'Plastering Standard Series',
  'Grinder 4 in GA4030 Standard Series',
  'S Se Ser Seri',
  'es se ies',
  'Set of 5 Set of 5',
  'a b a b a',
  'Steel Bar Steel',
  'Seies',
  'Sries Series',
];
const vocabulary = ['series', 'seies', 'ser', 'es', 's', 'set', 'ies', 'xies', 'steel', 'standard', 'a', '5', 'of'];

/** A seeded random generator (the same names on every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function generated(count: number, next: () => number): string[] {
  const pick = () => vocabulary[Math.floor(next() * vocabulary.length)] as string;
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 6) }, pick).join(' '));
}

/** The ids of the names within a typo of each term, as the SQL finds them. */
async function sqlMatches(names: string[], terms: string[]): Promise<Set<number>[]> {
  const found = terms.map(() => new Set<number>());
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`);
    const result = await tx.execute(sql`
      select t.ord::int as term, n.ord::int as id
      from unnest(${sql.param(terms)}::text[]) with ordinality as t(term, ord),
           unnest(${sql.param(names)}::text[]) with ordinality as n(name, ord)
      where n.name %> t.term`);
    for (const row of (result as unknown as { rows: Array<{ term: number; id: number }> }).rows)
      found[row.term - 1]?.add(row.id);
  });
  return found;
}

function indexMatches(index: SearchIndex, terms: string[]): Set<number>[] {
  const trigrams = index.trigramPostings.length;
  const scratch: TypoScratch = {
    present: new Uint16Array(index.ids.length),
    inQuery: new Uint8Array(trigrams),
    lastpos: new Int32Array(trigrams).fill(-1),
    hit: new Uint8Array(index.ids.length),
    found: new Int32Array(index.ids.length),
    touched: new Int32Array(index.ids.length),
  };
  return terms.map((term) => {
    // Kept for the next search of the term (keptTypoMatches): the second answer is the first's; a removed
    // product's dead slot is dropped by the search's filters after this step, as here.
    const slots = [...keptTypoMatches(index, term, '', [], scratch)];
    expect([...keptTypoMatches(index, term, '', [], scratch)]).toEqual(slots);
    return new Set(slots.filter((slot) => index.alive[slot] === 1).map((slot) => index.ids[slot] as number));
  });
}

describe('typo matches of the index, word by word', () => {
  it('finds exactly the names pg_trgm finds, also for names and words added after the first search', async () => {
    const next = random(57);
    const first = [...tricky, ...generated(300, next)];
    const later = ['Seriesx Xseries', 'Ies Sexies Seies', ...generated(100, next)];
    const terms = [
      'seies',
      'sries',
      'ies se',
      'es se',
      'set of 5',
      'series set',
      'plastering standard',
      'a b',
      's',
      'steel bar',
      'xies',
      // More than 31 trigrams: counted candidate by candidate (the bitset count holds 31).
      'plastering standard series steel bar',
      ...Array.from({ length: 40 }, () => {
        const words = generated(1, next)[0]?.split(' ').slice(0, 3) ?? [];
        // a typo: one letter of the first word dropped
        const head = words[0] ?? 'series';
        const at = Math.floor(next() * head.length);
        return [head.length > 3 ? head.slice(0, at) + head.slice(at + 1) : head, ...words.slice(1)].join(' ');
      }),
    ];
    const index = new SearchIndex();
    index.apply(first.map((name, i) => indexRowOfName(name, i + 1)));
    index.freeze();
    const before = indexMatches(index, terms);
    const sqlBefore = await sqlMatches(first, terms);
    for (const [i, term] of terms.entries())
      expect([term, [...(before[i] ?? [])].sort()]).toEqual([term, [...(sqlBefore[i] ?? [])].sort()]);
    // Products added after the build bring new words (the word lists are brought up to date).
    index.apply(later.map((name, i) => indexRowOfName(name, first.length + i + 1)));
    const all = [...first, ...later];
    const after = indexMatches(index, terms);
    const sqlAfter = await sqlMatches(all, terms);
    for (const [i, term] of terms.entries())
      expect([term, [...(after[i] ?? [])].sort()]).toEqual([term, [...(sqlAfter[i] ?? [])].sort()]);
    // A product removed (a dead slot, the slots otherwise the same) and one renamed (a new slot) after the answers
    // above were kept: "Seies" (id 14) is gone, "Series" (id 1) is now "Seies Seies".
    index.remove(14);
    index.apply([indexRowOfName('Seies Seies', 1)]);
    const changed = all.map((name, i) => (i === 0 ? 'Seies Seies' : i === 13 ? '' : name));
    const afterChange = indexMatches(index, terms);
    const sqlAfterChange = await sqlMatches(changed, terms);
    for (const [i, term] of terms.entries())
      expect([term, [...(afterChange[i] ?? [])].sort()]).toEqual([term, [...(sqlAfterChange[i] ?? [])].sort()]);
    expect(afterChange[0]?.has(14)).toBe(false);
    // The tricky names do exercise both answers.
    expect(sqlAfter[0]?.size).toBeGreaterThan(0);
    expect(sqlAfter[0]?.size).toBeLessThan(all.length);
  });

  it('finds the last of 64 products and leaves a removed one out when a typo matches every name holding a word', () => {
    // "series" is within a typo of "sries" alone: its names are the typo's matches, read from the word's bits. At 64
    // products the index's arrays are exactly full: the last product's name must still be read.
    const index = new SearchIndex();
    index.sellers = new Map([[1, { id: 1, name: 'QC Builders', approved: true }]]);
    index.apply(Array.from({ length: 64 }, (_, i) => indexRowOfName(`Pack Series ${i}`, i + 1)));
    index.freeze();
    index.remove(5);
    const match = parseKeyword('sries', noSynonyms);
    if (!match?.typos) throw new Error('a typo expected');
    const answer = runQuery(index, {
      text: compileText(match, new Map([['sries', ['sri']]])),
      inStock: true,
      sort: 'name_asc',
      offset: 0,
      pageSize: 100,
    });
    expect(answer.total).toBe(63);
    expect(answer.ids).toHaveLength(63);
    expect(answer.ids).not.toContain(5);
    expect(answer.ids).toContain(64);
  });
});
