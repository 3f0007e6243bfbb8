// The name's closeness to a search's text (word_similarity of a phrasing, the dear half of relevance) and the
// bounds that let search-index-relevance.ts compute it only for the hits that can reach the page.
import { wordSimilarity } from './pg-text-functions.ts';
import type { SearchIndex } from './search-index.ts';
import { scratch } from './search-index-scratch.ts';
import type { Slots } from './search-index-shapes.ts';
import { bestWindow, popcountOf, type WordLists, wordLists } from './search-index-typo-words.ts';
import type { trigramQuery } from './search-index-typos.ts';

type TrigramQuery = ReturnType<typeof trigramQuery>;

/** Whether the trigram is marked in scratch.inQuery (one function: a closure made per hit costs its creation). */
const inQueryHas = (trigram: number) => scratch.inQuery[trigram] === 1;

/** The name's closeness to the text: the greatest word_similarity of a phrasing's trigrams (queries) in it. */
export function closenessOf(index: SearchIndex, slot: number, queries: TrigramQuery[], atMost = 1): number {
  const { inQuery, lastpos } = scratch;
  let closeness = 0;
  for (const query of queries) {
    if (atMost <= closeness || query.size === 0) continue;
    for (const id of query.ids) if (id >= 0) inQuery[id] = 1;
    const nameTrigrams = index.nameTrigramsOf(slot);
    closeness = Math.max(closeness, wordSimilarity(nameTrigrams, inQueryHas, query.size, 1, false, lastpos));
    for (const id of query.ids) if (id >= 0) inQuery[id] = 0;
  }
  return closeness;
}

/**
 * An upper bound of word_similarity(query, the slot's name), float4 as pg_trgm rounds. A window of the name scores
 * c / (ulen1 + g): c of the query's trigrams and g others, distinct. Inside one run of the query's trigrams g is 0
 * and c is at most the run's length; a window over two runs holds a whole gap between them, so g is at least the
 * fewest distinct trigrams of a gap and c at most all the query's trigrams the name holds.
 */
export function closenessBound(index: SearchIndex, slot: number, query: TrigramQuery): number {
  if (query.size === 0) return 0;
  const { inQuery, gap } = scratch;
  const data = index.nameTrigramData;
  const from = index.nameTrigramStart[slot] as number;
  const end = index.nameTrigramStart[slot + 1] as number;
  for (const id of query.ids) if (id >= 0) inQuery[id] = 1;
  let distinct = 0;
  let run = 0;
  let longestRun = 0;
  let runs = 0;
  let gapStart = -1;
  let fewestInGap = Number.POSITIVE_INFINITY;
  for (let k = from; k < end; k++) {
    const trigram = data[k] as number;
    const mark = inQuery[trigram] as number;
    if (mark === 0) {
      if (run > 0) gapStart = k;
      run = 0;
      continue;
    }
    if (mark === 1) {
      inQuery[trigram] = 2;
      distinct++;
    }
    if (run === 0) {
      runs++;
      if (gapStart >= 0) {
        // The gap's distinct trigrams (marked in `gap` while counted).
        let count = 0;
        for (let g = gapStart; g < k; g++) {
          if (gap[data[g] as number] === 0) {
            gap[data[g] as number] = 1;
            count++;
          }
        }
        for (let g = gapStart; g < k; g++) gap[data[g] as number] = 0;
        fewestInGap = Math.min(fewestInGap, count);
        gapStart = -1;
      }
    }
    run++;
    longestRun = Math.max(longestRun, run);
  }
  for (const id of query.ids) if (id >= 0) inQuery[id] = 0;
  let bound = Math.min(longestRun, distinct) / query.size;
  if (runs >= 2) bound = Math.max(bound, distinct / (query.size + fewestInGap));
  return Math.fround(Math.min(1, bound));
}

/**
 * A cheaper upper bound than closenessBound, from the name's words rather than its trigrams: the share of a
 * query's distinct trigrams that the name holds (closenessBound is at most that share). A name's trigrams are its
 * words' trigrams one after another, so the name holds the union of its words' trigrams: one mask per name word,
 * bit i for the query's i-th trigram, made once per search, then a few lookups per name. For queries of at most 31
 * distinct known trigrams (else `of` answers 1: no bound).
 */
