import { trigramsOf, wordSimilarity } from './pg-text-functions.ts';
import type { SearchIndex } from './search-index.ts';
import { KeptBitsets, KeptPerText, type KeptSlots, keptSlotsOf, markSlots, slotsOfKept } from './search-index-kept.ts';
import type { Slots } from './search-index-shapes.ts';
import { countTermTrigrams, namesHoldingEnough } from './search-index-trigram-counts.ts';
import { popcountOf, TypoWords, Verdict, wordLists } from './search-index-typo-words.ts';
import { TYPO_THRESHOLD } from './text-match.ts';

/**
 * The typo half of a search on the index (decision 0043, 0046, 0054, 0057): the names within a typo of the text
 * (`name %> term`, pg_trgm's word_similarity at TYPO_THRESHOLD), as the SQL finds them, decided per name word
 * (search-index-typo-words.ts) and read from each name only when its words do not decide it.
 */

/** Scratch arrays of the query (zero / -1 on entry and on return). */
export interface TypoScratch {
  present: Uint16Array;
  inQuery: Uint8Array;
  lastpos: Int32Array;
  /** By slot: how many of the term's trigrams the name holds (typoMatches' count filter). */
  hit: Uint8Array;
  /** The matches and the candidates (room for every slot; the matches are returned as a view of `found`). */
  found: Int32Array;
  touched: Int32Array;
}

/** typoMatches' slots ascending, and their bits when there are more than a 32nd of the slots (else null). */
export interface TypoAnswer {
  slots: Slots;
  bits: Int32Array | null;
}

/** A name-trigram query: the distinct trigram ids of a text (marked in inQuery while it is used). */
export function trigramQuery(index: SearchIndex, text: string) {
  const distinct = [...new Set(trigramsOf(text))];
  return { ids: distinct.map((t) => index.trigramId.get(t) ?? -1), size: distinct.length };
}

/**
 * The term's `size` distinct trigrams, those the index knows (`known`) and how many a name must hold (`need`); null
 * when no name can be within a typo of it.
 */
function typoTermOf(index: SearchIndex, term: string): { size: number; need: number; known: number[] } | null {
  const { ids, size } = trigramQuery(index, term);
  const need = typoNeed(size);
  const known = ids.filter((id) => id >= 0);
  return size === 0 || known.length < need ? null : { size, need, known };
}

/** The fewest of the term's `size` distinct trigrams a name must hold to be within a typo (float4, as pg_trgm). */
export function typoNeed(size: number): number {
  let need = 1;
  while (need <= size && Math.fround(need / size) < TYPO_THRESHOLD) need++;
  return need;
}

/** The marks of the term's trigrams during one check (module-level so that no closure is made per name). */
let termMarks: Uint8Array = new Uint8Array(0);
const inTerm = (trigram: number) => termMarks[trigram] === 1;

/**
 * Whether the name's trigrams `data[start, end)` are within a typo of the term whose trigram ids are marked 1 in
 * `inQuery` (word_similarity >= TYPO_THRESHOLD): a run of `need` consecutive trigrams, distinct and all the
 * term's, is a match without word_similarity (decision 0054: the greedy's window from the run's start scores
 * run / ulen1; runs may cross words: "ies es ␣␣s ␣se" in "series series" for "seies"); else word_similarity.
 */
function withinTypo(
  data: Int32Array,
  start: number,
  end: number,
  size: number,
  need: number,
  inQuery: Uint8Array,
  lastpos: Int32Array,
): boolean {
  let runStart = start;
  for (let i = start; i < end; i++) {
    const trigram = data[i] as number;
    if (inQuery[trigram] === 0) {
      runStart = i + 1;
      continue;
    }
    for (let k = runStart; k < i; k++) {
      if (data[k] === trigram) {
        runStart = k + 1;
        break;
      }
    }
    if (i - runStart + 1 >= need) return true;
  }
  termMarks = inQuery;
  return wordSimilarity(data.subarray(start, end), inTerm, size, TYPO_THRESHOLD, true, lastpos) >= TYPO_THRESHOLD;
}

/**
 * Whether the name in `slot` is within a typo, from its words (`words` holds the per-word facts of this term):
 * - one word of the name holds the term's trigrams (one occurrence): the name scores what that word scores alone
 *   (pg_trgm's greedy skips the trigrams before the first of the term's and never scores after the last), and
 *   that word is not a match alone (its names are marked already): no;
 * - the name's words hold fewer than `need` of the term's trigrams together (the union of their masks): no;
 * - otherwise the name's trigrams from its first such word to its last decide (withinTypo): the trigrams before
 *   and after them change nothing, as above.
 */
