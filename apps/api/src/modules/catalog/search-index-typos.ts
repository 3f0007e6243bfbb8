import { trigramsOf, wordSimilarity } from './pg-text-functions.ts';
import type { SearchIndex } from './search-index.ts';
import type { Slots } from './search-index-shapes.ts';
import { TYPO_THRESHOLD } from './text-match.ts';

/**
 * The typo half of a search on the index (decision 0043, 0046): the names within a typo of the text
 * (`name %> term`, pg_trgm's word_similarity at TYPO_THRESHOLD), as the SQL finds them.
 */

/** Scratch arrays of the query (zero / -1 on entry and on return). */
export interface TypoScratch {
  present: Uint16Array;
  inQuery: Uint8Array;
  lastpos: Int32Array;
}

/** A name-trigram query: the distinct trigram ids of a text (marked in inQuery while it is used). */
export function trigramQuery(index: SearchIndex, text: string) {
  const distinct = [...new Set(trigramsOf(text))];
  return { ids: distinct.map((t) => index.trigramId.get(t) ?? -1), size: distinct.length };
}

/** The fewest of the term's `size` distinct trigrams a name must hold to be within a typo (float4, as pg_trgm). */
export function typoNeed(size: number): number {
  let need = 1;
  while (need <= size && Math.fround(need / size) < TYPO_THRESHOLD) need++;
  return need;
}

/**
 * Whether the name in `slot` is within a typo of the term whose trigram ids are marked 1 in `inQuery`
 * (word_similarity >= TYPO_THRESHOLD), in one pass over the name's trigrams first:
 * - fewer than `need` of the term's trigrams in the name: no (word_similarity <= found / ulen1);
 * - a run of `need` consecutive name trigrams, distinct and all the term's: yes, without word_similarity. Exact,
 *   not a guess: in pg_trgm's iterate_word_similarity the greedy's lower end never passes the run's start (a
 *   window starting later within the run holds fewer of the term's trigrams and the same others: none), so the
 *   window from the run's start to its end is evaluated, and it scores run / ulen1. (Decision 0046's word-start
 *   patterns are the runs that start a word; this is any run: "sries" in "series" is "rie ies es ".)
 * - otherwise word_similarity decides.
 */
function withinTypo(
  index: SearchIndex,
  slot: number,
  size: number,
  need: number,
  inQuery: Uint8Array,
  lastpos: Int32Array,
): boolean {
  const data = index.nameTrigramData;
  const start = index.nameTrigramStart[slot] as number;
  const end = index.nameTrigramStart[slot + 1] as number;
  let distinct = 0;
  let runStart = start;
  let byRun = false;
  for (let i = start; i < end; i++) {
    const trigram = data[i] as number;
    const mark = inQuery[trigram] as number;
    if (mark === 0) {
      runStart = i + 1;
      continue;
    }
    if (mark === 1) {
      inQuery[trigram] = 2;
      distinct++;
    }
    for (let k = runStart; k < i; k++) {
      if (data[k] === trigram) {
        runStart = k + 1;
        break;
      }
    }
    if (i - runStart + 1 >= need) {
      byRun = true;
      break;
    }
  }
  for (let i = start; i < end; i++) if (inQuery[data[i] as number] === 2) inQuery[data[i] as number] = 1;
  if (byRun) return true;
  if (distinct < need) return false;
  const has = (trigram: number) => inQuery[trigram] === 1;
  return wordSimilarity(data.subarray(start, end), has, size, TYPO_THRESHOLD, true, lastpos) >= TYPO_THRESHOLD;
}

/** The longest run of consecutive trigrams in `trigrams`, distinct and all marked in inQuery (see withinTypo). */
function longestRun(trigrams: Int32Array, inQuery: Uint8Array): number {
  let best = 0;
  let runStart = 0;
  for (let i = 0; i < trigrams.length; i++) {
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

/**
 * Slots whose name is within a typo of the term: word_similarity(term, name) >= TYPO_THRESHOLD, in two steps:
 * 1. The name words that alone hold a run of `need` of the term's trigrams (withinTypo): every name with one of
 *    them is a match, read from the word's list of names without looking at the names ("series" for "sries").
 * 2. The other names must hold `need` of the term's k trigrams, so they are in one of the k - need + 1 shortest
 *    posting lists (pigeonhole): only those are read, never the long lists of common trigrams ("  s", "es "),
 *    and each is decided from its own trigrams (withinTypo).
 */
export function typoMatches(
  index: SearchIndex,
  term: string,
  matched: Slots,
  { present, inQuery, lastpos }: TypoScratch,
): number[] {
  const { ids, size } = trigramQuery(index, term);
  const need = typoNeed(size);
  const known = ids.filter((id) => id >= 0);
  if (size === 0 || known.length < need) return [];
  for (const id of known) inQuery[id] = 1;
  // Marks in present: 2 matched by the full text (no check), 3 a match, 1 a candidate.
  for (let k = 0; k < matched.length; k++) present[matched[k] as number] = 2;
  const { alive } = index;
  const found: number[] = [];
  const words = index.nameWordTrigrams;
  for (let word = 0; word < words.length; word++) {
    const trigrams = words[word] as Int32Array;
    if (trigrams.length < need || longestRun(trigrams, inQuery) < need) continue;
    const holders = index.nameWordPostings[word] as Slots;
    for (let k = 0; k < holders.length; k++) {
      const slot = holders[k] as number;
      if (present[slot] !== 0 || alive[slot] !== 1) continue;
      present[slot] = 3;
      found.push(slot);
    }
  }
  const lists = known.map((id) => index.trigramPostings[id] as Slots).sort((a, b) => a.length - b.length);
  const touched: number[] = [];
  for (let l = 0; l <= known.length - need; l++) {
    const postings = lists[l] as Slots;
    for (let k = 0; k < postings.length; k++) {
      const slot = postings[k] as number;
      if (present[slot] !== 0) continue;
      present[slot] = 1;
      touched.push(slot);
    }
  }
  for (const slot of touched) {
    present[slot] = 0;
    if (alive[slot] === 1 && withinTypo(index, slot, size, need, inQuery, lastpos)) found.push(slot);
  }
  for (let k = 0; k < matched.length; k++) present[matched[k] as number] = 0;
  for (const slot of found) present[slot] = 0;
  for (const id of known) inQuery[id] = 0;
  // Native numeric sort of a typed copy: a typo of a common word finds tens of thousands.
  return Array.from(Int32Array.from(found).sort());
}