export class WordShareBound {
  private readonly masks: Int32Array[] = [];
  private readonly sizes: number[] = [];
  private readonly known: number[][] = [];
  private readonly lists: WordLists;
  /** Per query: each word's best window alone (windowOf), -1 until computed. */
  private readonly alone: Float32Array[] = [];
  /** Per query: the best window across two adjacent words, by (first word, second word). */
  private readonly across: Array<Map<number, number>> = [];

  constructor(
    private readonly index: SearchIndex,
    queries: readonly TrigramQuery[],
  ) {
    const lists = wordLists(index);
    this.lists = lists;
    for (const query of queries) {
      const known = query.ids.filter((id) => id >= 0);
      if (query.size === 0 || known.length > 31) continue;
      const mask = new Int32Array(lists.words);
      known.forEach((trigram, bit) => {
        for (const word of lists.byTrigram[trigram] ?? []) mask[word] = (mask[word] as number) | (1 << bit);
      });
      this.masks.push(mask);
      this.sizes.push(query.size);
      this.known.push(known);
      this.alone.push(new Float32Array(0));
      this.across.push(new Map());
    }
    if (this.masks.length < queries.filter((query) => query.size > 0).length) this.masks.length = 0;
  }

  /**
   * A bound of the name's closeness tighter than `of` (at most `of`), from its words: pg_trgm scores windows
   * c / (size + g) of the name's trigrams (c of the query's, g of the others, distinct), and a window lies inside
   * one word (at most that word's best window, kept per word), across two adjacent words (their pair's best
   * crossing window, kept per pair), or across three words or more (holding each middle word whole: c at most the
   * query's trigrams of all its words, g at least any middle word's other trigrams). A typo's hits tie by the
   * thousand at one word's closeness ("premum" in "premium": 4/7 while the share is 5/7): this bound is exact for
   * them, and the page's tie keeps them out without reading their trigrams.
   */
  windowOf(slot: number): number {
    if (this.masks.length === 0) return 1;
    const data = this.index.nameWordData;
    const from = this.index.nameWordStart[slot] as number;
    const end = this.index.nameWordStart[slot + 1] as number;
    let best = 0;
    for (let q = 0; q < this.masks.length && best < 1; q++) best = Math.max(best, this.windowIn(q, data, from, end));
    return Math.min(1, best);
  }

  private windowIn(q: number, data: Int32Array, from: number, end: number): number {
    const mask = this.masks[q] as Int32Array;
    const size = this.sizes[q] as number;
    const distinct = this.lists.distinct;
    let best = 0;
    let union = 0;
    // The fewest other trigrams a window across three words or more holds (as TypoWords.decide reasons): a middle
    // word holding the query's trigrams (its others), or the whole run of words between two consecutive such
    // words (the most others of one of them). `gap`: that most in the current run; `lastOthers`: the last such
    // word's others, counted once a later one makes it a middle word.
    let fewestOthers = Number.MAX_SAFE_INTEGER;
    let holders = 0;
    let gap = -1;
    let lastOthers = 0;
    for (let i = from; i < end; i++) {
      const word = data[i] as number;
      const bits = mask[word] as number;
      const others = (distinct[word] as number) - popcountOf(bits);
      if (bits === 0) {
        if (holders > 0) gap = Math.max(gap, others);
        continue;
      }
      if (holders >= 2) fewestOthers = Math.min(fewestOthers, lastOthers);
      if (holders >= 1 && gap >= 0) fewestOthers = Math.min(fewestOthers, gap);
      gap = -1;
      lastOthers = others;
      holders++;
      union |= bits;
      best = Math.max(best, this.aloneOf(q, word));
      if (i > from && mask[data[i - 1] as number] !== 0)
        best = Math.max(best, this.acrossOf(q, data[i - 1] as number, word));
    }
    // Windows across three words or more hold all of a middle word's other trigrams: most cannot score more.
    if (Math.fround(popcountOf(union) / (size + fewestOthers)) <= best) return best;
    for (let x = from; x < end - 2; x++) {
      let bits = mask[data[x] as number] as number;
      if (bits === 0) continue;
      let others = 0;
      for (let y = x + 1; y < end; y++) {
        const word = data[y] as number;
        if (y >= x + 2) {
          const middle = data[y - 1] as number;
          others = Math.max(others, (distinct[middle] as number) - popcountOf(mask[middle] as number));
        }
        if (mask[word] === 0) continue;
        bits |= mask[word] as number;
        if (y >= x + 2) best = Math.max(best, Math.fround(popcountOf(bits) / (size + others)));
      }
    }
    return best;
  }

