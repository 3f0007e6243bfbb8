import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noSynonyms } from '../../lib/query-synonyms.ts';
import { indexRowOfName } from '../../test/catalog-fixtures.ts';
import { SearchIndex } from './search-index.ts';
import { KeptPerText, keptSlotsOf, slotsOfKept } from './search-index-kept.ts';
import { impactBounds } from './search-index-pages.ts';
import { compileText, runQuery } from './search-index-query.ts';
import { rankKeepBounds, rankOf, ranksOf } from './search-index-ranks.ts';
import { closenessCapBounds } from './search-index-relevance.ts';
import { clearOperands, grow, markOperands, scratch } from './search-index-scratch.ts';
import { parseKeyword } from './text-match.ts';

/** An index of `count` products whose documents hold "seri" and "pack" at positions that differ by product. */
function indexOf(count: number, from = 1): SearchIndex {
  const index = new SearchIndex();
  index.apply(
    Array.from({ length: count }, (_, i) => ({
      ...indexRowOfName(`Pack Series ${i}`, from + i),
      search: `'pack':${1 + (i % 7)}A,${20 + (i % 3)}C 'seri':${2 + (i % 5)}A`,
    })),
  );
  index.freeze();
  return index;
}

describe('answers kept per text (decision 0066)', () => {
  it('drops the least recently used beyond its bound', () => {
    const index = indexOf(3);
    const kept = new KeptPerText<{ size: number }>({ most: 10 });
    kept.set(index, 'a', { size: 4 });
    kept.set(index, 'b', { size: 4 });
    expect(kept.get(index, 'a')?.size).toBe(4); // "a" now the most recently used
    kept.set(index, 'c', { size: 4 });
    expect(kept.get(index, 'b')).toBeUndefined();
    expect(kept.get(index, 'a')).toBeDefined();
    kept.set(index, 'too large', { size: 11 });
    expect(kept.get(index, 'too large')).toBeUndefined();
  });

  it('gives each slot its own rank whichever search of the text came first (filtered or not)', () => {
    const index = indexOf(3_000);
    const lexemes = [index.lexemesWithPrefix('pack'), index.lexemesWithPrefix('seri')];
    scratch.opMask = grow(scratch.opMask, index.lexemes.length, (n) => new Int32Array(n));
    markOperands(lexemes);
    try {
      const all = Int32Array.from({ length: 3_000 }, (_, i) => i);
      const odd = all.filter((slot) => slot % 2 === 1);
      const exact = (slots: Int32Array) => Array.from(slots, (slot) => rankOf(index, slot, 2, true));
      // The ranks differ between slots (else a wrong slot's rank could not show).
      expect(new Set(exact(all)).size).toBeGreaterThan(5);
      expect(odd.length).toBeGreaterThanOrEqual(rankKeepBounds.least);
      // Filtered first (odd slots kept), then every slot (half from the kept ranks), then filtered again.
      expect([...ranksOf(index, 'text', odd, lexemes, true)]).toEqual(exact(odd));
      expect([...ranksOf(index, 'text', all, lexemes, true)]).toEqual(exact(all));
      expect([...ranksOf(index, 'text', odd, lexemes, true)]).toEqual(exact(odd));
      const some = all.filter((slot) => slot % 3 === 0);
      expect([...ranksOf(index, 'text', some, lexemes, true)]).toEqual(exact(some));
    } finally {
      clearOperands(lexemes);
    }
  });

  it('keeps ranks right when products are added, changed and bring a lexeme new to an operand', () => {
    const index = indexOf(2_000);
    const operands = () => [index.lexemesWithPrefix('pack'), index.lexemesWithPrefix('seri')];
    const ranked = (slots: Int32Array, lexemes: number[][]) => {
      scratch.opMask = grow(scratch.opMask, index.lexemes.length, (n) => new Int32Array(n));
      markOperands(lexemes);
      try {
        return {
          kept: [...ranksOf(index, 'text', slots, lexemes, true)],
          exact: Array.from(slots, (slot) => rankOf(index, slot, 2, true)),
        };
      } finally {
        clearOperands(lexemes);
      }
    };
    const before = Int32Array.from({ length: 2_000 }, (_, i) => i);
    ranked(before, operands());
    // Product 5 changed (a new slot), and a new product whose document holds "packing" (now an operand's lexeme).
    index.apply([
      { ...indexRowOfName('Pack Series 5', 5), search: "'pack':1A,2A,3A 'seri':9A" },
      { ...indexRowOfName('Packing Series', 5_000), search: "'packing':1A 'seri':2A 'pack':4C" },
    ]);
    const lexemes = operands();
    expect(lexemes[0]?.length).toBe(2);
    const live = Int32Array.from({ length: index.slotCount }, (_, slot) => slot).filter(
      (slot) => index.alive[slot] === 1,
    );
    const { kept, exact } = ranked(live, lexemes);
    expect(kept).toEqual(exact);
  });
});

