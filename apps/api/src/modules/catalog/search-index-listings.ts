import { trigramsOf, wordSimilarity } from './pg-text-functions.ts';
import { compareText, type SearchIndex, type Slots } from './search-index.ts';
import { type TextMatch, TYPO_THRESHOLD } from './text-match.ts';

/**
 * Category listings, shop pages and the header's product suggestions from the in-memory search index (decision
 * 0047), by the same rules as their SQL (catalog.repository.ts listedProducts / listOrder, sellers.repository.ts
 * shopOrder, suggestions.repository.ts): only the index's public per-slot arrays are read.
 *
 * Each (scope, order) keeps its slots presorted. A slot never changes (a changed product takes a new slot, the old
 * one is marked dead), so a sorted list stays sorted: a read skips dead slots and hidden sellers, and merges in the
 * slots added since the list was sorted (only those are sorted), so no change ever re-sorts a whole scope.
 */

/** The orders of the listings: the SQL's `order by`, ties by id. */
export type ListingOrder = 'best' | 'price_asc' | 'price_desc' | 'name_asc' | 'name_desc';

/** Which products a list holds: every one, a category's, or a seller's. */
export type Scope = { kind: 'all' } | { kind: 'category' | 'seller'; id: number };

interface SortedScope {
  /** Slots alive and active when sorted (or merged), in the order. */
  slots: Int32Array;
  /** index.ids.length when sorted: the slots from there on are merged in by the next read. */
  upTo: number;
}

interface ListingState {
  lists: Map<string, SortedScope>;
  /** The sellers map the hidden set was read from (the keeper replaces it on every seller change). */
  sellersOf: unknown;
  hidden: Set<number>;
}

const states = new WeakMap<SearchIndex, ListingState>();

function stateOf(index: SearchIndex): ListingState {
  let state = states.get(index);
  if (!state) {
    state = { lists: new Map(), sellersOf: null, hidden: new Set() };
    states.set(index, state);
  }
  if (state.sellersOf !== index.sellers) {
    // Products of sellers that are not approved stay hidden (listedProducts); normally none.
    state.hidden = new Set([...index.sellers.values()].filter((s) => !s.approved).map((s) => s.id));
    state.sellersOf = index.sellers;
  }
  return state;
}

/** The SQL's order as a comparison of slots (best sellers: sold_count desc nulls last; names: lower(name)). */
function comparison(index: SearchIndex, order: ListingOrder): (a: number, b: number) => number {
  const { ids, sold, price, lowerName } = index;
  const byId = (a: number, b: number) => (ids[a] as number) - (ids[b] as number);
  switch (order) {
    case 'price_asc':
      return (a, b) => (price[a] as number) - (price[b] as number) || byId(a, b);
    case 'price_desc':
      return (a, b) => (price[b] as number) - (price[a] as number) || byId(a, b);
    case 'name_asc':
      return (a, b) => compareText(lowerName[a] as string, lowerName[b] as string) || byId(a, b);
    case 'name_desc':
      return (a, b) => compareText(lowerName[b] as string, lowerName[a] as string) || byId(a, b);
    default:
      return (a, b) => (sold[b] as number) - (sold[a] as number) || byId(a, b);
  }
}

function inScope(index: SearchIndex, scope: Scope): (slot: number) => boolean {
  const { alive, active, category, seller } = index;
  const live = (slot: number) => alive[slot] === 1 && active[slot] === 1;
  if (scope.kind === 'category') return (slot) => category[slot] === scope.id && live(slot);
  if (scope.kind === 'seller') return (slot) => seller[slot] === scope.id && live(slot);
  return live;
}