function nameWithinTypo(
  index: SearchIndex,
  slot: number,
  words: TypoWords,
  size: number,
  need: number,
  inQuery: Uint8Array,
  lastpos: Int32Array,
): boolean {
  const { mask, length } = words;
  const wordData = index.nameWordData;
  const wordStart = index.nameWordStart[slot] as number;
  const wordEnd = index.nameWordStart[slot + 1] as number;
  let holders = 0;
  let union = 0;
  let first = -1;
  let last = -1;
  for (let i = wordStart; i < wordEnd; i++) {
    const word = wordData[i] as number;
    const bits = mask[word] as number;
    if (bits === 0) continue;
    holders++;
    union |= bits;
    if (first < 0) first = i;
    last = i;
  }
  if (holders <= 1) return false;
  if (words.exactMasks) {
    if (popcountOf(union) < need) return false;
    const verdict = words.decide(wordData, first, last, holders, union);
    if (verdict !== Verdict.Unknown) return verdict === Verdict.Yes;
  }
  // The trigrams of the words before the first holder are skipped (their lengths read only now: most names are
  // decided above).
  let start = index.nameTrigramStart[slot] as number;
  for (let i = wordStart; i < first; i++) start += length[wordData[i] as number] as number;
  let end = start;
  for (let i = first; i <= last; i++) end += length[wordData[i] as number] as number;
  return withinTypo(index.nameTrigramData, start, end, size, need, inQuery, lastpos);
}

/**
 * The posting lists whose names must be checked (step 2 of typoMatches): every other match holds `need` of the
 * term's k trigrams, so it holds one of any k - need + 1 of them (pigeonhole): the k - need + 1 shortest trigram
 * lists. When words match alone, their names are found already ("series" for "series pack": 95% of the names), and
 * a trigram's list is the union of its words' lists: then the lists of the other words of the k - need + 1 trigrams
 * whose other words hold the fewest names.
 */
function candidateLists(index: SearchIndex, known: number[], need: number, matching: number[]): Slots[] {
  const take = known.length - need + 1;
  if (matching.length === 0) {
    return known
      .map((id) => index.trigramPostings[id] as Slots)
      .sort((a, b) => a.length - b.length)
      .slice(0, take);
  }
  const { byTrigram } = wordLists(index);
  const trigrams = known.map((trigram) => {
    const others = (byTrigram[trigram] ?? []).filter((word) => !matching.includes(word));
    let names = 0;
    for (const word of others) names += (index.nameWordPostings[word] as Slots).length;
    return { others, names };
  });
  trigrams.sort((a, b) => a.names - b.names);
  const words = new Set(trigrams.slice(0, take).flatMap((trigram) => trigram.others));
  return [...words].map((word) => index.nameWordPostings[word] as Slots);
}

/**
 * Slots whose name is within a typo of the term (word_similarity(term, name) >= TYPO_THRESHOLD), ascending, the
 * slots of `matched` (the full-text matches) left out:
 * 1. Each name word holding the term's trigrams is scored alone (typoWords). A word that matches alone makes every
 *    name holding it match (its names are read from its list, the names themselves are not): in pg_trgm's greedy
 *    the windows it scores over such a name include those it scores over the word alone (decision 0057).
 * 2. Every other match holds `need` of the term's k trigrams, so it holds one of k - need + 1 of them (pigeonhole):
 *    the names in those trigrams' lists (candidateLists) holding `need` of the k (the count filter: from the
 *    trigrams' bitsets, namesHoldingEnough) are read in slot order, and each is decided from its words
 *    (nameWithinTypo), rarely from its trigrams.
 * 3. The matches are bits (a million at 1M for a typo of "series"), read in slot order (no sort, no marks), and
 *    returned as well when they are to be kept as bits.
 */
