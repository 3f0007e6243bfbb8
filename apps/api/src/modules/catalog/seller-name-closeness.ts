import { trigramNumbering, trigramsOf, wordSimilarity } from './pg-text-functions.ts';

/** The sellers' names as trigram ids, read once per map of sellers (the keepers replace the map when one changes). */
const known = new WeakMap<object, { ids: Map<string, number>; names: Map<number, Int32Array> }>();

/**
 * word_similarity(term, name) of each seller (by id): textWordSimilarity's answer without reading every name's
 * trigrams again for each search (the search's related shops and the suggestions' typo sellers ask it of every
 * seller; decision 0060: 0.3-0.7 ms of CPU per search answer before).
 */
export function sellerNameCloseness(
  sellers: ReadonlyMap<number, { id: number; name: string }>,
  term: string,
): (sellerId: number) => number {
  let found = known.get(sellers);
  if (!found) {
    const { ids, idOf } = trigramNumbering();
    const names = new Map(
      [...sellers.values()].map((row) => [row.id, Int32Array.from(trigramsOf(row.name).map(idOf))]),
    );
    found = { ids, names };
    known.set(sellers, found);
  }
  const { ids, names } = found;
  const query = new Set(trigramsOf(term));
  // A trigram no name has can never be found: -1 (no name's trigram has that id).
  const inQuery = new Set([...query].map((trigram) => ids.get(trigram) ?? -1));
  const lastpos = new Int32Array(ids.size).fill(-1);
  return (sellerId) => {
    const name = names.get(sellerId);
    if (!name || query.size === 0) return 0;
    return wordSimilarity(name, (t) => inQuery.has(t), query.size, 1, false, lastpos);
  };
}
