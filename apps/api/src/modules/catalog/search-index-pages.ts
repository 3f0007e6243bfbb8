import type { SearchSort } from '@tibay/contract';
import { finished } from '../../lib/sliced-work.ts';
import { addRankTerm } from './pg-text-functions.ts';
import type { SearchIndex } from './search-index.ts';
import { compareText, type Slots } from './search-index-shapes.ts';

/**
 * A search's page without sorting its matches: a bounded top-k (insertTop) and, for relevance,
 * impact-ordered postings (decision 0043, issue 21): for a lexeme in at least impactBounds.postings
 * documents, its slots
 * ordered by their one-word ts_rank (desc), then sold (desc), then id — the relevance order when the name's
 * closeness is the same. A one-word search on such a lexeme reads its best candidates first and stops once no
 * later one can enter the page (score = rank + closeness <= rank + 1), instead of ranking every match.
 *
 * Built on the first search that needs it and kept until the lexeme's posting list changes (a changed product
 * takes a new slot, so its list grows): one sort of the list, then every such search is bounded by the page.
 */
export const impactBounds = {
  /**
   * Lexemes in at least `share` of the documents get an impact order, but always those in `most` and never those
   * in fewer than `postings`: at 100k 2,000 documents (393 lexemes, 2.6M postings, at most 21 MB of orders), at 1M
   * 10,000 (decision 0066).
   */
  postings: 2_000,
  share: 0.02,
  most: 10_000,
  /**
   * Postings ranked, or entries sorted, between two yields while an order is built in slices (buildingImpact):
   * at 1M a slice of 65,536 from cold memory held the loop 70-100 ms (decision 0069).
   */
  slice: 16_384,
  /** Searches with fewer hits rank them one by one (cheaper than walking an impact order). */
  hits: 2_000,
  /**
   * The word prefix's other lexemes are in at most this share of the common lexeme's documents (they are ranked
   * and scored one by one, before the walk): "seal" and "sealant" at 1M (decision 0065).
   */
  othersShare: 0.5,
};

/**
 * The common lexeme of a one-word search whose impact order can give the page: the operand's lexeme with the most
 * documents, when it is common and the operand's other lexemes (a prefix's longer words) are much less so; else null.
 */
export function impactLexemes(index: SearchIndex, operandLexemes: number[][], hitCount: number) {
  if (operandLexemes.length !== 1 || hitCount < impactBounds.hits) return null;
  const lexemes = operandLexemes[0] as number[];
  const size = (lex: number) => (index.lexemePostings[lex] as ArrayLike<number>).length;
  const big = lexemes.reduce((best, lex) => (size(lex) > size(best) ? lex : best), lexemes[0] as number);
  const { postings, share, most } = impactBounds;
  if (big === undefined || size(big) < Math.max(postings, Math.min(most, index.liveCount * share))) return null;
  const others = lexemes.filter((lex) => lex !== big);
  if (others.reduce((sum, lex) => sum + size(lex), 0) > size(big) * impactBounds.othersShare) return null;
  return { big, others };
}

interface Impact {
  /** The posting list's length when built (it only grows). */
  length: number;
  slots: Int32Array;
  /** ts_rank of each, in the same order (non-increasing; a float4, as PostgreSQL's). */
  ranks: Float32Array;
}

const impacts = new WeakMap<SearchIndex, Map<number, Impact>>();

/** The lexeme's impact order (built or rebuilt when its postings changed). */
export function impactOf(index: SearchIndex, lexeme: number): Impact {
  return finished(buildingImpact(index, lexeme));
}

/** The lexeme's impact order when it is built and current, else undefined. */
export function builtImpact(index: SearchIndex, lexeme: number): Impact | undefined {
  const known = impacts.get(index)?.get(lexeme);
  return known && known.length === (index.lexemePostings[lexeme] as ArrayLike<number>).length ? known : undefined;
}

/**
 * impactOf in slices, a yield after each (the ranks of a slice of the postings; each pass of the sort), so that the
 * warm-up can build the orders of the commonest lexemes without holding the event loop (search-index-warm.ts).
 * A posting's one-word rank is its term alone (rankOf of one operand holding one lexeme), read beside it.
 */
