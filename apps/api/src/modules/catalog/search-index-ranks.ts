// The ts_rank half of relevance (search-index-relevance.ts): a hit's rank from its packed document, and which hits
// need none because their rank is known without reading the document.
import { addRankTerm, entryRankTerm, tsRankPacked } from './pg-text-functions.ts';
import type { SearchIndex } from './search-index.ts';
import { KeptPerText } from './search-index-kept.ts';
import { grow, scratch } from './search-index-scratch.ts';
import type { CompiledText, Slots } from './search-index-shapes.ts';

/** Scratch of rankOf: the entries each operand matches, grouped by operand (one query runs at a time). */
const rankScratch = {
  entries: new Int32Array(1024),
  starts: new Int32Array(33),
  last: new Int32Array(32),
  /** The document's entries holding an operand's lexeme, and their operand bits. */
  held: new Int32Array(64),
  heldBits: new Int32Array(64),
};

/**
 * ts_rank of a slot's document (packed, at d) from its entries each operand matches (opMask: bits by lexeme, set by
 * markOperands). Each of the document's lexemes is first checked in opFilter (256 bytes, in cache): only the few it
 * lets through read opMask.
 */
export function rankOf(index: SearchIndex, slot: number, operandCount: number, topAnd: boolean): number {
  const doc = index.docData;
  const d = index.docStart[slot] as number;
  const n = doc[d] as number;
  const { opMask, opFilter } = scratch;
  if (operandCount === 1) {
    // One operand (one word): calc_rank_or's sum without building the entry lists.
    let res = 0;
    for (let i = 0; i < n; i++) {
      const lex = doc[d + 1 + i] as number;
      if (opFilter[lex & 255] === 0 || opMask[lex] === 0) continue;
      res = addRankTerm(res, entryRankTerm(doc, doc[d + 1 + n + i] as number, doc[d + 2 + n + i] as number));
    }
    return res;
  }
  if (rankScratch.held.length < n) {
    rankScratch.held = new Int32Array(n * 2);
    rankScratch.heldBits = new Int32Array(n * 2);
  }
  const { starts, last, held, heldBits } = rankScratch;
  let found = 0;
  for (let i = 0; i < n; i++) {
    const lex = doc[d + 1 + i] as number;
    if (opFilter[lex & 255] === 0) continue;
    const bits = opMask[lex] as number;
    if (bits === 0) continue;
    held[found] = i;
    heldBits[found++] = bits;
  }
  if (rankScratch.entries.length < found * operandCount) rankScratch.entries = new Int32Array(found * operandCount * 2);
  const entries = rankScratch.entries;
  let at = 0;
  for (let op = 0; op < operandCount; op++) {
    starts[op] = at;
    const bit = 1 << op;
    for (let k = 0; k < found; k++) if ((heldBits[k] as number) & bit) entries[at++] = held[k] as number;
  }
  starts[operandCount] = at;
  return tsRankPacked(doc, d, entries, starts, operandCount, topAnd, last);
}

/**
 * Ranks kept per text (their slots ascending, each rank a float4 as rankOf's): at most 2M in all (16 MB). A kept
 * rank stays right while the index changes: a slot's document never changes (a changed product takes a new slot,
 * whose rank is computed), and a lexeme new to the index, though an operand's prefix may now take it in, is in no
 * older document. Kept from 32 hits on: a two-word text's few hundred ranks (~0.6 us each) were an eighth of the
 * searches' time when only 1,000 or more were kept (decision 0072).
 */
export const rankKeepBounds = { most: 2_000_000, least: 32 };
const keptRanks = new KeptPerText<{ size: number; slots: Int32Array; ranks: Float32Array }>(rankKeepBounds);

/**
 * rankOf of each of `slots` (ascending), kept for the next search of the same text (`key`: its tree and operands,
 * which the ranks depend on): a rank kept is read in one walk beside the slots, the others computed. The ranks of
 * a search with more hits (fewer filters) replace those kept; fewer than `least` are not kept.
 */
export function ranksOf(
  index: SearchIndex,
  key: string,
  slots: Slots,
  operandLexemes: number[][],
  topAnd: boolean,
): Float64Array {
  const operandCount = Math.min(operandLexemes.length, 31);
  if (operandCount === 1) return oneOperandRanks(index, operandLexemes[0] as number[], slots);
  const ranks = new Float64Array(slots.length);
  const known = keptRanks.get(index, key);
  let k = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    if (known) while (k < known.size && (known.slots[k] as number) < slot) k++;
    ranks[i] =
      known && k < known.size && known.slots[k] === slot
        ? (known.ranks[k] as number)
        : rankOf(index, slot, operandCount, topAnd);
  }
  if (slots.length >= rankKeepBounds.least && slots.length > (known?.size ?? 0)) {
    keptRanks.set(index, key, { size: slots.length, slots: Int32Array.from(slots), ranks: Float32Array.from(ranks) });
  }
  return ranks;
}

