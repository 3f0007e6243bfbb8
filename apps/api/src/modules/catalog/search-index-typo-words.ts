import { wordSimilarity } from './pg-text-functions.ts';
import type { SearchIndex } from './search-index.ts';
import { TYPO_THRESHOLD } from './text-match.ts';

/**
 * The typo step per name word (decision 0057). pg_trgm makes a name's trigrams word by word (each word padded:
 * "␣␣w ␣wo wor ord rd␣"), so a name's trigrams are its words' trigrams one after another. The catalogue has a few
 * thousand distinct name words against 100,000 names: a typo's facts are gathered per word, once per search,
 * from a list of the words holding each trigram, and most names are then decided from their word numbers alone.
 */

/** Per index: the name words holding each trigram (word numbers ascending), and each word's trigram count. */
export interface WordLists {
  /** Words indexed so far (name words are only ever added, so later ones are appended). */
  words: number;
  byTrigram: number[][];
  length: Int32Array;
  /** Per word: its count of distinct trigrams. */
  distinct: Int32Array;
}

const listsOf = new WeakMap<SearchIndex, WordLists>();

/** The index's word lists, brought up to date with the words added since the last search (a few, or none). */
export function wordLists(index: SearchIndex): WordLists {
  let lists = listsOf.get(index);
  if (!lists) {
    lists = { words: 0, byTrigram: [], length: new Int32Array(0), distinct: new Int32Array(0) };
    listsOf.set(index, lists);
  }
  const count = index.nameWordTrigrams.length;
  if (lists.words === count) return lists;
  if (lists.length.length < count) {
    const room = Math.max(count, lists.length.length * 2);
    const length = new Int32Array(room);
    length.set(lists.length);
    lists.length = length;
    const distinct = new Int32Array(room);
    distinct.set(lists.distinct);
    lists.distinct = distinct;
  }
  for (let word = lists.words; word < count; word++) {
    const trigrams = index.nameWordTrigrams[word] as Int32Array;
    lists.length[word] = trigrams.length;
    lists.distinct[word] = new Set(trigrams).size;
    for (let i = 0; i < trigrams.length; i++) {
      const trigram = trigrams[i] as number;
      let holders = lists.byTrigram[trigram];
      if (!holders) {
        holders = [];
        lists.byTrigram[trigram] = holders;
      }
      if (holders[holders.length - 1] !== word) holders.push(word);
    }
  }
  lists.words = count;
  return lists;
}

/** What a name's words say of it (TypoWords.decide). */
export const Verdict = {
  No: 0,
  Yes: 1,
  /** The name's trigrams must decide (withinTypo). */
  Unknown: 2,
} as const;
export type Verdict = (typeof Verdict)[keyof typeof Verdict];

// Pair facts (TypoWords.pairFacts): a run of `need` crosses the two words; a window across them may reach the
// threshold; pg_trgm's greedy over the two words alone reaches it.
const PAIR_RUN = 1;
const PAIR_MAY = 2;
const PAIR_YES = 4;

// Module-level scratch, reused by every search (a search runs synchronously).
let masks = new Int32Array(0);
let bests = new Float64Array(0);
let pairTrigrams = new Int32Array(64);
let seenAt = new Int32Array(0);
let stamp = 0;
let termMarks: Uint8Array = new Uint8Array(0);
const inTerm = (trigram: number) => termMarks[trigram] === 1;

/**
 * What one search knows of the name words holding its term's trigrams (the term's `known` trigram ids marked 1 in
 * inQuery; `size` distinct trigrams in the term, `need` of them needed to be within a typo), gathered from the
 * index's word lists once per search. Everything here is exact as pg_trgm's word_similarity (the port in
 * pg-text-functions.ts) decides `name %> term`; a name's words decide it or say that its trigrams must.
 */
export class TypoWords {
  /**
   * Per word number: which of the term's trigrams the word holds, bit i for the term's i-th known trigram. Exact
   * when the term has at most 31 known trigrams (`exactMasks`); beyond, only "holds one" is. Zero for the others.
   */
  readonly mask: Int32Array;
  /** Per word number: its count of trigrams (every word). */
  readonly length: Int32Array;
  readonly exactMasks: boolean;
  /** The words within a typo of the term on their own: every name holding one is (see typoMatches). */
  readonly matching: number[] = [];
  private readonly lists: WordLists;
  private readonly holding: number[] = [];
  private readonly pairs = new Map<number, number>();

