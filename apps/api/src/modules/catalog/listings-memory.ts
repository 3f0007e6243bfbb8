import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { ProductCard } from '@tibay/contract';
import type { Conn } from '../../db/sql.ts';
import { sanitizeSellerHtml } from '../../lib/sanitize-html.ts';
import { type CardRow, cardRows, toCard } from './catalog.repository.ts';
import {
  bestSellingIds,
  type ListingCategory,
  type ListingSeller,
  listingCategories,
  listingSellers,
} from './listings.repository.ts';
import type { SearchIndexKeeper } from './search-index.service.ts';
import type { SearchIndex } from './search-index.ts';

/** Cards held per index before the oldest are dropped (all of them: a simple bound on memory). */
const MAX_CARDS = 150_000;
/**
 * Cards read ahead for a new index, best sellers first, in statements of `batch` (decision 0062): at most
 * `preload`, so that a full cache (MAX_CARDS) is not reached by the pages read after it. On PGlite a statement runs
 * on the event loop: 500 cards take ~50 ms there (2,000 took ~200 ms).
 */
export const cardBounds = { preload: 100_000, batch: 500 };

/** Sellers and categories as the listings show them, read when the index's owners change. */
export interface Owners {
  sellers: Map<number, ListingSeller>;
  /** Approved sellers by url_handle in lower case. */
  byHandle: Map<string, ListingSeller>;
  categories: Map<number, ListingCategory>;
  /** Each seller's About text, cleaned on the way out (sellers.service.ts shop) once per read rather than per page. */
  descriptions: Map<number, string | null>;
}

/** A product's card as read, and as last shown with its seller (rebuilt when the owners change). */
interface CachedCard {
  row: CardRow;
  shownWith: Owners | null;
  card: ProductCard | null;
}

interface PerIndex {
  /** The index.sellers map the owners were read after (the keeper replaces it on every seller or category change). */
  ownersOf: unknown;
  owners: Owners | null;
  loading: Promise<void> | null;
  /** Cards by slot. A slot's product never changes (a change takes a new slot), so a card stays true. */
  cards: Map<number, CachedCard>;
}

/**
 * What the category listings, shop pages and header suggestions answer from in each API process (decision 0047):
 * the search index (decision 0043, kept in step by NOTIFY) for which products, in which order; sellers and
 * categories read again whenever the index's owners change; and the product cards by slot, read from PostgreSQL
 * the first time a product is shown (one statement for a page's missing cards) and kept while its slot lives.
 * The card's photo, rating and variations come from other tables: their triggers announce the product, so it
 * takes a new slot (migration listings_notify).
 */
export class ListingsMemory {
  private readonly perIndex = new WeakMap<SearchIndex, PerIndex>();

  constructor(
    private readonly db: Conn,
    readonly keeper: SearchIndexKeeper,
  ) {
    keeper.beforeServing.push((index) => this.preloadCards(index));
  }

  /**
   * Reads the cards of the best-selling products into a new index's cache before it answers (cardBounds): a
   * search's or listing's page then rarely waits for PostgreSQL. A card is kept under the slot its product had
   * before the read; a product changed meanwhile takes a new slot once the change is applied, and its card is
   * read again then.
   */
  async preloadCards(index: SearchIndex): Promise<void> {
    const state = this.stateOf(index);
    const ids = await bestSellingIds(this.db, cardBounds.preload);
    for (let at = 0; at < ids.length; at += cardBounds.batch) {
      const batch = ids.slice(at, at + cardBounds.batch);
      const slots = new Map(batch.map((id) => [id, index.slotOfId.get(id)]));
      for (const row of await cardRows(this.db, batch)) {
        const slot = slots.get(row.id);
        if (slot === undefined || index.slotOfId.get(row.id) !== slot || state.cards.has(slot)) continue;
        state.cards.set(slot, { row, shownWith: null, card: null });
      }
      // A turn of the event loop between statements: PGlite answers within the same turn, so without it the
      // whole read ahead would hold the loop (5 s at 100k products).
      await yieldToOthers();
    }
  }

  /** The index with every announced change applied and its owners, or null while the index is being built. */
  async current(): Promise<{ index: SearchIndex; owners: Owners } | null> {
    const index = await this.keeper.current();
    if (!index) return null;
    const state = this.stateOf(index);
    while (state.ownersOf !== index.sellers || !state.owners) {
      state.loading ??= this.loadOwners(index, state).finally(() => {
        state.loading = null;
      });
      await state.loading;
    }
    return { index, owners: state.owners };
  }

  /**
   * The cards of a search's page (decision 0046): the same map the listings read, so a product's card is read once
   * per process whichever page shows it first. Null while the index is being built.
   */
  async cardsFor(index: SearchIndex, ids: readonly number[]): Promise<ProductCard[] | null> {
    const current = await this.current();
    return current && this.cards(index, current.owners, ids);
  }

  /** The cards of the products (listed ids of the index), in the order given. */
  async cards(index: SearchIndex, owners: Owners, ids: readonly number[]): Promise<ProductCard[]> {
    const state = this.stateOf(index);
    const slots = ids.map((id) => index.slotOfId.get(id) ?? -1);
    const missing = ids.filter((_, i) => !state.cards.has(slots[i] as number));
    if (missing.length > 0) {
      const read = new Map((await cardRows(this.db, missing)).map((row) => [row.id, row]));
      if (state.cards.size + read.size > MAX_CARDS) state.cards.clear();
      ids.forEach((id, i) => {
        const row = read.get(id);
        if (row && slots[i] !== -1) state.cards.set(slots[i] as number, { row, shownWith: null, card: null });
      });
    }
    const cards: ProductCard[] = [];
    for (const slot of slots) {
      const cached = state.cards.get(slot);
      if (!cached) continue; // deleted meanwhile: as the SQL's join, left out
      if (cached.shownWith !== owners || !cached.card) {
        const { row } = cached;
        const seller = owners.sellers.get(row.seller_id);
        cached.card = toCard(
          seller
            ? { ...row, seller_name: seller.name, seller_logo: seller.logo_url, url_handle: seller.url_handle }
            : row,
        );
        cached.shownWith = owners;
      }
      cards.push(cached.card);
    }
    return cards;
  }

  private stateOf(index: SearchIndex): PerIndex {
    let state = this.perIndex.get(index);
    if (!state) {
      state = { ownersOf: null, owners: null, loading: null, cards: new Map() };
      this.perIndex.set(index, state);
    }
    return state;
  }

  private async loadOwners(index: SearchIndex, state: PerIndex): Promise<void> {
    // Read after the keeper replaced its map, so these rows are at least as new as the change it applied.
    const of = index.sellers;
    const [sellers, categories] = [await listingSellers(this.db), await listingCategories(this.db)];
    state.owners = {
      sellers: new Map(sellers.map((row) => [row.id, row])),
      byHandle: new Map(sellers.filter((row) => row.approved).map((row) => [row.url_handle.toLowerCase(), row])),
      categories: new Map(categories.map((row) => [row.id, row])),
      descriptions: new Map(
        sellers.map((row) => [row.id, row.description_html ? sanitizeSellerHtml(row.description_html) : null]),
      ),
    };
    state.ownersOf = of;
  }
}