/** The scope's slots in the order, with the slots added since the last read merged in. */
function sortedScope(index: SearchIndex, scope: Scope, order: ListingOrder): Int32Array {
  const { lists } = stateOf(index);
  const key = scope.kind === 'all' ? `all:${order}` : `${scope.kind}:${scope.id}:${order}`;
  const entry = lists.get(key);
  const end = index.ids.length;
  if (entry && entry.upTo === end) return entry.slots;
  const belongs = inScope(index, scope);
  const compare = comparison(index, order);
  const fresh: number[] = [];
  for (let slot = entry?.upTo ?? 0; slot < end; slot++) if (belongs(slot)) fresh.push(slot);
  fresh.sort(compare);
  let slots: Int32Array;
  if (!entry) slots = Int32Array.from(fresh);
  else if (fresh.length === 0) slots = entry.slots;
  else {
    // Merge the new slots into the sorted ones, dropping the dead on the way.
    const old = entry.slots;
    const merged = new Int32Array(old.length + fresh.length);
    let n = 0;
    let i = 0;
    let j = 0;
    while (i < old.length || j < fresh.length) {
      const a = old[i];
      const b = fresh[j];
      if (a !== undefined && (b === undefined || compare(a, b) < 0)) {
        i++;
        if (index.alive[a] === 1) merged[n++] = a;
      } else {
        merged[n++] = b as number;
        j++;
      }
    }
    slots = merged.slice(0, n);
  }
  lists.set(key, { slots, upTo: end });
  return slots;
}

/** Whether a slot of the sorted lists is listed now: alive, its seller approved (active when sorted). */
function listedNow(index: SearchIndex, hidden: Set<number>): (slot: number) => boolean {
  const { alive, seller } = index;
  if (hidden.size === 0) return (slot) => alive[slot] === 1;
  return (slot) => alive[slot] === 1 && !hidden.has(seller[slot] as number);
}

/**
 * A page of a listing: the ids at [offset, offset + limit) of the listed products of the scope (and `also`, a
 * further filter) in the order, and how many there are (pagedIds of the SQL).
 */
export function listingPage(
  index: SearchIndex,
  scope: Scope,
  order: ListingOrder,
  offset: number,
  limit: number,
  also?: (slot: number) => boolean,
): { ids: number[]; totalCount: number } {
  const slots = sortedScope(index, scope, order);
  const listed = listedNow(index, stateOf(index).hidden);
  const ids: number[] = [];
  let totalCount = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    if (!listed(slot) || (also && !also(slot))) continue;
    if (totalCount >= offset && ids.length < limit) ids.push(index.ids[slot] as number);
    totalCount++;
  }
  return { ids, totalCount };
}