  constructor(
    private readonly index: SearchIndex,
    known: readonly number[],
    private readonly size: number,
    private readonly need: number,
    private readonly inQuery: Uint8Array,
    private readonly lastpos: Int32Array,
  ) {
    const lists = wordLists(index);
    this.lists = lists;
    if (masks.length < lists.words) {
      masks = new Int32Array(Math.max(lists.words, masks.length * 2));
      bests = new Float64Array(masks.length).fill(-1);
    }
    this.mask = masks;
    this.length = lists.length;
    this.exactMasks = known.length <= 31;
    const mask = masks;
    for (let i = 0; i < known.length; i++) {
      const bit = 1 << Math.min(i, 30);
      for (const word of lists.byTrigram[known[i] as number] ?? []) {
        if (mask[word] === 0) this.holding.push(word);
        mask[word] = (mask[word] as number) | bit;
      }
    }
    termMarks = inQuery;
    for (const word of this.holding) {
      const trigrams = index.nameWordTrigrams[word] as Int32Array;
      if (trigrams.length < need || (this.exactMasks && popcountOf(mask[word] as number) < need)) continue;
      if (longestRun(trigrams, 0, trigrams.length, inQuery) >= need || this.greedyReaches(trigrams))
        this.matching.push(word);
    }
  }

  /**
   * The verdict of a name whose words `data[first..last]` run from its first word holding the term's trigrams to
   * its last (at least two such words, none matching alone, their masks together holding `need`), from the best
   * window pg_trgm could score: a window is inside one word (at most the word's best window), across two adjacent
   * words (their pair's best crossing window; a run of `need` across them is a match), or across three words or
   * more (then it holds each middle word whole: at most the term's trigrams of all its words, at least the middle
   * words' other trigrams). No window reaching the threshold: no. A name of exactly two adjacent such words: what
   * the greedy scores over the pair (the trigrams around them change nothing).
   */
  decide(data: Int32Array, first: number, last: number, holders: number, union: number): Verdict {
    const mask = this.mask;
    let may = false;
    // The fewest other trigrams a window across three words or more holds. Such a window starts and ends in words
    // holding the term's trigrams: either a middle word holds them too (it holds that word's others), or its
    // middle is the whole run of words between two consecutive such words (it holds the others of each, so at
    // least the most of them). `gap`: the most others of a word in the current run (-1 outside a run).
    let fewest = Number.MAX_SAFE_INTEGER;
    let gap = -1;
    for (let i = first; i <= last; i++) {
      const word = data[i] as number;
      if (mask[word] === 0) {
        gap = Math.max(gap, this.nonTermTrigrams(word));
        continue;
      }
      if (gap >= 0) fewest = Math.min(fewest, gap);
      gap = -1;
      if (i > first && i < last) fewest = Math.min(fewest, this.nonTermTrigrams(word));
      if (!may && this.wordMayReach(word)) may = true;
      if (i > first && mask[data[i - 1] as number] !== 0) {
        const facts = this.pairFacts(data[i - 1] as number, word);
        if ((facts & PAIR_YES) !== 0) return Verdict.Yes;
        if (holders === 2) return Verdict.No;
        if ((facts & PAIR_MAY) !== 0) may = true;
      }
    }
    if (may) return Verdict.Unknown;
    if (last - first < 2 || !this.reaches(popcountOf(union), fewest)) return Verdict.No;
    // Each window across three words or more, by its first and last word (rarely reached).
    for (let x = first; x <= last - 2; x++) {
      let bits = mask[data[x] as number] as number;
      if (bits === 0) continue;
      let others = 0;
      for (let y = x + 1; y <= last; y++) {
        const word = data[y] as number;
        if (y >= x + 2) others = Math.max(others, this.nonTermTrigrams(data[y - 1] as number));
        if (mask[word] === 0) continue;
        bits |= mask[word] as number;
        if (y >= x + 2 && this.reaches(popcountOf(bits), others)) return Verdict.Unknown;
      }
    }
    return Verdict.No;
  }

  /** Zeroes what this search set in the shared arrays (the next search reuses them). */
  clear(): void {
    for (const word of this.holding) {
      this.mask[word] = 0;
      bests[word] = -1;
    }
  }

  private reaches(count: number, others: number): boolean {
    return Math.fround(count / (this.size + others)) >= TYPO_THRESHOLD;
  }

