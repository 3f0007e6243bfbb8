import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getJson, insertCategory, insertProduct, insertSeller, places } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { searchIndexOf } from './index.ts';
import type { SearchIndexKeeper } from './search-index.service.ts';
import { buildBounds, compactBounds } from './search-index.service.ts';

/**
 * Compaction of the search index (decision 0048): a changed product takes a new slot and its old one is dead;
 * when the dead pass a share, the index is rebuilt from PostgreSQL while the old one keeps answering, and a change
 * announced during the rebuild — even to a product the rebuild had already read — is in the new index.
 */
let t: TestApp;
let keeper: SearchIndexKeeper;
let sellerId = 0;
const ids: number[] = [];
const saved = { ...buildBounds, ...compactBounds };

beforeAll(async () => {
  t = await createTestApp({ DISCOVERY_CACHE_MS: '0' });
  await insertCategory(t.app, 1, 'CEMENT');
  sellerId = (await insertSeller(t.app, { name: 'QC Builders', at: places.quezonCity })).id;
  for (const name of ['Portland Cement 40kg', 'Masonry Cement', 'White Cement', 'Eagle Cement Advance']) {
    ids.push((await insertProduct(t.app, { sellerId, categoryId: 1, name, price: 20000, stock: 10 })).id);
  }
  keeper = searchIndexOf(t.app) as SearchIndexKeeper;
  for (let i = 0; i < 200 && !(await keeper.current()); i++) await new Promise((r) => setTimeout(r, 25));
}, 300_000);

afterEach(() => {
  Object.assign(buildBounds, { batch: saved.batch, slice: saved.slice, afterBatch: null });
  Object.assign(compactBounds, { share: saved.share, min: saved.min });
});

afterAll(async () => {
  await t?.close();
});

const names = async (q: string): Promise<string[]> =>
  (await getJson(t.app, `/api/v1/search?q=${q}`)).body.items.map((p: { name: string }) => p.name);

async function rename(id: number, name: string) {
  await t.app.db.execute(sql`update products set name = ${name} where id = ${id}`);
}

/** Waits until the keeper's index holds (the refresh after a NOTIFY is asynchronous on a PostgreSQL server). */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
  expect(await check()).toBe(true);
}

describe('search index compaction', () => {
  it('rebuilds without dead slots, keeps answering, and keeps a change announced during the rebuild', async () => {
    // Three renames of one product: three dead slots.
    // Each rename heard and applied before the next (announcements heard together are read once: fewer dead slots).
    for (const name of ['Masonry Cement A', 'Masonry Cement B', 'Masonry Cement C']) {
      await rename(ids[1]!, name);
      await keeper.caughtUp();
    }
    expect(await names('masonry')).toContain('Masonry Cement C');
    const before = (await keeper.current())!;
    expect(before.deadCount).toBe(3);

    // One product per batch; after the first (the Portland cement), rename it and add a product.
    buildBounds.batch = 1;
    const duringRebuild: string[][] = [];
    let calls = 0;
    buildBounds.afterBatch = async () => {
      if (++calls !== 1) return;
      await rename(ids[0]!, 'Pozzolan Cement 40kg');
      await insertProduct(t.app, { sellerId, categoryId: 1, name: 'Lahar Sand Fine', price: 5000, stock: 3 });
      // The old index still answers, and takes the change.
      await eventually(async () => (await names('pozzolan')).includes('Pozzolan Cement 40kg'));
      duringRebuild.push(await names('cement'));
      expect(await keeper.current()).toBe(before);
    };
    await keeper.compact();
    expect(calls).toBeGreaterThan(4);
    expect(duringRebuild[0]).toContain('Masonry Cement C');

    const after = (await keeper.current())!;
    expect(after).not.toBe(before);
    // The two products changed during the rebuild were re-read into the new index: at most their two dead slots
    // (the rename came after the rebuild had read that product), none of the old index's three.
    expect(after.deadCount).toBeLessThanOrEqual(2);
    expect(after.liveCount).toBe(5);
    expect(await names('pozzolan')).toEqual(['Pozzolan Cement 40kg']);
    expect(await names('portland')).toEqual([]);
    expect(await names('lahar')).toEqual(['Lahar Sand Fine']);
    expect(await names('masonry')).toEqual(['Masonry Cement C']);
    // (The sand is in the CEMENT category, which its search document holds.)
    expect((await names('cement')).sort()).toEqual(
      ['Eagle Cement Advance', 'Lahar Sand Fine', 'Masonry Cement C', 'Pozzolan Cement 40kg', 'White Cement'].sort(),
    );
  });

  it('starts by itself once the dead slots pass the share', async () => {
    compactBounds.min = Number.POSITIVE_INFINITY;
    const start = (await keeper.current())!;
    const live = start.liveCount;
    // Every announcement of the three renames heard and applied before the bounds change (an index showing "White
    // Cement 3" may still have one to hear: its refresh, under the bounds set below, would start the compaction
    // before the fourth rename, which the rebuild then re-reads into a dead slot of the new index).
    for (const name of ['White Cement 1', 'White Cement 2', 'White Cement 3']) {
      await rename(ids[2]!, name);
      await keeper.caughtUp();
    }
    expect(await names('white')).toContain('White Cement 3');
    expect(await keeper.current()).toBe(start);
    // Past the bounds now: the refresh after the next change starts the compaction.
    compactBounds.min = 2;
    compactBounds.share = 0.3;
    await rename(ids[2]!, 'White Cement 4');
    await eventually(async () => {
      const index = await keeper.current();
      return index !== start && index?.deadCount === 0;
    });
    expect((await keeper.current())!.liveCount).toBe(live);
    expect(await names('white')).toEqual(['White Cement 4']);
  });
});
