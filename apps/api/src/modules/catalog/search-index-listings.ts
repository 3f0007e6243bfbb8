import { trigramsOf, wordSimilarity } from './pg-text-functions.ts';
import { type SearchIndex, SlotState } from './search-index.ts';
import { compareText, type Slots } from './search-index-shapes.ts';
import { type TextMatch, TYPO_THRESHOLD } from './text-match.ts';

/** Whether the product in a slot is listed: live (alive and active) and of an approved seller. */
function listed(state: Uint8Array, slot: number): boolean {
  const bits = SlotState.live | SlotState.sellerApproved;
  return ((state[slot] as number) & bits) === bits;
}

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
  /** The listed slots (alive, active, of an approved seller) at `version`, in the order. */
  slots: Int32Array;
  /** index.ids.length when last read: the slots from there on are merged in by the next read. */
  upTo: number;
  /** The index's version (versionOf) when last read: while it holds, the slots are read as they are. */
  version: string;
  hiddenKey: string;
  /** A seller's listed products per category, counted once per version (shop pages). */
  categoryCounts?: Map<number, number>;
  /** The catalogue's best-seller list: each slot's position in it, made once per version (suggestions). */
  ranks?: Int32Array;
}

interface ListingState {
  lists: Map<string, SortedScope>;
  /** The sellers map hiddenKey was read from (the keeper replaces it on every seller change). */
  sellersOf: unknown;
  /** The hidden sellers' ids, joined: a change rebuilds every list (a seller approved or suspended: rare). */
  hiddenKey: string;
  /** Trigram ids holding a word of one or two letters, for index.trigramId.size trigrams. */
  shortWords: Map<string, number[]>;
  shortWordsAt: number;
}

const states = new WeakMap<SearchIndex, ListingState>();

function stateOf(index: SearchIndex): ListingState {
  let state = states.get(index);
  if (!state) {
    state = {
      lists: new Map(),
      sellersOf: null,
      hiddenKey: '',
      shortWords: new Map(),
      shortWordsAt: 0,
    };
    states.set(index, state);
  }
  if (state.sellersOf !== index.sellers) {
    // Products of sellers that are not approved stay hidden (listedProducts; the slots' sellerApproved bit);
    // normally none.
    const hidden = [...index.sellers.values()].filter((s) => !s.approved).map((s) => s.id);
    state.hiddenKey = hidden.sort((a, b) => a - b).join(',');
    state.sellersOf = index.sellers;
  }
  return state;
}

/**
 * Changes with every change of the index's products — a product added or changed takes a new slot (ids grows), one
 * removed only lowers the live count — and of the hidden sellers.
 */
const versionOf = (index: SearchIndex, state: ListingState) =>
  `${index.ids.length}:${index.liveCount}:${state.hiddenKey}`;

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
  const { state, category, seller } = index;
  const live = (slot: number) => listed(state, slot);
  if (scope.kind === 'category') return (slot) => category[slot] === scope.id && live(slot);
  if (scope.kind === 'seller') return (slot) => seller[slot] === scope.id && live(slot);
  return live;
}

/** The scope's live slots in the order: as last read while the index is unchanged, else brought up to date. */
function sortedScope(index: SearchIndex, scope: Scope, order: ListingOrder): SortedScope {
  const state = stateOf(index);
  const key = scope.kind === 'all' ? `all:${order}` : `${scope.kind}:${scope.id}:${order}`;
  const version = versionOf(index, state);
  const last = state.lists.get(key);
  if (last?.version === version) return last;
  // Sellers hidden or shown again: sorted anew (their slots are not in the list, nor in the new ones).
  const entry = last && last.hiddenKey === state.hiddenKey ? last : undefined;
  const end = index.ids.length;
  const belongs = inScope(index, scope);
  const compare = comparison(index, order);
  const fresh: number[] = [];
  for (let slot = entry?.upTo ?? 0; slot < end; slot++) if (belongs(slot)) fresh.push(slot);
  fresh.sort(compare);
  let slots: Int32Array;
  if (!entry) slots = Int32Array.from(fresh);
  else {
    // Merge the new slots into the sorted ones, dropping the dead on the way: no re-sort of the whole scope.
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
    slots = n === merged.length ? merged : merged.slice(0, n);
  }
  const updated: SortedScope = { slots, upTo: end, version, hiddenKey: state.hiddenKey };
  state.lists.set(key, updated);
  return updated;
}