/**
 * rankOf of each of `slots` (ascending) for a text of one operand (its lexemes `lexemes`) from the postings' terms
 * (index.lexemeTerms), without reading the documents: calc_rank_or's float4 sum over the document's entries of the
 * operand's lexemes, in the document's order (PostgreSQL's: the lexemes' bytes compared), as rankOf sums them.
 */
function oneOperandRanks(index: SearchIndex, lexemes: readonly number[], slots: Slots): Float64Array {
  const ranks = new Float64Array(slots.length);
  const bytes = new Map(lexemes.map((lex) => [lex, Buffer.from(index.lexemes[lex] as string)]));
  const inDocumentOrder = [...lexemes].sort((a, b) => Buffer.compare(bytes.get(a) as Buffer, bytes.get(b) as Buffer));
  for (const lex of inDocumentOrder) {
    const postings = index.lexemePostings[lex] as Slots;
    const terms = index.lexemeTerms[lex] as ArrayLike<number>;
    // The shorter list read, each of its slots found in the other (a prefix's many rare lexemes beside many hits).
    if (postings.length < slots.length) {
      let i = 0;
      for (let k = 0; k < postings.length && i < slots.length; k++) {
        i = firstAtLeast(slots, postings[k] as number, i);
        if (slots[i] === postings[k]) ranks[i] = addRankTerm(ranks[i] as number, terms[k] as number);
      }
    } else {
      let k = 0;
      for (let i = 0; i < slots.length && k < postings.length; i++) {
        k = firstAtLeast(postings, slots[i] as number, k);
        if (postings[k] === slots[i]) ranks[i] = addRankTerm(ranks[i] as number, terms[k] as number);
      }
    }
  }
  return ranks;
}

/** The first place from `from` on in the ascending `list` holding at least `value` (galloping, then halves). */
function firstAtLeast(list: Slots, value: number, from: number): number {
  let step = 1;
  let lo = from;
  let hi = from;
  while (hi < list.length && (list[hi] as number) < value) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, list.length);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The rank of every typo-only hit when the tree tells it without reading the document: a typo-only hit fails the
 * tree (typoMatches returns names outside the full-text matches), so under one operand or an OR of operands it
 * holds none of them (calc_rank_or: 0), and under an AND of two operands it holds at most one (calc_rank_and
 * without a pair: 1e-20). Null for other trees (an AND of three words can fail and still hold a pair).
 */
export function typoOnlyRank(text: CompiledText, operandCount: number): number | null {
  const tree = text.tree;
  if (tree === null || operandCount !== text.operands.length) return null;
  if ('operand' in tree) return 0;
  const leaves = tree.children.every((child) => 'operand' in child);
  if (!leaves) return null;
  if (tree.op === 'or') return 0;
  return tree.children.length === 2 && operandCount === 2 ? Math.fround(1e-20) : null;
}

/**
 * Marks (1) the hits whose document holds fewer than `least` of the operands, from the operands' posting lists
 * (a bit per operand and slot), when those lists are not much longer than the hits; else null (all are ranked).
 */
export function unrankedHits(
  index: SearchIndex,
  operandLexemes: number[][],
  operandCount: number,
  least: number,
  hits: Slots,
): Uint8Array | null {
  let postings = 0;
  for (let op = 0; op < operandCount; op++) {
    for (const lex of operandLexemes[op] as number[]) postings += (index.lexemePostings[lex] as Slots).length;
  }
  if (postings > hits.length * 4) return null;
  scratch.bits = grow(scratch.bits, index.ids.length, (n) => new Int32Array(n));
  const bits = scratch.bits;
  for (let op = 0; op < operandCount; op++) {
    for (const lex of operandLexemes[op] as number[]) {
      const list = index.lexemePostings[lex] as Slots;
      for (let k = 0; k < list.length; k++) bits[list[k] as number] = (bits[list[k] as number] as number) | (1 << op);
    }
  }
  const unranked = new Uint8Array(hits.length);
  for (let i = 0; i < hits.length; i++) {
    let mask = bits[hits[i] as number] as number;
    let count = 0;
    while (mask !== 0 && count < least) {
      mask &= mask - 1;
      count++;
    }
    if (count < least) unranked[i] = 1;
  }
  for (let op = 0; op < operandCount; op++) {
    for (const lex of operandLexemes[op] as number[]) {
      const list = index.lexemePostings[lex] as Slots;
      for (let k = 0; k < list.length; k++) bits[list[k] as number] = 0;
    }
  }
  return unranked;
}
