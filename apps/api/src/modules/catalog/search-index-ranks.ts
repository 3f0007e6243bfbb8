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
  const beside = known ? null : positionsOfHits(index, operandLexemes, operandCount, slots);
  let k = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    if (known) while (k < known.size && (known.slots[k] as number) < slot) k++;
    if (known && k < known.size && known.slots[k] === slot) ranks[i] = known.ranks[k] as number;
    else if (beside) ranks[i] = rankFromPositions(index, slot, i, beside, operandCount, topAnd);
    else ranks[i] = rankOf(index, slot, operandCount, topAnd);
  }
  if (slots.length >= rankKeepBounds.least && slots.length > (known?.size ?? 0)) {
    keptRanks.set(index, key, { size: slots.length, slots: Int32Array.from(slots), ranks: Float32Array.from(ranks) });
  }
  return ranks;
}

/** Ranks read beside the postings only for operands of at most this many lexemes in all ("b" spans thousands). */
export const positionRankBounds = { lexemes: 16 };

/**
 * The operands' entries in each hit, read beside their postings (index.lexemePositions, decision 0074) rather than
 * from the hits' documents: the first read of each of 331k documents ("series pack" at 1M) was most of a rank's
 * cost (a cache and TLB miss), and the postings are read in order. Columns: the operands' lexemes in the documents'
 * order (their bytes); `held[i * width + c]`: whether hit i holds column c's lexeme, `pairs` its positions. Null
 * when the operands span more than positionRankBounds.lexemes lexemes.
 */
function positionsOfHits(index: SearchIndex, operandLexemes: number[][], operandCount: number, slots: Slots) {
  const columns: Array<{ lex: number; op: number; bytes: Buffer }> = [];
  for (let op = 0; op < operandCount; op++) {
    for (const lex of operandLexemes[op] as number[]) {
      columns.push({ lex, op, bytes: Buffer.from(index.lexemes[lex] as string) });
    }
  }
  if (columns.length > positionRankBounds.lexemes) return null;
  columns.sort((a, b) => Buffer.compare(a.bytes, b.bytes) || a.op - b.op);
  const width = columns.length;
  const held = new Uint8Array(slots.length * width);
  const pairs = new Uint32Array(slots.length * width);
  columns.forEach(({ lex }, c) => {
    const positions = index.lexemePositions[lex] as ArrayLike<number>;
    walkPostings(index.lexemePostings[lex] as Slots, slots, (k, i) => {
      held[i * width + c] = 1;
      pairs[i * width + c] = positions[k] as number;
    });
  });
  return {
    width,
    held,
    pairs,
    lexemes: Int32Array.from(columns, (column) => column.lex),
    operands: Int32Array.from(columns, (column) => column.op),
  };
}

/** Scratch of rankFromPositions: a packed document of a hit's operand entries, and each column's entry. */
const besideScratch = { doc: new Int32Array(256), entryOf: new Int32Array(positionRankBounds.lexemes) };

/**
 * rankOf of hit `i` (in `slot`) from its entries' positions read beside the postings (positionsOfHits): ranked as a
 * packed document of those entries alone, in its order (tsRankPacked reads no other entry); from the document
 * itself when an entry has more than two positions.
 */
function rankFromPositions(
  index: SearchIndex,
  slot: number,
  i: number,
  { width, held, pairs, lexemes, operands }: NonNullable<ReturnType<typeof positionsOfHits>>,
  operandCount: number,
  topAnd: boolean,
): number {
  // The hit's entries: its distinct lexemes among the columns (a lexeme of two operands is two columns side by side).
  let n = 0;
  for (let c = 0; c < width; c++) {
    if (held[i * width + c] === 0) continue;
    if (pairs[i * width + c] === 0) return rankOf(index, slot, operandCount, topAnd);
    if (c === 0 || lexemes[c - 1] !== lexemes[c] || held[i * width + c - 1] === 0) n++;
  }
  if (besideScratch.doc.length < 2 + 4 * n) besideScratch.doc = new Int32Array(4 + 8 * n);
  const { doc, entryOf } = besideScratch;
  // [n, lexeme x n (not read), start x (n + 1), position words]: search-index.ts's packing.
  doc[0] = n;
  let at = 2 + 2 * n;
  let entry = -1;
  for (let c = 0; c < width; c++) {
    if (held[i * width + c] === 0) continue;
    if (entry < 0 || lexemes[c] !== lexemes[c - 1] || held[i * width + c - 1] === 0) {
      entry++;
      doc[1 + n + entry] = at;
      const pair = pairs[i * width + c] as number;
      doc[at++] = pair & 0xffff;
      if (pair >>> 16 !== 0) doc[at++] = pair >>> 16;
    }
    entryOf[c] = entry;
  }
  doc[1 + n + n] = at;
  const { starts, last } = rankScratch;
  if (rankScratch.entries.length < width) rankScratch.entries = new Int32Array(width * 2);
  const entries = rankScratch.entries;
  let e = 0;
  for (let op = 0; op < operandCount; op++) {
    starts[op] = e;
    for (let c = 0; c < width; c++) {
      if (operands[c] === op && held[i * width + c] === 1) entries[e++] = entryOf[c] as number;
    }
  }
  starts[operandCount] = e;
  return tsRankPacked(doc, 0, entries, starts, operandCount, topAnd, last);
}

/**
 * Calls `found(k, i)` for each slot both in `postings` (at k) and in `slots` (at i), both ascending: the shorter
 * list read, each of its slots found in the other by galloping.
 */
function walkPostings(postings: Slots, slots: Slots, found: (k: number, i: number) => void): void {
  if (postings.length < slots.length) {
    let i = 0;
    for (let k = 0; k < postings.length && i < slots.length; k++) {
      i = firstAtLeast(slots, postings[k] as number, i);
      if (slots[i] === postings[k]) found(k, i);
    }
  } else {
    let k = 0;
    for (let i = 0; i < slots.length && k < postings.length; i++) {
      k = firstAtLeast(postings, slots[i] as number, k);
      if (postings[k] === slots[i]) found(k, i);
    }
  }
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