export function* buildingImpact(index: SearchIndex, lexeme: number): Generator<void, Impact> {
  let byLexeme = impacts.get(index);
  if (!byLexeme) {
    byLexeme = new Map();
    impacts.set(index, byLexeme);
  }
  const known = builtImpact(index, lexeme);
  if (known) return known;
  const postings = index.lexemePostings[lexeme] as ArrayLike<number>;
  const terms = index.lexemeTerms[lexeme] as ArrayLike<number>;
  const n = postings.length;
  const ranks = new Float64Array(n);
  for (let from = 0; from < n; from += impactBounds.slice) {
    for (let i = from; i < Math.min(n, from + impactBounds.slice); i++) ranks[i] = addRankTerm(0, terms[i] as number);
    yield;
  }
  const order = yield* sortingByRelevance(index, postings, ranks);
  const impact: Impact = { length: n, slots: new Int32Array(n), ranks: new Float32Array(n) };
  for (let at = 0; at < n; at++) {
    impact.slots[at] = postings[order[at] as number] as number;
    impact.ranks[at] = ranks[order[at] as number] as number;
  }
  byLexeme.set(lexeme, impact);
  return impact;
}

/** The positions of `slots` in relevance order when closeness ties, at once (sortingByRelevance). */
export function relevanceOrder(index: SearchIndex, slots: ArrayLike<number>, ranks: Float64Array): Uint32Array {
  return finished(sortingByRelevance(index, slots, ranks));
}

/**
 * The positions of `slots` (with their `ranks`, not negative) in relevance order when closeness ties: rank desc,
 * sold desc, id asc. A stable radix sort, 16 bits a pass, of keys read once (the id; sold reversed; the rank's
 * float64 bits reversed, which order as the ranks do): at 1M postings a fraction of a sort with a comparator;
 * passes whose digits are all the same move nothing; it yields every impactBounds.slice entries of its set-up and
 * of each pass (decisions 0065, 0069).
 */
function* sortingByRelevance(
  index: SearchIndex,
  slots: ArrayLike<number>,
  ranks: Float64Array,
): Generator<void, Uint32Array> {
  const n = slots.length;
  // Entries read or moved between two yields (a pass over 1M entries held the loop 50-300 ms: decision 0069).
  const chunk = impactBounds.slice;
  const rankBits = new Uint32Array(ranks.buffer, ranks.byteOffset, n * 2); // little-endian: low word first
  const ids = new Uint32Array(n);
  const sold = new Uint32Array(n);
  const rankLow = new Uint32Array(n);
  const rankHigh = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const slot = slots[i] as number;
    ids[i] = index.ids[slot] as number;
    sold[i] = 0x7fffffff - (index.sold[slot] as number);
    rankLow[i] = ~(rankBits[2 * i] as number) >>> 0;
    rankHigh[i] = ~(rankBits[2 * i + 1] as number) >>> 0;
    if (i % chunk === chunk - 1) yield;
  }
  let keys = [ids, sold, rankLow, rankHigh];
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  yield;
  let nextKeys = keys.map(() => new Uint32Array(n));
  let nextOrder = new Uint32Array(n);
  const count = new Int32Array(65_537);
  for (let key = 0; key < keys.length && n > 0; key++) {
    for (const shift of [0, 16]) {
      const digits = keys[key] as Uint32Array;
      count.fill(0);
      for (let i = 0; i < n; i++) {
        const digit = (((digits[i] as number) >>> shift) & 0xffff) + 1;
        count[digit] = (count[digit] as number) + 1;
        if (i % chunk === chunk - 1) yield;
      }
      if (count[(((digits[0] as number) >>> shift) & 0xffff) + 1] === n) continue; // one digit: nothing moves
      for (let d = 0; d < 65_536; d++) count[d + 1] = (count[d + 1] as number) + (count[d] as number);
      for (let i = 0; i < n; i++) {
        const digit = ((digits[i] as number) >>> shift) & 0xffff;
        const to = count[digit] as number;
        count[digit] = to + 1;
        nextOrder[to] = order[i] as number;
        // The keys still to sort by move with their positions.
        for (let k = key; k < keys.length; k++)
          (nextKeys[k] as Uint32Array)[to] = (keys[k] as Uint32Array)[i] as number;
        if (i % chunk === chunk - 1) yield;
      }
      [order, nextOrder] = [nextOrder, order];
      [keys, nextKeys] = [nextKeys, keys];
      yield;
    }
  }
  return order;
}

export interface Scored {
  slot: number;
  score: number;
}

/** Relevance order: score desc, sold desc, id. */
export const betterScored = (index: SearchIndex) => (a: Scored, b: Scored) => {
  if (a.score !== b.score) return a.score > b.score;
  const sa = index.sold[a.slot] as number;
  const sb = index.sold[b.slot] as number;
  if (sa !== sb) return sa > sb;
  return (index.ids[a.slot] as number) < (index.ids[b.slot] as number);
};

