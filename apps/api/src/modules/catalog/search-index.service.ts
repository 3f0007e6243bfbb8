import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Deps } from '../../deps.ts';
import {
  allCategories,
  allSellers,
  announce,
  productBatch,
  productCount,
  productsWithIds,
  SEARCH_CHANNEL,
  type SellerRow,
  stemsOf,
} from './search-index.repository.ts';
import { SearchIndex } from './search-index.ts';
import type { Stems } from './search-index-query.ts';
import { warmingImpacts, warmingSearches, warmTexts } from './search-index-warm.ts';

/**
 * How the index is built (decision 0048): products read per query (the next read is sent before the last is
 * indexed) and indexed per turn of the event loop (so that other requests interleave: ~3 ms of CPU a turn).
 * `afterBatch` is a test seam: called after each batch is indexed.
 */
export const buildBounds = {
  batch: 10_000,
  slice: 250,
  afterBatch: null as null | (() => Promise<void>),
};
/** Compaction: the index is rebuilt from PostgreSQL when dead slots (changed products' old ones) pass this. */
export const compactBounds = { share: 0.2, min: 20_000 };
/** Words whose lexemes are remembered (the cache is dropped when full). */
const STEM_CACHE = 50_000;

/**
 * Holds this process's search index (decision 0043): builds it from PostgreSQL in the background at start (the
 * SQL search answers until it is ready), then applies every change PostgreSQL announces (NOTIFY on
 * SEARCH_CHANNEL from the products, sellers and categories triggers) — within milliseconds in every API process.
 */
export class SearchIndexKeeper {
  private index: SearchIndex | null = null;
  private readonly pendingIds = new Set<number>();
  private ownersChanged = false;
  private refreshing: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private stopped = false;
  /** While a compaction rebuilds: the changes announced since it started, applied to the new index before the swap. */
  private rebuild: { promise: Promise<void>; ids: Set<number>; owners: boolean } | null = null;
  private readonly stems = new Map<string, readonly string[]>();
  /** caughtUp(): the marks sent on the channel, resolved when heard (NOTIFYs arrive in commit order). */
  private readonly marksAwaited = new Map<string, () => void>();
  private marksSent = 0;
  private built: Promise<void> = Promise.resolve();
  sellerRows = new Map<number, SellerRow>();
  /** When the build started and the index first answered (ms since the epoch); the warm-up's share (ms). */
  readonly timing = { started: 0, ready: 0, warming: 0 };
  /**
   * Run on each new index (the first build, each compaction) before it answers, after the keeper's own warm-up:
   * the listings read their cards (listings-memory.ts). A hook that fails is logged; the index answers anyway.
   */
  readonly beforeServing: Array<(index: SearchIndex) => Promise<void>> = [];

  constructor(private readonly deps: Pick<Deps, 'db' | 'listen' | 'log'>) {}

  /** Listens, then builds in the background; resolves once listening (the build goes on). */
  async start(): Promise<void> {
    this.stopListening = await this.deps.listen(SEARCH_CHANNEL, (payload) => this.onNotice(payload));
    this.timing.started = Date.now();
    this.built = this.build().catch((error: Error) =>
      this.deps.log.error({ err: error }, 'search index: build failed'),
    );
  }

  /**
   * Rebuilds the index from PostgreSQL without its dead slots while the current one keeps answering (and keeps
   * taking changes); the changes announced meanwhile are re-read into the new index, then it replaces the old.
   */
  compact(): Promise<void> {
    if (this.rebuild) return this.rebuild.promise;
    const rebuild = { promise: Promise.resolve(), ids: new Set<number>(), owners: false };
    this.rebuild = rebuild;
    rebuild.promise = (async () => {
      const started = Date.now();
      const dead = this.index?.deadCount ?? 0;
      const fresh = await this.buildIndex();
      if (!fresh || !(await this.prepare(fresh))) return;
      while (rebuild.ids.size > 0 || rebuild.owners) {
        const ids = [...rebuild.ids];
        rebuild.ids.clear();
        if (rebuild.owners) {
          rebuild.owners = false;
          await this.loadOwners(fresh);
        }
        await this.applyIds(fresh, ids);
      }
      // No await since the last check: a change announced from here on reaches the new index by refresh().
      this.index = fresh;
      this.deps.log.info({ dead, products: fresh.liveCount, ms: Date.now() - started }, 'search index: compacted');
    })().finally(() => {
      this.rebuild = null;
    });
    return rebuild.promise;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.stopListening?.();
    await this.refreshing?.catch(() => {});
  }

