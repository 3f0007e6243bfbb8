import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Deps } from '../../deps.ts';
import {
  allCategories,
  allSellers,
  productBatch,
  productsWithIds,
  SEARCH_CHANNEL,
  type SellerRow,
  stemsOf,
} from './search-index.repository.ts';
import { SearchIndex } from './search-index.ts';
import type { Stems } from './search-index-query.ts';

/** Products read per query while the index is built: small enough that other requests interleave. */
const BUILD_BATCH = 5000;
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
  private readonly stems = new Map<string, readonly string[]>();
  sellerRows = new Map<number, SellerRow>();
  /** When the build started and finished (ms since the epoch), for the start-up figures. */
  readonly timing = { started: 0, ready: 0 };

  constructor(private readonly deps: Pick<Deps, 'db' | 'listen' | 'log'>) {}

  /** Listens, then builds in the background; resolves once listening (the build goes on). */
  async start(): Promise<void> {
    this.stopListening = await this.deps.listen(SEARCH_CHANNEL, (payload) => this.onNotice(payload));
    this.timing.started = Date.now();
    void this.build().catch((error: Error) => this.deps.log.error({ err: error }, 'search index: build failed'));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.stopListening?.();
    await this.refreshing?.catch(() => {});
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
    if (payload === 'o') this.ownersChanged = true;
    else if (payload.startsWith('p:')) {
      for (const id of payload.slice(2).split(',')) if (id) this.pendingIds.add(Number(id));
    }
    if (this.index) this.schedule();
  }

  private schedule(): void {
    this.refreshing ??= this.refresh()
      .catch((error: Error) => this.deps.log.error({ err: error }, 'search index: refresh failed'))
      .finally(() => {
        this.refreshing = null;
        if ((this.pendingIds.size > 0 || this.ownersChanged) && !this.stopped) this.schedule();
      });
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
    const index = new SearchIndex();
    this.ownersChanged = false;
    await this.loadOwners(index);
    let after = 0;
    for (;;) {
      if (this.stopped) return;
      const batch = await productBatch(this.deps.db, after, BUILD_BATCH);
      if (batch.length === 0) break;
      index.apply(batch);
      after = (batch[batch.length - 1] as { id: number }).id;
      await yieldToOthers();
    }
    index.lexemesWithPrefix(''); // sorts the lexemes now rather than on the first search
    index.freeze();
    this.index = index;
    this.timing.ready = Date.now();
    this.deps.log.info(
      { products: index.liveCount, ms: this.timing.ready - this.timing.started },
      'search index: ready',
    );
    // Changes announced while building (some may already be in the batches read; reading them again is harmless).
    this.schedule();
  }
}