export function typoMatches(
  index: SearchIndex,
  term: string,
  matched: Slots,
  { present, inQuery, lastpos, hit, found, touched }: TypoScratch,
): TypoAnswer {
  // A typed array drops writes past its end without a word: too small a scratch would lose matches silently.
  if (found.length < index.ids.length || touched.length < index.ids.length) throw new Error('typo scratch too small');
  const typo = typoTermOf(index, term);
  if (!typo) return { slots: [], bits: null };
  const { size, need, known } = typo;
  for (const id of known) inQuery[id] = 1;
  // Marks in present: 2 matched by the full text (no check), 1 a candidate. The matches are bits (foundBits): a
  // typo of "series" matches a million names at 1M, each a bit set in 125 kB, then read in slot order.
  for (let k = 0; k < matched.length; k++) present[matched[k] as number] = 2;
  const words32 = (index.ids.length + 31) >>> 5;
  if (foundBits.length < words32) foundBits = new Int32Array(words32);
  const bits = foundBits;
  const { alive } = index;
  const words = new TypoWords(index, known, size, need, inQuery, lastpos);
  // Every name holding a matching word, as bits (a common word's kept bitset or'ed in: "series" in every name at
  // 1M), less the full-text matches. A dead slot among them is dropped by the search's filters after this step.
  for (const word of words.matching) {
    const holders = index.nameWordPostings[word] as Slots;
    if (holders.length * 32 < index.ids.length) markSlots(bits, holders);
    else {
      const held = wordBits.of(index, word, holders);
      for (let w = 0; w < words32; w++) bits[w] = (bits[w] as number) | (held[w] as number);
    }
  }
  for (let k = 0; k < matched.length; k++) {
    const slot = matched[k] as number;
    bits[slot >>> 5] = (bits[slot >>> 5] as number) & ~(1 << (slot & 31));
  }
  const lists = candidateLists(index, known, need, words.matching);
  let listed = 0;
  for (const postings of lists) listed += postings.length;
  const keepWithin = (slot: number) => {
    if (present[slot] !== 0 || alive[slot] !== 1 || ((bits[slot >>> 5] as number) >>> (slot & 31)) & 1) return;
    if (nameWithinTypo(index, slot, words, size, need, inQuery, lastpos))
      bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
  };
  if (!words.exactMasks) {
    // A term of more than 31 trigrams (a long text): the candidates gathered and counted one by one.
    countedCandidates(index, lists, known, need, { present, hit, touched }, keepWithin);
  } else if (listed >= index.slotCount) {
    // Candidates in the lists of nearly every name (a typo of a word in most of them: "seies"): every name's words
    // are read in order (most are out at once: at most one of their words holds the term's trigrams; with exact
    // masks, the union of their words' masks is the count filter).
    for (let slot = 0; slot < index.slotCount; slot++) keepWithin(slot);
  } else {
    // The candidates that pass the count filter, read from its bitset in slot order: their words are then read in
    // the order they lie in memory.
    const enough = namesHoldingEnough(index, known, need, lists);
    for (let word = 0; word < enough.length; word++) {
      for (let rest = enough[word] as number; rest !== 0; rest &= rest - 1) {
        keepWithin((word << 5) | (31 - Math.clz32(rest & -rest)));
      }
    }
  }
  return typoAnswer(matched, known, words, present, found, index.ids.length, inQuery);
}

/**
 * The candidates of `lists` gathered (marked 1 in present), in slot order, counted (countTermTrigrams) and passed
 * to `keep` when they hold `need` of the term's trigrams.
 */
function countedCandidates(
  index: SearchIndex,
  lists: Slots[],
  known: number[],
  need: number,
  { present, hit, touched }: Pick<TypoScratch, 'present' | 'hit' | 'touched'>,
  keep: (slot: number) => void,
): void {
  let touchedCount = 0;
  for (const postings of lists) {
    for (let k = 0; k < postings.length; k++) {
      const slot = postings[k] as number;
      if (present[slot] !== 0) continue;
      present[slot] = 1;
      touched[touchedCount++] = slot;
    }
  }
  // In slot order: each candidate's words and trigrams are then read in the order they lie in memory (from several
  // lists, they came in list by list: at 1M, "plasering"'s 252,000 read in list order took twice as long).
  if (touchedCount * 16 < index.ids.length) touched.subarray(0, touchedCount).sort();
  else {
    let at = 0;
    for (let slot = 0; at < touchedCount; slot++) if (present[slot] === 1) touched[at++] = slot;
  }
  const candidates = touched.subarray(0, touchedCount);
  // The count filter (a name holds `need` of the term's trigrams or is out; at most 255 of them are counted).
  const counted = need <= 255 && touchedCount > 0;
  if (counted) countTermTrigrams(index, known, candidates, present, hit);
  for (const slot of candidates) {
    const enough = !counted || (hit[slot] as number) >= need;
    hit[slot] = 0;
    present[slot] = 0;
    if (enough) keep(slot);
  }
}

/** The matches of typoMatches as bits (bit s: slot s), zero between searches. */
let foundBits = new Int32Array(0);

/** Bitsets of the name words held by a 32nd of the names or more (a typo's matching word), by word. */
const wordBits = new KeptBitsets<number>({ kept: 256 });