/**
 * A page of a listing: the ids at [offset, offset + limit) of the listed products of the scope (and `also`, a
 * further filter) in the order, and how many there are (pagedIds of the SQL). Without a filter (the usual case) a
 * slice of the sorted slots.
 */
export function listingPage(
  index: SearchIndex,
  scope: Scope,
  order: ListingOrder,
  offset: number,
  limit: number,
  also?: (slot: number) => boolean,
): { ids: number[]; totalCount: number } {
  const { slots } = sortedScope(index, scope, order);
  const ids: number[] = [];
  if (!also) {
    for (let i = offset; i < slots.length && i < offset + limit; i++) ids.push(index.ids[slots[i] as number] as number);
    return { ids, totalCount: slots.length };
  }
  let totalCount = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    if (!also(slot)) continue;
    if (totalCount >= offset && ids.length < limit) ids.push(index.ids[slot] as number);
    totalCount++;
  }
  return { ids, totalCount };
}

/** How many listed products of an approved seller each category holds (shopCategories' counts). */
export function sellerCategoryCounts(index: SearchIndex, sellerId: number): Map<number, number> {
  const entry = sortedScope(index, { kind: 'seller', id: sellerId }, 'best');
  if (entry.categoryCounts) return entry.categoryCounts;
  const counts = new Map<number, number>();
  for (const slot of entry.slots) {
    const category = index.category[slot] as number;
    counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  entry.categoryCounts = counts;
  return counts;
}

export interface NameRow {
  id: number;
  name: string;
  closeness: number;
}

/** Scratch marks by slot and bits by best-seller position, reused (one request runs at a time in a process). */
let counts = new Uint16Array(0);
let lastpos = new Int32Array(0);
let rankBits = new Uint32Array(0);

function sizeScratch(index: SearchIndex): void {
  if (counts.length < index.ids.length) counts = new Uint16Array(index.ids.length * 2);
  if (rankBits.length * 32 < index.ids.length) rankBits = new Uint32Array(Math.ceil(index.ids.length / 16));
  if (lastpos.length < index.trigramPostings.length) {
    lastpos = new Int32Array(index.trigramPostings.length * 2).fill(-1);
  }
}

/** Each listed slot's position in the catalogue's best-seller order (-1: not listed), made once per version. */
function bestSellerRanks(index: SearchIndex): { order: Int32Array; ranks: Int32Array } {
  const entry = sortedScope(index, { kind: 'all' }, 'best');
  if (!entry.ranks) {
    const ranks = new Int32Array(index.ids.length).fill(-1);
    const order = entry.slots;
    for (let i = 0; i < order.length; i++) ranks[order[i] as number] = i;
    entry.ranks = ranks;
  }
  return { order: entry.slots, ranks: entry.ranks };
}

/**
 * Names of the listed products holding the text (nameHoldsText: every word of each part anywhere in the name, or
 * the words of one of its synonyms), best sellers first, at most `limit` (productNamesHolding).
 *
 * Candidates: a name holding a word holds each of its trigrams (a word of one or two letters: one of the trigrams
 * around it). Each listed candidate sets the bit of its best-seller position; the bits are then read in order, 32
 * a step, and only the set ones are checked (a string search) until `limit` names hold the text. So the work is
 * the candidates plus positions / 32, whatever their order. Only a word in a large share of the names (e.g.
 * "series") is left to the walk of the best-seller list checking every name: it finds `limit` names at once there,
 * while marking would touch most of the catalogue.
 */
export function namesHolding(index: SearchIndex, match: TextMatch, limit: number): NameRow[] {
  const phrasings = match.parts.map((part) => [part.words, ...part.alternatives]);
  const holds = (name: string) =>
    phrasings.every((alternatives) =>
      alternatives.some((words) => words.length > 0 && words.every((word) => name.includes(word))),
    );
  sizeScratch(index);
  const { order, ranks } = bestSellerRanks(index);
  const { lowerName } = index;
  const most = index.liveCount * suggestionBounds.share;
  const candidates = candidateLists(index, phrasings, most);
  const slots: number[] = [];
  if (!candidates) {
    for (let i = 0; i < order.length && slots.length < limit; i++) {
      const slot = order[i] as number;
      if (holds(lowerName[slot] as string)) slots.push(slot);
    }
  } else {
    for (const list of candidates) {
      for (const slot of list) {
        const rank = ranks[slot] ?? -1;
        if (rank >= 0) rankBits[rank >>> 5] = (rankBits[rank >>> 5] as number) | (1 << (rank & 31));
      }
    }
    const words = (order.length + 31) >>> 5;
    for (let word = 0; word < words && slots.length < limit; word++) {
      let bits = rankBits[word] as number;
      while (bits !== 0 && slots.length < limit) {
        const lowest = bits & -bits;
        bits ^= lowest;
        const slot = order[word * 32 + 31 - Math.clz32(lowest)] as number;
        if (holds(lowerName[slot] as string)) slots.push(slot);
      }
    }
    for (const list of candidates) {
      for (const slot of list) {
        const rank = ranks[slot] ?? -1;
        if (rank >= 0) rankBits[rank >>> 5] = 0;
      }
    }
  }
  return slots.map((slot) => ({ id: index.ids[slot] as number, name: index.name[slot] as string, closeness: 0 }));
}

/**
 * Up to which share of the products namesHolding marks candidates. A mark costs a few ns and a walk's step (a
 * string search) ~60, but a walk's length depends on how densely the matches sit among the top sellers, not on
 * their number: "pi" (5% of the names) took a walk of 60,000 names, 3.5 ms, at 100k products. Mutable for tests
 * (either way gives the same answer).
 */
export const suggestionBounds = { share: 1 / 3 };

/** The postings of trigrams a name holding the word must hold one of (the rarest one for a long word). */
function wordCandidates(index: SearchIndex, word: string): Slots[] {
  const chars = Array.from(word);
  if (chars.length >= 3) {
    let rarest: Slots = [];
    for (let i = 0; i + 3 <= chars.length; i++) {
      const id = index.trigramId.get(chars.slice(i, i + 3).join(''));
      const postings = id === undefined ? [] : (index.trigramPostings[id] as Slots);
      if (i === 0 || postings.length < rarest.length) rarest = postings;
    }
    return [rarest];
  }
  // One or two letters: every trigram (padded ones too: "  c", " ce") that holds them. Each trigram's letters and
  // pairs of letters are listed once until a new trigram appears, so a word's trigrams are one lookup.
  const state = stateOf(index);
  if (state.shortWordsAt !== index.trigramId.size) {
    state.shortWords.clear();
    for (const [trigram, id] of index.trigramId) {
      const letters = Array.from(trigram);
      for (let i = 0; i < letters.length; i++) {
        for (const part of [letters[i] as string, letters.slice(i, i + 2).join('')]) {
          const ids = state.shortWords.get(part);
          if (!ids) state.shortWords.set(part, [id]);
          else if (ids[ids.length - 1] !== id) ids.push(id);
        }
      }
    }
    state.shortWordsAt = index.trigramId.size;
  }
  const ids = state.shortWords.get(word) ?? [];
  return ids.map((id) => index.trigramPostings[id] as Slots);
}

/** Per phrasing of the part with the fewest candidates, postings bounding the names; null when more than `most`. */
function candidateLists(index: SearchIndex, phrasings: string[][][], most: number): Slots[] | null {
  let best: Slots[] | null = null;
  let bestSize = most;
  for (const alternatives of phrasings) {
    const lists: Slots[] = [];
    for (const words of alternatives) {
      let rarest: Slots[] | null = null;
      let rarestSize = Number.POSITIVE_INFINITY;
      for (const word of words) {
        const found = wordCandidates(index, word);
        const size = found.reduce((sum, list) => sum + list.length, 0);
        if (size < rarestSize) {
          rarest = found;
          rarestSize = size;
        }
      }
      if (rarest) lists.push(...rarest);
    }
    const size = lists.reduce((sum, list) => sum + list.length, 0);
    if (size < bestSize) {
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
  const candidates = touched.filter((slot) => (counts[slot] as number) >= need && listed(index.state, slot));
  for (const slot of touched) counts[slot] = 0;
  candidates.sort(comparison(index, 'best'));
  const has = (trigram: number) => inQuery.has(trigram);
  const found: NameRow[] = [];
  for (const slot of candidates) {
    const trigrams = index.nameTrigramsOf(slot);
    if (wordSimilarity(trigrams, has, size, TYPO_THRESHOLD, true, lastpos) < TYPO_THRESHOLD) continue;
    const closeness = wordSimilarity(trigrams, has, size, TYPO_THRESHOLD, false, lastpos);
    found.push({ id: index.ids[slot] as number, name: index.name[slot] as string, closeness });
    if (found.length >= limit) break;
  }
  return found;
}
