import { describe, expect, it } from 'vitest';
import { noSynonyms } from '../../lib/query-synonyms.ts';
import { indexRowOfName } from '../../test/catalog-fixtures.ts';
import { SearchIndex } from './search-index.ts';
import { keptPageBounds } from './search-index-kept-pages.ts';
import { compileText, runQuery } from './search-index-query.ts';
import { parseKeyword } from './text-match.ts';

const sellers = (hiddenApproved: boolean) =>
  new Map([
    [1, { id: 1, name: 'QC Builders', approved: true }],
    [2, { id: 2, name: 'Hidden Hardware', approved: hiddenApproved }],
  ]);

/**
 * 300 names holding "standard" (a typo of "standrd" and of "stndard": they tie at one closeness, sold counts
 * apart), two holding "stndards" (closest to "stndard"), and two of a hidden seller holding "standrds" (closest to
 * "standrd", though not the word itself: no phrase) that sold nothing.
 */
function catalogue(hiddenApproved: boolean, extra: Array<{ id: number; name: string }> = []): SearchIndex {
  const index = new SearchIndex();
  index.sellers = sellers(hiddenApproved);
  index.apply([
    ...Array.from({ length: 300 }, (_, i) => ({
      ...indexRowOfName(`Standard Board ${i + 1}`, i + 1),
      sold_count: (i * 37) % 101,
    })),
    // Closest to "stndard" (not to "standrd"): one text's page is not the other's.
    indexRowOfName('Stndards Rail', 903),
    indexRowOfName('Stndards Rail Long', 904),
    { ...indexRowOfName('Standrds Panel', 901), seller_id: 2 },
    { ...indexRowOfName('Standrds Panel Large', 902), seller_id: 2 },
  ]);
  index.freeze();
  if (extra.length > 0) index.apply(extra.map(({ id, name }) => indexRowOfName(name, id)));
  return index;
}

/** A search of `term` (no lexeme holds it: every hit is a typo match, at one rank), 10 to a page. */
function search(index: SearchIndex, term: string, page = 1) {
  const match = parseKeyword(term, noSynonyms);
  if (!match) throw new Error('no match');
  // Both terms make the same tree (one operand, "standrd"): only their typo term and phrasing differ.
  const text = compileText(match, new Map([[term, ['standrd']]]));
  return runQuery(index, { text, inStock: true, sort: 'relevance', offset: (page - 1) * 10, pageSize: 10 }).ids;
}

describe('a same-rank page kept (decision 0072)', () => {
  it('gives the answers of an index that never kept one', () => {
    expect(keptPageBounds.slots).toBeLessThanOrEqual(300);
    const index = catalogue(false);
    const first = search(index, 'stndard');
    expect(first).toHaveLength(10);
    expect(first.slice(0, 2)).toEqual([903, 904]);
    // Again with its kept page, and a text of the same tree but another typo term (its own closeness, its own page).
    expect(search(index, 'stndard')).toEqual(first);
    expect(search(index, 'standrd')).toEqual(search(catalogue(false), 'standrd'));
    expect(search(index, 'standrd')).toEqual(search(catalogue(false), 'standrd'));
  });

  it('lets a seller approved since onto the page', () => {
    const index = catalogue(false);
    const before = search(index, 'standrd');
    expect(before).not.toContain(901);
    expect(search(index, 'standrd')).toEqual(before);
    // The hidden seller's names are the closest: first once it is approved, though they sold nothing.
    index.sellers = sellers(true);
    const approved = search(index, 'standrd');
    expect(approved.slice(0, 2)).toEqual([901, 902]);
    expect(approved).toEqual(search(catalogue(true), 'standrd'));
  });

  it('lets a product added since onto the page', () => {
    const index = catalogue(false);
    const before = search(index, 'standrd');
    expect(search(index, 'standrd')).toEqual(before);
    const added = [{ id: 950, name: 'Standrds Post' }];
    index.apply(added.map(({ id, name }) => indexRowOfName(name, id)));
    const after = search(index, 'standrd');
    expect(after[0]).toBe(950);
    expect(after).toEqual(search(catalogue(false, added), 'standrd'));
  });

  it('gives every page, and the page after a listed product is removed, as an index that never kept one', () => {
    const index = catalogue(false);
    const fresh = catalogue(false);
    for (const page of [1, 3, 2, 1]) expect(search(index, 'stndard', page)).toEqual(search(fresh, 'stndard', page));
    // The page's first product is removed: the others move up, and the next best fills the page.
    const [first] = search(index, 'stndard');
    index.apply([], [first as number]);
    fresh.apply([], [first as number]);
    const after = search(index, 'stndard');
    expect(after).not.toContain(first);
    expect(after).toEqual(search(fresh, 'stndard'));
    expect(after).toHaveLength(10);
  });
});

/** 400 documents holding "seri" and "box" at positions that differ by product (ranks apart), names apart too. */
function ranked(extra: Array<{ id: number; name: string; search: string }> = [], gone: number[] = []): SearchIndex {
  const index = new SearchIndex();
  index.sellers = sellers(true);
  index.apply(
    Array.from({ length: 400 }, (_, i) => ({
      ...indexRowOfName(i % 3 === 0 ? `Box Series ${i + 1}` : `Series Crate ${i + 1}`, i + 1),
      sold_count: (i * 37) % 101,
      search: `'box':${1 + (i % 7)}A 'seri':${2 + (i % 5)}A`,
    })),
  );
  index.freeze();
  if (extra.length > 0) index.apply(extra.map(({ id, name, search }) => ({ ...indexRowOfName(name, id), search })));
  if (gone.length > 0) index.apply([], gone);
  return index;
}

function searchRanked(index: SearchIndex, page = 1) {
  const match = parseKeyword('series box', noSynonyms);
  if (!match) throw new Error('no match');
  const text = compileText(
    match,
    new Map([
      ['series', ['seri']],
      ['box', ['box']],
    ]),
  );
  return runQuery(index, { text, inStock: true, sort: 'relevance', offset: (page - 1) * 10, pageSize: 10 }).ids;
}

describe('a ranked page kept (decision 0072)', () => {
  it('gives every page, with products added and removed since, as an index that never kept one', () => {
    const index = ranked();
    for (const page of [1, 3, 1]) expect(searchRanked(index, page)).toEqual(searchRanked(ranked(), page));
    // A product holding the phrase, and both words three times (the best rank): on the page.
    const added = [{ id: 900, name: 'Series Box Prime', search: "'box':2A,4A,6A 'seri':1A,3A,5A" }];
    index.apply(added.map(({ id, name, search }) => ({ ...indexRowOfName(name, id), search })));
    const withAdded = searchRanked(index);
    expect(withAdded).toEqual(searchRanked(ranked(added)));
    expect(withAdded).toContain(900);
    // The page's second product removed: the next best fills the page.
    const second = withAdded[1] as number;
    index.apply([], [second]);
    const withRemoved = searchRanked(index);
    expect(withRemoved).not.toContain(second);
    expect(withRemoved).toHaveLength(10);
    expect(withRemoved).toEqual(searchRanked(ranked(added, [second])));
  });
});