describe("one word's ranks from the postings (decision 0073)", () => {
  it("equal each document's rank, after the build and after changes, for a few slots and for all", () => {
    const index = indexOf(2_000);
    index.apply([
      { ...indexRowOfName('Pack Series 5', 5), search: "'pack':1A,2A,3A 'seri':9A" },
      {
        ...indexRowOfName('Packing Series', 5_000),
        search: "'pack':4C,7D 'packag':5B,6D,8D 'packing':1A,9B 'seri':2A",
      },
      { ...indexRowOfName('Packing Only', 5_001), search: "'packing':3B 'seri':2A" },
    ]);
    const lexemes = [index.lexemesWithPrefix('pack')];
    expect(lexemes[0]?.length).toBe(3);
    const live = Int32Array.from({ length: index.slotCount }, (_, slot) => slot).filter(
      (slot) => index.alive[slot] === 1,
    );
    const few = live.filter((slot) => slot % 97 === 0 || slot >= index.slotCount - 3);
    scratch.opMask = grow(scratch.opMask, index.lexemes.length, (n) => new Int32Array(n));
    markOperands(lexemes);
    try {
      for (const slots of [live, few]) {
        const exact = Array.from(slots, (slot) => rankOf(index, slot, 1, false));
        expect(new Set(exact).size).toBeGreaterThanOrEqual(4); // the build's, and each changed document's
        expect([...ranksOf(index, 'one word', slots, lexemes, false)]).toEqual(exact);
      }
    } finally {
      clearOperands(lexemes);
    }
  });
});

describe("several words' ranks from the positions beside their postings (decision 0074)", () => {
  it("equal each document's rank, after the build and after changes, under AND and OR", () => {
    const index = indexOf(1_500);
    index.apply([
      // Three positions of "pack": ranked from the document.
      { ...indexRowOfName('Pack Series 5', 5), search: "'pack':1A,2A,3A 'seri':9A,4B" },
      {
        ...indexRowOfName('Packing Series', 5_000),
        search: "'pack':4C,7D 'packag':5B,8D 'packing':1A,9B 'seri':2A,3C",
      },
      { ...indexRowOfName('Packing Only', 5_001), search: "'packing':3B 'seri':2A" },
    ]);
    const pack = index.lexemesWithPrefix('pack');
    expect(pack.length).toBe(3);
    const live = Int32Array.from({ length: index.slotCount }, (_, slot) => slot).filter(
      (slot) => index.alive[slot] === 1,
    );
    // The prefix's lexemes in an order other than the documents'; then "packing" in two operands.
    for (const lexemes of [
      [[...pack].reverse(), index.lexemesWithPrefix('seri')],
      [pack, index.lexemesWithPrefix('packing')],
    ]) {
      scratch.opMask = grow(scratch.opMask, index.lexemes.length, (n) => new Int32Array(n));
      markOperands(lexemes);
      try {
        for (const and of [true, false]) {
          const exact = Array.from(live, (slot) => rankOf(index, slot, 2, and));
          expect(new Set(exact).size).toBeGreaterThanOrEqual(2);
          expect([...ranksOf(index, `${lexemes.join('|')} ${and}`, live, lexemes, and)]).toEqual(exact);
        }
      } finally {
        clearOperands(lexemes);
      }
    }
  });
});