/** How many listed products of the seller each category holds (shopCategories' counts). */
export function sellerCategoryCounts(index: SearchIndex, sellerId: number): Map<number, number> {
  const slots = sortedScope(index, { kind: 'seller', id: sellerId }, 'best');
  const listed = listedNow(index, stateOf(index).hidden);
  const counts = new Map<number, number>();
  for (const slot of slots) {
    if (!listed(slot)) continue;
    const category = index.category[slot] as number;
    counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  return counts;
}

export interface NameRow {
  id: number;
  name: string;
  closeness: number;
}

/** Scratch marks by slot, reused (one request runs at a time in a process). */
let marks = new Uint8Array(0);
let counts = new Uint16Array(0);
let lastpos = new Int32Array(0);

function sizeScratch(index: SearchIndex): void {
  if (marks.length < index.ids.length) {
    marks = new Uint8Array(index.ids.length * 2);
    counts = new Uint16Array(index.ids.length * 2);
  }
  if (lastpos.length < index.trigramPostings.length) {
    lastpos = new Int32Array(index.trigramPostings.length * 2).fill(-1);
  }
}

/**
 * Names of the listed products holding the text (nameHoldsText: every word of each part anywhere in the name, or
 * the words of one of its synonyms), best sellers first, at most `limit` (productNamesHolding).
 */
export function namesHolding(index: SearchIndex, match: TextMatch, limit: number): NameRow[] {
  const phrasings = match.parts.map((part) => [part.words, ...part.alternatives]);
  const holds = (name: string) =>
    phrasings.every((alternatives) =>
      alternatives.some((words) => words.length > 0 && words.every((word) => name.includes(word))),
    );
  sizeScratch(index);
  // Candidates: a name holding a word of three letters or more holds each of its trigrams; the rarest trigram's
  // postings (one per phrasing of the most selective part) bound the walk below.
  const candidates = candidateLists(index, phrasings);
  if (candidates) for (const list of candidates) for (const slot of list) marks[slot] = 1;
  const order = sortedScope(index, { kind: 'all' }, 'best');
  const listed = listedNow(index, stateOf(index).hidden);
  const found: NameRow[] = [];
  for (let i = 0; i < order.length && found.length < limit; i++) {
    const slot = order[i] as number;
    if (candidates && marks[slot] !== 1) continue;
    if (listed(slot) && holds(index.lowerName[slot] as string))
      found.push({ id: index.ids[slot] as number, name: index.name[slot] as string, closeness: 0 });
  }
  if (candidates) for (const list of candidates) for (const slot of list) marks[slot] = 0;
  return found;
}

/** Per phrasing of the part with the fewest candidates, the postings of its rarest trigram; null: no bound. */
function candidateLists(index: SearchIndex, phrasings: string[][][]): Slots[] | null {
  let best: Slots[] | null = null;
  let bestSize = Number.POSITIVE_INFINITY;
  for (const alternatives of phrasings) {
    const lists: Slots[] = [];
    for (const words of alternatives) {
      let rarest: Slots | null = null;
      for (const word of words) {
        const chars = Array.from(word);
        for (let i = 0; i + 3 <= chars.length; i++) {
          const id = index.trigramId.get(chars.slice(i, i + 3).join(''));
          const postings = id === undefined ? [] : (index.trigramPostings[id] as Slots);
          if (!rarest || postings.length < rarest.length) rarest = postings;
        }
      }
      if (!rarest) {
        lists.length = 0;
        break; // a phrasing without a three-letter word: this part gives no bound
      }
      lists.push(rarest);
    }
    const size = lists.reduce((sum, list) => sum + list.length, 0);
    if (lists.length > 0 && size < bestSize) {
      best = lists;
      bestSize = size;
    }
  }
  return best;
}

/**
 * Names of the listed products within a typo of the term (`name %> term`: word_similarity >= TYPO_THRESHOLD),
 * best sellers first, at most `limit`, with their closeness (productNamesWithinTypo).
 */
export function namesWithinTypo(index: SearchIndex, term: string, limit: number): NameRow[] {
  const distinct = [...new Set(trigramsOf(term))];
  const size = distinct.length;
  if (size === 0) return [];
  sizeScratch(index);
  const ids = distinct.map((trigram) => index.trigramId.get(trigram) ?? -1).filter((id) => id >= 0);
  const inQuery = new Set(ids);
  const touched: number[] = [];
  for (const id of ids) {
    for (const slot of index.trigramPostings[id] as Slots) {
      if (counts[slot] === 0) touched.push(slot);
      counts[slot] = (counts[slot] as number) + 1;
    }
  }
  // word_similarity <= shared trigrams / the term's: only those can reach the threshold.
  const need = TYPO_THRESHOLD * size - 1e-6;
  const listed = listedNow(index, stateOf(index).hidden);
  const candidates = touched.filter(
    (slot) => (counts[slot] as number) >= need && index.active[slot] === 1 && listed(slot),
  );
  for (const slot of touched) counts[slot] = 0;
  candidates.sort(comparison(index, 'best'));
  const has = (trigram: number) => inQuery.has(trigram);
  const found: NameRow[] = [];
  for (const slot of candidates) {
    const trigrams = index.nameTrigrams[slot] as Int32Array;
    if (wordSimilarity(trigrams, has, size, TYPO_THRESHOLD, true, lastpos) < TYPO_THRESHOLD) continue;
    const closeness = wordSimilarity(trigrams, has, size, TYPO_THRESHOLD, false, lastpos);
    found.push({ id: index.ids[slot] as number, name: index.name[slot] as string, closeness });
    if (found.length >= limit) break;
  }
  return found;
}