  /**
   * Resolves once the index holds every change committed before the call: a mark is announced on the channel and,
   * PostgreSQL delivering notices in commit order, every earlier change has been heard when it arrives. For a
   * caller that must read what was just written, such as a test after seeding.
   */
  async caughtUp(): Promise<void> {
    const mark = `m:${++this.marksSent}`;
    const heard = new Promise<void>((resolve) => this.marksAwaited.set(mark, resolve));
    await announce(this.deps.db, mark);
    await heard;
    await this.built;
    while (this.refreshing || this.pendingIds.size > 0 || this.ownersChanged) {
      if (!this.refreshing) this.schedule();
      await this.refreshing;
    }
  }

  /** The index with every announced change applied, or null while it is being built. */
  async current(): Promise<SearchIndex | null> {
    if (!this.index) return null;
    if (this.refreshing) await this.refreshing;
    return this.index;
  }

  /** The lexemes of the words (cached; the unknown ones read from PostgreSQL in one query). */
  async stemsOf(words: readonly string[]): Promise<Stems> {
    const missing = [...new Set(words)].filter((word) => !this.stems.has(word));
    if (missing.length > 0) {
      const found = await stemsOf(this.deps.db, missing);
      if (this.stems.size + found.size > STEM_CACHE) this.stems.clear();
      for (const [word, lexemes] of found) this.stems.set(word, lexemes);
    }
    return this.stems;
  }

  private onNotice(payload: string): void {
    if (payload.startsWith('m:')) {
      this.marksAwaited.get(payload)?.();
      this.marksAwaited.delete(payload);
      return;
    }
    if (payload === 'o') {
      this.ownersChanged = true;
      if (this.rebuild) this.rebuild.owners = true;
    } else if (payload.startsWith('p:')) {
      for (const id of payload.slice(2).split(',')) {
        if (!id) continue;
        this.pendingIds.add(Number(id));
        this.rebuild?.ids.add(Number(id));
      }
    }
    if (this.index) this.schedule();
  }

  private schedule(): void {
    this.refreshing ??= this.refresh()
      .catch((error: Error) => this.deps.log.error({ err: error }, 'search index: refresh failed'))
      .finally(() => {
        this.refreshing = null;
        if ((this.pendingIds.size > 0 || this.ownersChanged) && !this.stopped) this.schedule();
        else if (this.needsCompaction()) {
          void this.compact().catch((error: Error) =>
            this.deps.log.error({ err: error }, 'search index: compaction failed'),
          );
        }
      });
  }

  private needsCompaction(): boolean {
    const index = this.index;
    if (!index || this.rebuild || this.stopped) return false;
    return index.deadCount >= compactBounds.min && index.deadCount > compactBounds.share * index.slotCount;
  }

  private async refresh(): Promise<void> {
    const index = this.index;
    if (!index) return;
    if (this.ownersChanged) {
      this.ownersChanged = false;
      await this.loadOwners(index);
    }
    if (this.pendingIds.size === 0) return;
    const ids = [...this.pendingIds];
    this.pendingIds.clear();
    await this.applyIds(index, ids);
  }

  /** Re-reads the products with these ids into the index (those not found were deleted). */
  private async applyIds(index: SearchIndex, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await productsWithIds(this.deps.db, ids);
    const present = new Set(found.map((row) => row.id));
    index.apply(
      found,
      ids.filter((id) => !present.has(id)),
    );
  }

