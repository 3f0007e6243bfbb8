import type { ProductCard } from '@tibay/contract';
import type { Conn } from '../../db/sql.ts';
import { loadCards } from './catalog.repository.ts';
import type { SearchIndex } from './search-index.ts';

/**
 * The product cards of search pages, held in memory (decision 0046) so that a search answered by the index needs
 * no SQL. A card is kept with the index slot its product had when it was read: any write to the product (its row,
 * a variation, a photo or a review: migration listings_notify) gives the product a new slot, and any seller
 * change replaces the index's sellers, so a kept card is used only while both are the same — the card is never
 * older than the index's answer. Bounded: dropped whole when full (a search then reads its cards again).
 */
const MAX_CARDS = 50_000;

interface Kept {
  slot: number;
  sellers: object;
  card: ProductCard;
}

const kept = new WeakMap<SearchIndex, Map<number, Kept>>();

/** The cards of `ids` in that order: kept ones from memory, the others in one statement. */
export async function searchCards(db: Conn, index: SearchIndex, ids: readonly number[]): Promise<ProductCard[]> {
  let cards = kept.get(index);
  if (!cards) {
    cards = new Map();
    kept.set(index, cards);
  }
  const current = (id: number) => {
    const entry = cards.get(id);
    return entry && entry.slot === index.slotOfId.get(id) && entry.sellers === index.sellers ? entry.card : null;
  };
  const missing = ids.filter((id) => current(id) === null);
  if (missing.length > 0) {
    // The slots before the read: a write during it gives a new slot, so the card is read again next time.
    const slots = missing.map((id) => index.slotOfId.get(id));
    const sellers = index.sellers;
    const found = await loadCards(db, missing);
    if (cards.size + found.length > MAX_CARDS) cards.clear();
    found.forEach((card) => {
      const slot = slots[missing.indexOf(card.id)];
      if (slot !== undefined) cards.set(card.id, { slot, sellers, card });
    });
    const byId = new Map(found.map((card) => [card.id, card]));
    return ids.flatMap((id) => current(id) ?? byId.get(id) ?? []);
  }
  return ids.map((id) => current(id) as ProductCard);
}