/**
 * typoMatches' answer: its matches (foundBits) ascending, in `found`, and when they are many enough to be kept as a
 * bitset (keptSlotsOf), a copy of their bits; every scratch mark cleared.
 */
function typoAnswer(
  matched: Slots,
  known: number[],
  words: TypoWords,
  present: Uint16Array,
  found: Int32Array,
  slotCount: number,
  inQuery: Uint8Array,
): TypoAnswer {
  words.clear();
  for (let k = 0; k < matched.length; k++) present[matched[k] as number] = 0;
  for (const id of known) inQuery[id] = 0;
  const words32 = (slotCount + 31) >>> 5;
  let at = 0;
  for (let word = 0; word < words32; word++) {
    for (let rest = foundBits[word] as number; rest !== 0; rest &= rest - 1) {
      found[at++] = (word << 5) | (31 - Math.clz32(rest & -rest));
    }
  }
  const bits = at * 32 > slotCount ? foundBits.slice(0, words32) : null;
  foundBits.fill(0, 0, words32);
  return { slots: found.subarray(0, at), bits };
}

/**
 * typoMatches among the slots from `from` on (the products added since an answer was kept; `matched`, ascending,
 * holds the full-text matches among them at its end): the same verdicts, each name read.
 */
function typoMatchesFrom(
  index: SearchIndex,
  term: string,
  matched: Slots,
  from: number,
  { inQuery, lastpos }: TypoScratch,
): number[] {
  const typo = typoTermOf(index, term);
  if (!typo) return [];
  const { size, need, known } = typo;
  const fullText = new Set<number>();
  for (let k = matched.length - 1; k >= 0 && (matched[k] as number) >= from; k--) fullText.add(matched[k] as number);
  for (const id of known) inQuery[id] = 1;
  const words = new TypoWords(index, known, size, need, inQuery, lastpos);
  const matching = new Set(words.matching);
  const found: number[] = [];
  const { alive, nameWordData, nameWordStart } = index;
  for (let slot = from; slot < index.slotCount; slot++) {
    if (alive[slot] !== 1 || fullText.has(slot)) continue;
    let holdsMatching = false;
    const end = nameWordStart[slot + 1] as number;
    for (let i = nameWordStart[slot] as number; i < end && !holdsMatching; i++) {
      holdsMatching = matching.has(nameWordData[i] as number);
    }
    if (holdsMatching || nameWithinTypo(index, slot, words, size, need, inQuery, lastpos)) found.push(slot);
  }
  words.clear();
  for (const id of known) inQuery[id] = 0;
  return found;
}

/**
 * Typo matches kept per text: at most 4M 32-bit numbers in all (16 MB; a common word's typo as a bitset, 12.5 kB at
 * 100,000 slots, so every distinct text of the bench's 1,500 searches fits at 100k). An answer kept before products
 * were added is brought up to date with the new slots alone, unless there are more than `added` of them (then found
 * anew).
 */
export const typoKeepBounds = { most: 4_000_000, added: 10_000 };
const kept = new KeptPerText<KeptSlots & { slotCount: number }>(typoKeepBounds);

/**
 * typoMatches, kept for the next search of the same text (KeptPerText): finding them is a third of a search's
 * time. `key` names the text's full-text matches (`matched`), which the answer leaves out. A product added or
 * changed takes a new slot (its name checked here when the answer is next asked); a product removed leaves a dead
 * slot in the answer, which the search's filters after this step drop (as they drop it from the posting lists).
 * The answer may be a view of the scratch's `found` (as typoMatches' is).
 */
export function keptTypoMatches(
  index: SearchIndex,
  term: string,
  key: string,
  matched: Slots,
  typoScratch: TypoScratch,
): Slots {
  const text = `${term}\u0000${key}`;
  const known = kept.get(index, text);
  if (known && known.slotCount === index.slotCount) return slotsOfKept(known, typoScratch.found);
  let slots: Slots;
  let bits: Int32Array | null = null;
  if (known && index.slotCount - known.slotCount <= typoKeepBounds.added) {
    const { found } = typoScratch;
    const before = slotsOfKept(known, found);
    const added = typoMatchesFrom(index, term, matched, known.slotCount, typoScratch);
    found.set(before); // nothing to copy when the bits were read into found
    found.set(added, known.count);
    slots = found.subarray(0, known.count + added.length);
  } else {
    ({ slots, bits } = typoMatches(index, term, matched, typoScratch));
  }
  kept.set(index, text, { ...keptSlotsOf(slots, index.slotCount, bits), slotCount: index.slotCount });
  return slots;
}