  /** The word's distinct trigrams that are not the term's. */
  private nonTermTrigrams(word: number): number {
    const bits = this.mask[word] as number;
    return (this.lists.distinct[word] as number) - (bits === 0 ? 0 : popcountOf(bits));
  }

  /** Whether a window inside the word scores at least the threshold (the best of all, not only the greedy's). */
  private wordMayReach(word: number): boolean {
    let best = bests[word] as number;
    if (best < 0) {
      const trigrams = this.index.nameWordTrigrams[word] as Int32Array;
      best = bestWindow(trigrams, trigrams.length, trigrams.length, 0, this.inQuery, this.size);
      bests[word] = best;
    }
    return best >= TYPO_THRESHOLD;
  }

  /** PAIR_* facts of word `a` followed by word `b` in a name, computed once per search. */
  private pairFacts(a: number, b: number): number {
    const key = a * this.lists.words + b;
    let facts = this.pairs.get(key);
    if (facts !== undefined) return facts;
    const first = this.index.nameWordTrigrams[a] as Int32Array;
    const second = this.index.nameWordTrigrams[b] as Int32Array;
    const n = first.length + second.length;
    if (pairTrigrams.length < n) pairTrigrams = new Int32Array(n * 2);
    pairTrigrams.set(first, 0);
    pairTrigrams.set(second, first.length);
    const both = pairTrigrams.subarray(0, n);
    facts = 0;
    if (longestRun(both, 0, n, this.inQuery) >= this.need) facts = PAIR_RUN | PAIR_MAY | PAIR_YES;
    else {
      if (bestWindow(both, n, first.length, first.length, this.inQuery, this.size) >= TYPO_THRESHOLD) facts |= PAIR_MAY;
      if (this.greedyReaches(both)) facts |= PAIR_YES;
    }
    this.pairs.set(key, facts);
    return facts;
  }

  /** pg_trgm's word_similarity of the term over these trigrams alone reaches the threshold. */
  private greedyReaches(trigrams: Int32Array): boolean {
    termMarks = this.inQuery;
    return wordSimilarity(trigrams, inTerm, this.size, TYPO_THRESHOLD, true, this.lastpos) >= TYPO_THRESHOLD;
  }
}

/**
 * The best score c / (size + g) (float4) of the windows [s, e] of `trigrams[0, n)` with s < startsBefore and
 * e >= endsFrom, starting and ending at one of the term's trigrams (marked in inQuery; dropping an end that is not
 * the term's never lowers a score): c of the term's distinct trigrams, g of the others; `size`: the term's
 * distinct trigrams. -0 when there is none. By brute force: a word has about ten trigrams.
 */
export function bestWindow(
  trigrams: Int32Array,
  n: number,
  startsBefore: number,
  endsFrom: number,
  inQuery: Uint8Array,
  size: number,
): number {
  for (let i = 0; i < n; i++) {
    if ((trigrams[i] as number) >= seenAt.length) seenAt = new Int32Array((trigrams[i] as number) * 2 + 1);
  }
  let best = 0;
  for (let s = 0; s < startsBefore; s++) {
    if (inQuery[trigrams[s] as number] === 0) continue;
    if (++stamp === 0x7fffffff) {
      seenAt.fill(0);
      stamp = 1;
    }
    let count = 0;
    let others = 0;
    for (let e = s; e < n; e++) {
      const trigram = trigrams[e] as number;
      const term = inQuery[trigram] !== 0;
      if (seenAt[trigram] !== stamp) {
        seenAt[trigram] = stamp;
        if (term) count++;
        else others++;
      }
      if (term && e >= endsFrom) best = Math.max(best, Math.fround(count / (size + others)));
    }
  }
  return best;
}

/** The longest run of consecutive trigrams in `trigrams[from, to)`, distinct and all marked in inQuery. */
export function longestRun(trigrams: Int32Array, from: number, to: number, inQuery: Uint8Array): number {
  let best = 0;
  let runStart = from;
  for (let i = from; i < to; i++) {
    const trigram = trigrams[i] as number;
    if (inQuery[trigram] === 0) {
      runStart = i + 1;
      continue;
    }
    for (let k = runStart; k < i; k++) {
      if (trigrams[k] === trigram) {
        runStart = k + 1;
        break;
      }
    }
    best = Math.max(best, i - runStart + 1);
  }
  return best;
}

/** The number of bits set in a 32-bit integer. */
export function popcountOf(bits: number): number {
  let v = bits - ((bits >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