describe('slots kept in the smaller form (decision 0067)', () => {
  it('keeps few slots as a list and many as bits, and reads back the same ascending slots', () => {
    const few = Int32Array.from([3, 40, 999]);
    const many = Int32Array.from({ length: 400 }, (_, i) => i * 2 + (i % 3 === 0 ? 1 : 0));
    const keptFew = keptSlotsOf(few, 1_000);
    const keptMany = keptSlotsOf(many, 1_000);
    expect(keptFew.bits).toBeNull();
    expect(keptMany.list).toBeNull();
    expect(keptMany.size).toBe(32); // 1,000 slots in 32 words, not 400 numbers
    const into = new Int32Array(1_000);
    expect([...slotsOfKept(keptFew, into)]).toEqual([...few]);
    expect([...slotsOfKept(keptMany, into)]).toEqual([...many]);
  });
});

describe('closeness caps kept per text and filters (decisions 0068, 0075)', () => {
  // A walk of the impact order of "cement", with the cap worked out as soon as the page of 2 is full.
  const saved = { impact: { ...impactBounds }, cap: { ...closenessCapBounds } };
  beforeEach(() => {
    Object.assign(impactBounds, { postings: 1, most: 1, hits: 1 });
    closenessCapBounds.after = 3;
  });
  afterEach(() => {
    Object.assign(impactBounds, saved.impact);
    Object.assign(closenessCapBounds, saved.cap);
  });

  // Six names at 100 of the same rank; "cements" shares 6 of its 8 trigrams with each: every closeness is 0.75, so
  // the page is the 2 best sellers. A name holding the whole word ("Cements Pro") has closeness 1.
  const cementMixes = () =>
    Array.from({ length: 6 }, (_, i) => ({
      ...indexRowOfName(`Cement Mix ${i}`, i + 1),
      sold_count: 100 - i,
      search: "'cement':1A 'mix':2A",
    }));
  const cementsPro = { ...indexRowOfName('Cements Pro', 7), search: "'cement':1A 'pro':2A" };
  const indexOf = (rows: ReturnType<typeof cementMixes>) => {
    const index = new SearchIndex();
    index.sellers = new Map([[1, { id: 1, name: 'QC Builders', approved: true }]]);
    index.apply(rows);
    index.freeze();
    return index;
  };
  const searchCements = (index: SearchIndex, priceMax?: number) => {
    const match = parseKeyword('cements', noSynonyms);
    if (!match) throw new Error('no match');
    return runQuery(index, {
      text: compileText(match, new Map([['cements', ['cement']]])),
      priceMax,
      inStock: true,
      sort: 'relevance',
      offset: 0,
      pageSize: 2,
    }).ids;
  };

  it('brings a kept cap up to date with the products added since, so a closer new name still enters the page', () => {
    const index = indexOf(cementMixes());
    expect(searchCements(index)).toEqual([1, 2]);
    // The new name, the same rank, last in the impact order (sold 0): it tops the page only if the walk's cap
    // counts it (a cap kept from before it came is 0.75: the walk would stop).
    index.apply([cementsPro]);
    expect(searchCements(index)).toEqual([7, 1]);
  });

  it("works a cap out over one search's hits, and does not reuse it for the same text with other filters", () => {
    // "Cements Pro" at 500, last in the impact order (sold 0).
    const index = indexOf([...cementMixes(), { ...cementsPro, price: 500 }]);
    // Up to 200, the cap is 0.75 (the name at 500 is not a hit); at any price, it is 1.
    expect(searchCements(index, 200)).toEqual([1, 2]);
    expect(searchCements(index)).toEqual([7, 1]);
  });
});

describe('the state byte the filters read (decision 0068)', () => {
  it('counts a product with one unit in stock as in stock, and one with none as out of stock', () => {
    const index = new SearchIndex();
    index.sellers = new Map([[1, { id: 1, name: 'QC Builders', approved: true }]]);
    index.apply(
      [0, 1, 2].map((stock) => ({
        ...indexRowOfName(`Cement Bag ${stock}`, stock + 1),
        tree_stock: stock,
        search: "'cement':1A 'bag':2A",
      })),
    );
    index.freeze();
    const match = parseKeyword('cement', noSynonyms);
    if (!match) throw new Error('no match');
    const ids = (inStock: boolean) =>
      runQuery(index, {
        text: compileText(match, new Map([['cement', ['cement']]])),
        inStock,
        sort: 'name_asc',
        offset: 0,
        pageSize: 10,
      }).ids;
    expect(ids(true)).toEqual([2, 3]);
    expect(ids(false)).toEqual([1]);
  });
});