  private async loadOwners(index: SearchIndex): Promise<void> {
    const [sellers, categories] = [await allSellers(this.deps.db), await allCategories(this.deps.db)];
    index.sellers = new Map(sellers.map((s) => [s.id, { id: s.id, name: s.name, approved: s.approved }]));
    index.categories = new Map(categories.map((c) => [c.id, c.name]));
    this.sellerRows = new Map(sellers.map((s) => [s.id, s]));
  }

  private async build(): Promise<void> {
    this.ownersChanged = false;
    const index = await this.buildIndex();
    if (!index) return;
    const warmingStarted = Date.now();
    if (!(await this.prepare(index))) return;
    this.index = index;
    this.timing.ready = Date.now();
    this.timing.warming = this.timing.ready - warmingStarted;
    this.deps.log.info(
      { products: index.liveCount, ms: this.timing.ready - this.timing.started, warming: this.timing.warming },
      'search index: ready',
    );
    // Changes announced while building (some may already be in the batches read; reading them again is harmless).
    this.schedule();
  }

  /**
   * Readies a new index before it answers (decisions 0062, 0065): the commonest lexemes' impact orders and the
   * warm-up searches (search-index-warm.ts), a turn of the event loop between slices, then the beforeServing
   * hooks. False when the keeper stopped meanwhile.
   */
  private async prepare(index: SearchIndex): Promise<boolean> {
    try {
      for (const _ of warmingImpacts(index)) {
        if (this.stopped) return false;
        await yieldToOthers();
      }
      // The lexemes of every name word (a few thousand: 3,215 at 1M) in one statement, when they fit in half the
      // cache: a search of the catalogue's own words then needs no round trip for them (decision 0071).
      if (index.nameWordTexts.length <= STEM_CACHE / 2) {
        await this.stemsOf(index.nameWordTexts.filter((word) => /^[\p{L}\p{N}]+$/u.test(word)));
      }
      const texts = warmTexts(index);
      const stems = await this.stemsOf(texts.flatMap((text) => text.split(' ')));
      for (const _ of warmingSearches(index, texts, stems)) {
        if (this.stopped) return false;
        await yieldToOthers();
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'search index: warm-up failed');
    }
    for (const hook of this.beforeServing) {
      if (this.stopped) return false;
      await hook(index).catch((error: Error) => this.deps.log.error({ err: error }, 'search index: a hook failed'));
    }
    return !this.stopped;
  }

  /**
   * A new index of every product, read in batches by id (the next batch's read overlaps the indexing of the
   * last) and indexed a slice per turn of the event loop; null when the keeper stopped meanwhile.
   */
  private async buildIndex(): Promise<SearchIndex | null> {
    const index = new SearchIndex();
    await this.loadOwners(index);
    const counted = productCount(this.deps.db);
    counted.catch(() => {}); // awaited after the first batch
    let next = productBatch(this.deps.db, 0, buildBounds.batch);
    for (let first = true; ; first = false) {
      const batch = await next;
      if (this.stopped) return null;
      if (batch.length === 0) break;
      next = productBatch(this.deps.db, (batch[batch.length - 1] as { id: number }).id, buildBounds.batch);
      next.catch(() => {}); // awaited below; not an unhandled rejection if the keeper stops first
      for (let at = 0; at < batch.length; at += buildBounds.slice) {
        index.apply(batch.slice(at, at + buildBounds.slice));
        await yieldToOthers();
      }
      // Room for every product at the first batch's sizes: no array doubles (and is copied) during the build.
      if (first) index.reserve((await counted) + buildBounds.batch);
      await buildBounds.afterBatch?.();
    }
    for (const _ of index.freezing()) await yieldToOthers();
    index.lexemesWithPrefix(''); // sorts the lexemes now rather than on the first search
    return index;
  }
}