  /** The word's best window alone (computed once per search and word). */
  private aloneOf(q: number, word: number): number {
    let alone = this.alone[q] as Float32Array;
    if (alone.length <= word) {
      const grown = new Float32Array(this.lists.words).fill(-1);
      grown.set(alone);
      alone = grown;
      this.alone[q] = grown;
    }
    let best = alone[word] as number;
    if (best < 0) {
      const trigrams = this.index.nameWordTrigrams[word] as Int32Array;
      best = this.scored(q, (inQuery, size) =>
        bestWindow(trigrams, trigrams.length, trigrams.length, 0, inQuery, size),
      );
      alone[word] = best;
    }
    return best;
  }

  /** The best window starting in word `a` and ending in the next word `b` (once per search and pair). */
  private acrossOf(q: number, a: number, b: number): number {
    const known = this.across[q] as Map<number, number>;
    const key = a * this.lists.words + b;
    let best = known.get(key);
    if (best === undefined) {
      const first = this.index.nameWordTrigrams[a] as Int32Array;
      const second = this.index.nameWordTrigrams[b] as Int32Array;
      const both = new Int32Array(first.length + second.length);
      both.set(first, 0);
      both.set(second, first.length);
      best = this.scored(q, (inQuery, size) =>
        bestWindow(both, both.length, first.length, first.length, inQuery, size),
      );
      known.set(key, best);
    }
    return best;
  }

  /** Runs `score` with the query's trigrams marked in scratch.inQuery. */
  private scored(q: number, score: (inQuery: Uint8Array, size: number) => number): number {
    const { inQuery } = scratch;
    const known = this.known[q] as number[];
    for (const id of known) inQuery[id] = 1;
    const best = score(inQuery, this.sizes[q] as number);
    for (const id of known) inQuery[id] = 0;
    return best;
  }

  /**
   * The greatest share over the names of `slots` (a search's hits): a bound of their closeness, so that a walk by
   * rank over them can stop once rank + this is below the page. One pass over their names' words (at 1M names, a
   * pass over every name took 40-50 ms; a search's hits are often a tenth of them); 1 when unknown. Only the slots
   * from `from` on, starting at `best` (a cap worked out earlier, brought up to date with the slots added since).
   */
  overSlots(slots: Slots, from = 0, best = 0): number {
    if (this.masks.length === 0) return 1;
    for (let k = 0; k < slots.length && best < 1; k++) {
      const slot = slots[k] as number;
      if (slot >= from) best = Math.max(best, this.of(slot));
    }
    return best;
  }

  /** The greatest share of a query's trigrams in the slot's name (float4), or 1 when no bound is known. */
  of(slot: number): number {
    if (this.masks.length === 0) return 1;
    const data = this.index.nameWordData;
    const from = this.index.nameWordStart[slot] as number;
    const end = this.index.nameWordStart[slot + 1] as number;
    let best = 0;
    for (let q = 0; q < this.masks.length; q++) {
      const mask = this.masks[q] as Int32Array;
      let union = 0;
      for (let i = from; i < end; i++) union |= mask[data[i] as number] as number;
      best = Math.max(best, Math.fround(Math.min(1, popcountOf(union) / (this.sizes[q] as number))));
    }
    return best;
  }
}

/** A max-heap of (key, hit number): the hits waiting with their upper bound. */
export class BoundHeap {
  private keys: number[] = [];
  private items: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  topKey(): number {
    return this.keys[0] as number;
  }
  push(key: number, item: number): void {
    const { keys, items } = this;
    let at = keys.length;
    keys.push(key);
    items.push(item);
    while (at > 0) {
      const up = (at - 1) >> 1;
      if ((keys[up] as number) >= key) break;
      keys[at] = keys[up] as number;
      items[at] = items[up] as number;
      at = up;
    }
    keys[at] = key;
    items[at] = item;
  }
  /** Removes the top; returns its item. */
  pop(): number {
    const { keys, items } = this;
    const item = items[0] as number;
    const lastKey = keys.pop() as number;
    const lastItem = items.pop() as number;
    const n = keys.length;
    if (n === 0) return item;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= n) break;
      if (child + 1 < n && (keys[child + 1] as number) > (keys[child] as number)) child++;
      if ((keys[child] as number) <= lastKey) break;
      keys[at] = keys[child] as number;
      items[at] = items[child] as number;
      at = child;
    }
    keys[at] = lastKey;
    items[at] = lastItem;
    return item;
  }
}
