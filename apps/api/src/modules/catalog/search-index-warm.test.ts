import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsOf } from '../../deps.ts';
import { indexRowOfName, insertCategory, insertProduct, insertSeller, places } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ListingsMemory } from './listings-memory.ts';
import { SearchIndexKeeper } from './search-index.service.ts';
import { SearchIndex } from './search-index.ts';
import { builtImpact, impactBounds, impactOf } from './search-index-pages.ts';
import { warmBounds, warmingImpacts, warmTexts } from './search-index-warm.ts';

/**
 * Before a new index answers (decision 0062): the warm-up searches of its most common name words, then the
 * beforeServing hooks (the listings read the best sellers' cards). Until then the keeper has no index (the SQL
 * answers); a hook that fails is logged and the index answers anyway.
 */
let t: TestApp;
const ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp({ SEARCH_INDEX: 'off' });
  await insertCategory(t.app, 1, 'CEMENT');
  const seller = (await insertSeller(t.app, { name: 'QC Builders', at: places.quezonCity })).id;
  const names = ['Portland Cement 40kg', 'Masonry Cement', 'White Cement Premium', 'Steel Bar 10mm', 'Cement Trowel'];
  for (const [i, name] of names.entries()) {
    ids.push(
      (await insertProduct(t.app, { sellerId: seller, categoryId: 1, name, price: 100, stock: 5, soldCount: i * 10 }))
        .id,
    );
  }
}, 300_000);
afterAll(async () => {
  await t?.close();
});

/** A keeper on the test app's database, with a listener that hears nothing (changes are not under test here). */
function keeperOf(): SearchIndexKeeper {
  const deps = depsOf(t.app);
  return new SearchIndexKeeper({ db: deps.db, log: deps.log, listen: async () => async () => {} });
}

async function ready(keeper: SearchIndexKeeper): Promise<SearchIndex> {
  for (let i = 0; i < 400; i++) {
    const index = await keeper.current();
    if (index) return index;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the index never answered');
}

describe('the warm-up of a new index', () => {
  it('searches the most common name words, alone, with the next one and with a letter dropped', async () => {
    const keeper = keeperOf();
    await keeper.start();
    const index = await ready(keeper);
    const saved = { ...warmBounds };
    warmBounds.words = 2;
    try {
      // "cement" is in 4 names, "portland" in one (the first of those in one: ties keep the first word read);
      // numbers and words of fewer than 3 letters are left out.
      expect(warmTexts(index)).toEqual([
        'cement',
        'cement portland',
        'cemnt',
        'portland',
        'portland cement',
        'portand',
      ]);
      // A word in more names than warmBounds.postings is left out (its search would hold the event loop too long
      // at 1M products; warmingImpacts builds its impact order in slices instead).
      warmBounds.postings = 3;
      expect(warmTexts(index).slice(0, 2)).toEqual(['portland', 'portland 40kg']);
    } finally {
      Object.assign(warmBounds, saved);
      await keeper.stop();
    }
  });

  it('searches the brands of the most products first, each once, leaving out those in too many products', () => {
    const index = new SearchIndex();
    const brands = ['Sika', 'Sika', 'Sika', 'Sika', 'Bostik', 'Bostik', 'Emco', 'Cement', null];
    const name = (i: number) => (i < 2 ? 'Cement Grout' : `Tile Box ${i}`);
    index.apply(brands.map((brand, i) => ({ ...indexRowOfName(name(i), i + 1), brand })));
    index.freeze();
    const saved = { ...warmBounds };
    Object.assign(warmBounds, { words: 1, postings: 3 });
    try {
      // "cement" (a name word too) is searched once, among the words; "sika" is in more than 3 products.
      expect(warmTexts(index)).toEqual(['bostik', 'emco', 'cement', 'cement cement', 'cemnt']);
    } finally {
      Object.assign(warmBounds, saved);
    }
  });

  it("knows the lexemes of every name word before it answers (a search of the catalogue's words asks none)", async () => {
    const keeper = keeperOf();
    const saved = { ...warmBounds };
    warmBounds.words = 1; // the warm-up searches "cement" and "cement portland" only
    await keeper.start();
    try {
      await ready(keeper);
      // stemsOf([]) asks the database nothing: it is the keeper's memory of stems.
      const known = await keeper.stemsOf([]);
      expect(known.get('trowel')).toEqual(['trowel']);
      expect(known.get('masonry')).toEqual(['masonri']);
      expect(known.get('10mm')).toEqual(['10mm']);
    } finally {
      Object.assign(warmBounds, saved);
      await keeper.stop();
    }
  });

  it('builds the impact orders of the lexemes in too many documents for a search, in slices', async () => {
    const keeper = keeperOf();
    await keeper.start();
    const index = await ready(keeper);
    const saved = { warm: { ...warmBounds }, slice: impactBounds.slice };
    warmBounds.postings = 3;
    impactBounds.slice = 2;
    try {
      const cement = index.lexemeId.get('cement') as number;
      expect(builtImpact(index, cement)).toBeUndefined();
      let slices = 0;
      for (const _ of warmingImpacts(index)) slices++;
      // "cement" is in the 5 documents (the category's name is in each): three slices of ranks, then the sort's
      // passes (ids, then ranks).
      expect(slices).toBeGreaterThanOrEqual(4);
      // Ready: a search's impactOf builds nothing.
      const order = builtImpact(index, cement);
      if (!order) throw new Error('not built');
      expect(impactOf(index, cement)).toBe(order);
      expect(Array.from(order.slots, (slot) => index.ids[slot]).sort()).toEqual([...ids].sort());
      for (let at = 1; at < order.ranks.length; at++) {
        expect(order.ranks[at] as number).toBeLessThanOrEqual(order.ranks[at - 1] as number);
      }
    } finally {
      Object.assign(warmBounds, saved.warm);
      impactBounds.slice = saved.slice;
      await keeper.stop();
    }
  });

  it('answers only after the beforeServing hooks, and answers (running the others) when one fails', async () => {
    const keeper = keeperOf();
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const seen: SearchIndex[] = [];
    keeper.beforeServing.push(async (index) => {
      seen.push(index);
      await gate;
    });
    keeper.beforeServing.push(async () => {
      throw new Error('a failing hook');
    });
    // A hook after a failing one still runs.
    let after = 0;
    keeper.beforeServing.push(async () => {
      after++;
    });
    await keeper.start();
    for (let i = 0; i < 400 && seen.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toHaveLength(1);
    expect(await keeper.current()).toBeNull();
    open();
    expect(await ready(keeper)).toBe(seen[0]);
    expect(after).toBe(1);
    await keeper.stop();
  });

  it("holds the best sellers' cards before the index answers", async () => {
    const keeper = keeperOf();
    const listings = new ListingsMemory(depsOf(t.app).db, keeper);
    await keeper.start();
    const index = await ready(keeper);
    const current = await listings.current();
    if (!current) throw new Error('no listings');
    // Rename a product behind the index's back: a card read now would show the new name; the preloaded one
    // (read before the index answered) still shows the old one. (In the app the rename's NOTIFY gives the
    // product a new slot, so its card is read again: the search-index tests cover that.)
    await t.app.db.execute(
      (await import('drizzle-orm')).sql`update products set name = 'Renamed' where id = ${ids[0] as number}`,
    );
    const [card] = await listings.cards(index, current.owners, [ids[0] as number]);
    expect(card?.name).toBe('Portland Cement 40kg');
    await keeper.stop();
  });
});
