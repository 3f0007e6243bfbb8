// The typo step's count filter (search-index-typos.ts typoMatches): a name within a typo of a term holds at least
// `need` of the term's distinct trigrams, so a name holding fewer is out without reading its words.
import type { SearchIndex } from './search-index.ts';
import { KeptBitsets, markSlots } from './search-index-kept.ts';
import type { Slots } from './search-index-shapes.ts';

/**
 * The names holding a trigram as bitsets, by trigram (for lists of at least a 32nd of the slots, where a bitset is
 * no larger than the list): whether a name holds it is one bit read from a few kilobytes, not a search of the list.
 */
const trigramBits = new KeptBitsets<number>({ kept: 512 });

/**
 * Counts into `count` (for the candidates, marked 1 in present) how many of the term's trigrams each name holds:
 * the short lists are read, the long ones are bitsets (trigramBits) read per candidate. A name holding fewer than
 * `need` is out without reading its words (most candidates: a name that shares one or two trigrams with the term).
 */
export function countTermTrigrams(
  index: SearchIndex,
  known: number[],
  touched: Int32Array,
  present: Uint16Array,
  count: Uint8Array,
): void {
  const long: Int32Array[] = [];
  for (const id of known) {
    const postings = index.trigramPostings[id] as Slots;
    if (postings.length * 32 >= index.ids.length) {
      long.push(trigramBits.of(index, id, postings));
      continue;
    }
    for (let k = 0; k < postings.length; k++) {
      const slot = postings[k] as number;
      if (present[slot] === 1) count[slot] = (count[slot] as number) + 1;
    }
  }
  if (long.length === 0) return;
  // One pass over the candidates for all the bitsets (each small enough to stay in cache), a count written once.
  for (let k = 0; k < touched.length; k++) {
    const slot = touched[k] as number;
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    let held = 0;
    for (let b = 0; b < long.length; b++) held += ((long[b] as Int32Array)[word] as number) & bit ? 1 : 0;
    count[slot] = (count[slot] as number) + held;
  }
}

/** Scratch bitsets of the short trigram lists (namesHoldingEnough), and its answer; zero between searches. */
const shortBits: Int32Array[] = [];
let enough = new Int32Array(0);
let within = new Int32Array(0);

/**
 * The names of the `candidates` lists holding at least `need` of the trigrams `known`, as a bitset over the slots
 * (bit s: slot s; a scratch array, valid until the next call), from the trigrams' names as bitsets: a typo of a
 * common word has 100,000 or more candidates at 1M, and gathering them, ordering them and counting each one's
 * trigrams cost more than adding up the term's few bitsets 32 names at a time, each name's count in bit planes
 * (the typo step of the 1,500 bench searches at 1M: 10.8 -> 8.5 s).
 */
export function namesHoldingEnough(
  index: SearchIndex,
  known: readonly number[],
  need: number,
  candidates: readonly Slots[],
): Int32Array {
  if (known.length > 31) throw new Error('at most 31 trigrams are counted');
  const words = (index.ids.length + 31) >>> 5;
  if (enough.length < words) {
    enough = new Int32Array(words);
    within = new Int32Array(words);
  }
  // The candidates' bits first: the others are out (the count is read for them only).
  for (const postings of candidates) markSlots(within, postings);
  const lists: Int32Array[] = [];
  const shortLists: Slots[] = [];
  for (const id of known) {
    const postings = index.trigramPostings[id] as Slots;
    if (postings.length * 32 >= index.ids.length) {
      lists.push(trigramBits.of(index, id, postings));
      continue;
    }
    // A short list: its bits set in a scratch bitset (a kept one would be mostly zeros), cleared below.
    if (shortBits.length <= shortLists.length) shortBits.push(new Int32Array(0));
    let bits = shortBits[shortLists.length] as Int32Array;
    if (bits.length < words) {
      bits = new Int32Array(words);
      shortBits[shortLists.length] = bits;
    }
    markSlots(bits, postings);
    lists.push(bits);
    shortLists.push(postings);
  }
  // Each name's count in five bit planes (plane p: bit p of the 32 names' counts; at most 31 lists).
  const n0 = need & 1;
  const n1 = (need >>> 1) & 1;
  const n2 = (need >>> 2) & 1;
  const n3 = (need >>> 3) & 1;
  const n4 = (need >>> 4) & 1;
  for (let w = 0; w < words; w++) {
    if (within[w] === 0) {
      enough[w] = 0;
      continue;
    }
    let p0 = 0;
    let p1 = 0;
    let p2 = 0;
    let p3 = 0;
    let p4 = 0;
    for (let b = 0; b < lists.length; b++) {
      // Adds one bit to each of the 32 counts: a carry rippling through the planes.
      const bits = (lists[b] as Int32Array)[w] as number;
      const c1 = p0 & bits;
      p0 ^= bits;
      const c2 = p1 & c1;
      p1 ^= c1;
      const c3 = p2 & c2;
      p2 ^= c2;
      p4 ^= p3 & c3;
      p3 ^= c3;
    }
    // count - need, plane by plane: a borrow out of the top plane means count < need.
    let borrow = n0 ? ~p0 : 0;
    borrow = n1 ? ~p1 | borrow : ~p1 & borrow;
    borrow = n2 ? ~p2 | borrow : ~p2 & borrow;
    borrow = n3 ? ~p3 | borrow : ~p3 & borrow;
    borrow = n4 ? ~p4 | borrow : ~p4 & borrow;
    enough[w] = ~borrow & (within[w] as number);
  }
  shortLists.forEach((postings, at) => {
    const bits = shortBits[at] as Int32Array;
    for (let k = 0; k < postings.length; k++) bits[(postings[k] as number) >>> 5] = 0;
  });
  within.fill(0, 0, words);
  return enough.subarray(0, words);
}