/**
 * Closeness 1: the name holds a phrasing's words in a row (its trigrams are the phrasing's, contiguous). Each
 * phrasing as the index's word numbers (the names' words: letters and digits, lower case); one with a word no
 * name holds, or with no word, is left out (no name holds it).
 */
export function phrasesOf(index: SearchIndex, phrasings: readonly string[]): Int32Array[] {
  const phrases: Int32Array[] = [];
  for (const phrasing of phrasings) {
    const words = (phrasing.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => index.nameWordId.get(word));
    if (words.length > 0 && words.every((word) => word !== undefined)) phrases.push(Int32Array.from(words));
  }
  return phrases;
}

/** Whether the name in `slot` holds one of the phrases (phrasesOf) word for word, in a row. */
export function holdsPhrase(index: SearchIndex, slot: number, phrases: readonly Int32Array[]): boolean {
  // A typo's phrasing is no name's words: no phrase, and no read of the name.
  if (phrases.length === 0) return false;
  const words = index.nameWordData;
  const start = index.nameWordStart[slot] as number;
  const end = index.nameWordStart[slot + 1] as number;
  for (const phrase of phrases) {
    const last = end - phrase.length;
    for (let at = start; at <= last; at++) {
      let k = 0;
      while (k < phrase.length && words[at + k] === phrase[k]) k++;
      if (k === phrase.length) return true;
    }
  }
  return false;
}

/** Keeps `top` the best `limit` entries, best first. */
export function insertTop<T>(top: T[], entry: T, limit: number, better: (a: T, b: T) => boolean): void {
  if (top.length >= limit && !better(entry, top[top.length - 1] as T)) return;
  let lo = 0;
  let hi = top.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (better(top[mid] as T, entry)) lo = mid + 1;
    else hi = mid;
  }
  top.splice(lo, 0, entry);
  if (top.length > limit) top.pop();
}

/**
 * Adds to `top` (the page so far, best first) the first `limit` of `isHit` slots by relevance, reading the impact order until no later slot can enter:
 * `score(slot, rank)` gives the exact score (rank + closeness, float4), `insert` keeps the page (best first);
 * `closenessCap()` bounds every name's closeness (1, or less once the caller knows better: decision 0062).
 */
export function impactPage(
  index: SearchIndex,
  impact: Impact,
  isHit: (slot: number) => boolean,
  score: (slot: number, rank: number) => number,
  top: Scored[],
  limit: number,
  closenessCap: () => number = () => 1,
): Scored[] {
  const better = betterScored(index);
  const { slots, ranks } = impact;
  const worseTie = (slot: number, than: number) => {
    const sa = index.sold[slot] as number;
    const sb = index.sold[than] as number;
    return sa !== sb ? sa < sb : (index.ids[slot] as number) > (index.ids[than] as number);
  };
  for (let at = 0; at < slots.length; at++) {
    const rank = ranks[at] as number;
    if (top.length >= limit) {
      const worst = top[top.length - 1] as Scored;
      const bound = Math.fround(rank + closenessCap());
      if (bound < worst.score) break;
      if (bound === worst.score && worseTie(slots[at] as number, worst.slot)) {
        // The rest of this rank's run comes after it by (sold, id): none can enter; skip to the next rank.
        let lo = at + 1;
        let hi = slots.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if ((ranks[mid] as number) === rank) lo = mid + 1;
          else hi = mid;
        }
        at = lo - 1;
        continue;
      }
    }
    const slot = slots[at] as number;
    if (!isHit(slot)) continue;
    insertTop(top, { slot, score: score(slot, rank) }, limit, better);
  }
  return top;
}

/** The first `limit` hits by price or name (ties by id). */
export function sortedPage(index: SearchIndex, hits: Slots, sort: SearchSort, limit: number): number[] {
  const id = (slot: number) => index.ids[slot] as number;
  let better: (a: number, b: number) => boolean;
  if (sort === 'price_asc' || sort === 'price_desc') {
    const sign = sort === 'price_asc' ? 1 : -1;
    better = (a, b) => {
      const d = ((index.price[a] as number) - (index.price[b] as number)) * sign;
      return d !== 0 ? d < 0 : id(a) < id(b);
    };
  } else {
    const sign = sort === 'name_desc' ? -1 : 1;
    better = (a, b) => {
      const d = compareText(index.lowerName[a] as string, index.lowerName[b] as string) * sign;
      return d !== 0 ? d < 0 : id(a) < id(b);
    };
  }
  const top: number[] = [];
  for (const slot of hits) insertTop(top, slot, limit, better);
  return top;
}
