// The relevance page of a search on the index (search-index-query.ts runQuery): ts_rank of the document plus the
// name's closeness, as the SQL orders it, without ranking every hit (decisions 0043, 0046, 0054).
import { addRankTerm, entryRankTerm, tsRankPacked, wordSimilarity } from './pg-text-functions.ts';
import type { SearchIndex } from './search-index.ts';
import {
  betterScored,
  impactLexemes,
  impactOf,
  impactPage,
  insertTop,
  phrasesOf,
  type Scored,
} from './search-index-pages.ts';
import { grow, scratch } from './search-index-scratch.ts';
import type { CompiledText, Slots } from './search-index-shapes.ts';
import { trigramQuery } from './search-index-typos.ts';

/** Scratch of rankOf: the entries each operand matches, grouped by operand (one query runs at a time). */
const rankScratch = { entries: new Int32Array(1024), starts: new Int32Array(33), last: new Int32Array(32) };

/** ts_rank of a slot's document (packed, at d) from its entries each operand matches (opMask: bits by lexeme). */
function rankOf(index: SearchIndex, slot: number, operandCount: number, topAnd: boolean): number {
  const doc = index.docData;
  const d = index.docStart[slot] as number;
  const n = doc[d] as number;
  const { opMask } = scratch;
  if (operandCount === 1) {
    // One operand (one word): calc_rank_or's sum without building the entry lists.
    let res = 0;
    for (let i = 0; i < n; i++) {
      if (opMask[doc[d + 1 + i] as number] === 0) continue;
      res = addRankTerm(res, entryRankTerm(doc, doc[d + 1 + n + i] as number, doc[d + 2 + n + i] as number));
    }
    return res;
  }
  const { starts, last } = rankScratch;
  if (rankScratch.entries.length < n * operandCount) rankScratch.entries = new Int32Array(n * operandCount * 2);
  const entries = rankScratch.entries;
  let at = 0;
  for (let op = 0; op < operandCount; op++) {
    starts[op] = at;
    const bit = 1 << op;
    for (let i = 0; i < n; i++) if ((opMask[doc[d + 1 + i] as number] as number) & bit) entries[at++] = i;
  }
  starts[operandCount] = at;
  return tsRankPacked(doc, d, entries, starts, operandCount, topAnd, last);
}

/** Whether the trigram is marked in scratch.inQuery (one function: a closure made per hit costs its creation). */
const inQueryHas = (trigram: number) => scratch.inQuery[trigram] === 1;

/** The name's closeness to the text: the greatest word_similarity of a phrasing's trigrams (queries) in it. */
function closenessOf(index: SearchIndex, slot: number, queries: TrigramQuery[], atMost = 1): number {
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

type TrigramQuery = ReturnType<typeof trigramQuery>;

/**
 * The first `limit` hits by relevance (rank desc, sold desc, id). A hit whose document holds too few of the
 * operands to be ranked (fewer than two under calc_rank_and, none under calc_rank_or: a typo-only match such as
 * most of "premium series"'s 95k) has a known rank (1e-20 or 0), read from the operands' posting lists without
 * reading its document; so its score is at most that rank + 1. The others are ranked first (ts_rank each); the
 * rest are scored only when that bound reaches the page's last score. See scorePage for the closeness.
 */
export function relevancePage(
  index: SearchIndex,
  text: CompiledText,
  operandLexemes: number[][],
  hits: number[],
  typoOnly: number[],
  limit: number,
): number[] {
  const { opMask } = scratch;
  const operandCount = Math.min(text.operands.length, 31);
  operandLexemes.forEach((lexemes, op) => {
    if (op < 31) for (const lex of lexemes) opMask[lex] = (opMask[lex] as number) | (1 << op);
  });
  const impact = impactLexemes(index, operandLexemes, hits.length);
  if (impact !== null) {
    const page = impactRelevancePage(index, text, impact, hits, typoOnly, limit);
    for (const lexemes of operandLexemes) for (const lex of lexemes) opMask[lex] = 0;
    return page;
  }
  const and = text.topAnd && operandCount >= 2;
  const unranked = unrankedHits(index, operandLexemes, operandCount, and ? 2 : 1, hits);
  const ranked = unranked ? hits.filter((_, i) => unranked[i] === 0) : hits;
  const ranks = new Float64Array(ranked.length);
  for (let i = 0; i < ranked.length; i++) ranks[i] = rankOf(index, ranked[i] as number, operandCount, text.topAnd);
  for (const lexemes of operandLexemes) for (const lex of lexemes) opMask[lex] = 0;

  const better = betterScored(index);
  const top: Scored[] = [];
  scorePage(index, text, ranked, ranks, top, limit, better);
  if (!unranked || ranked.length === hits.length) return top.map((entry) => entry.slot);
  // The unranked: rank 1e-20 (calc_rank_and without a pair) or 0, so a score of at most rank + 1.
  const rank = and ? Math.fround(1e-20) : 0;
  if (top.length >= limit && Math.fround(rank + 1) < (top[top.length - 1] as Scored).score) {
    return top.map((entry) => entry.slot);
  }
  const rest = hits.filter((_, i) => unranked[i] === 1);
  scorePage(index, text, rest, new Float64Array(rest.length).fill(rank), top, limit, better);
  return top.map((entry) => entry.slot);
}

/**
 * Marks (1) the hits whose document holds fewer than `least` of the operands, from the operands' posting lists
 * (a bit per operand and slot), when those lists are not much longer than the hits; else null (all are ranked).
 */
function unrankedHits(
  index: SearchIndex,
  operandLexemes: number[][],
  operandCount: number,
  least: number,
  hits: number[],
): Uint8Array | null {
  let postings = 0;
  for (let op = 0; op < operandCount; op++) {
    for (const lex of operandLexemes[op] as number[]) postings += (index.lexemePostings[lex] as Slots).length;
  }
  if (postings > hits.length * 4) return null;
  scratch.bits = grow(scratch.bits, index.ids.length, (n) => new Int32Array(n));
  const bits = scratch.bits;
  const each = (mark: (slot: number, bit: number) => void) => {
    for (let op = 0; op < operandCount; op++) {
      for (const lex of operandLexemes[op] as number[]) {
        const list = index.lexemePostings[lex] as Slots;
        for (let k = 0; k < list.length; k++) mark(list[k] as number, 1 << op);
      }
    }
  };
  each((slot, bit) => {
    bits[slot] = (bits[slot] as number) | bit;
  });
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
  each((slot) => {
    bits[slot] = 0;
  });
  return unranked;
}

/**
 * Adds `slots` (ranks: their ts_rank) to `top` by score = rank + the name's closeness: 1 without computing it
 * when the name holds a phrasing's words in a row; otherwise word_similarity (the dear half), computed only for
 * the slots whose upper bound (rank + the share of a phrasing's trigrams the name holds) reaches the page's last
 * score, highest bound first.
 */
function scorePage(
  index: SearchIndex,
  text: CompiledText,
  slots: number[],
  ranks: Float64Array,
  top: Scored[],
  limit: number,
  better: (a: Scored, b: Scored) => boolean,
): void {
  const phrases = phrasesOf(text.phrasings);
  const others: number[] = [];
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    const words = index.nameWords[slot] as string;
    if (phrases.some((phrase) => phrase.length > 2 && words.includes(phrase))) {
      const score = Math.fround((ranks[i] as number) + 1);
      // Below the page's last score: out, without building the entry (ties still go through better()).
      if (top.length >= limit && score < (top[top.length - 1] as Scored).score) continue;
      insertTop(top, { slot, score }, limit, better);
    } else others.push(i);
  }
  // Those whose rank + 1 is below the page's last score now cannot enter: no bound computed for them.
  const rest =
    top.length >= limit
      ? others.filter((i) => Math.fround((ranks[i] as number) + 1) >= (top[top.length - 1] as Scored).score)
      : others;
  if (rest.length === 0) return;

  // The others: an upper bound first (the largest share of a phrasing's trigrams in the name).
  const queries = text.phrasings.map((phrasing) => trigramQuery(index, phrasing));
  const bound = new Float64Array(slots.length);
  for (const query of queries) if (query.size > 0) closenessBounds(index, query, slots, rest, bound);
  // By upper bound, highest first (packed: the bound rounded up, then the hit's number), until none can enter.
  const order = new Float64Array(rest.length);
  rest.forEach((i, k) => {
    order[k] = Math.floor((64 - ((ranks[i] as number) + (bound[i] as number))) * 2 ** 20) * 2 ** 21 + i;
  });
  order.sort();
  for (const key of order) {
    const i = key % 2 ** 21;
    const upper = 64 - Math.floor(key / 2 ** 21) / 2 ** 20;
    const worst = top.length >= limit ? (top[top.length - 1] as Scored).score : -1;
    if (upper + 1e-6 < worst) break;
    const slot = slots[i] as number;
    if (top.length >= limit) {
      // Exact bound: below the page's last, or equal and after it by (sold, id): it cannot enter.
      const last = top[top.length - 1] as Scored;
      const most = Math.fround((ranks[i] as number) + (bound[i] as number));
      if (most < last.score || (most === last.score && !better({ slot, score: most }, last))) continue;
    }
    const closeness = closenessOf(index, slot, queries, bound[i] as number);
    insertTop(top, { slot, score: Math.fround((ranks[i] as number) + closeness) }, limit, better);
  }
}

/**
 * Raises bound[i] (for i in rest) to the share of the query's trigrams the name of hits[i] holds, an upper bound
 * of word_similarity: from the trigrams' posting lists when they are shorter than the names to read (a rare
 * word), else from each name's own trigrams (a common trigram such as "  s" is in most names).
 */
function closenessBounds(
  index: SearchIndex,
  query: { ids: number[]; size: number },
  hits: number[],
  rest: number[],
  bound: Float64Array,
): void {
  const { present } = scratch;
  let postings = 0;
  for (const id of query.ids) if (id >= 0) postings += (index.trigramPostings[id] as Slots).length;
  if (postings < rest.length * 32) {
    for (const id of query.ids) {
      if (id >= 0) for (const slot of index.trigramPostings[id] as Slots) present[slot] = (present[slot] as number) + 1;
    }
    for (const i of rest) {
      const slot = hits[i] as number;
      bound[i] = Math.max(bound[i] as number, Math.fround(Math.min(1, (present[slot] as number) / query.size)));
    }
    for (const id of query.ids) if (id >= 0) for (const slot of index.trigramPostings[id] as Slots) present[slot] = 0;
    return;
  }
  for (const i of rest) bound[i] = Math.max(bound[i] as number, closenessBound(index, hits[i] as number, query));
}

/**
 * An upper bound of word_similarity(query, the slot's name), float4 as pg_trgm rounds. A window of the name scores
 * c / (ulen1 + g): c of the query's trigrams and g others, distinct. Inside one run of the query's trigrams g is 0
 * and c is at most the run's length; a window over two runs holds a whole gap between them, so g is at least the
 * fewest distinct trigrams of a gap and c at most all the query's trigrams the name holds.
 */
function closenessBound(index: SearchIndex, slot: number, query: TrigramQuery): number {
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
 * The relevance page of a one-word search read from its common lexeme's impact order (search-index-pages.ts);
 * the hits holding one of the operand's rare lexemes or matching only by typo are scored one by one first.
 */
function impactRelevancePage(
  index: SearchIndex,
  text: CompiledText,
  lexemes: { big: number; others: number[] },
  hits: number[],
  typoOnly: number[],
  limit: number,
): number[] {
  const { opMask } = scratch;
  scratch.hit = grow(scratch.hit, index.ids.length, (n) => new Uint8Array(n));
  const hit = scratch.hit;
  for (const slot of hits) hit[slot] = 1;
  // The impact order's ranks count the common lexeme alone (the operand's bit is 1).
  for (const lex of lexemes.others) opMask[lex] = 0;
  const impact = impactOf(index, lexemes.big, (slot) => rankOf(index, slot, 1, false));
  for (const lex of lexemes.others) opMask[lex] = 1;
  const phrases = phrasesOf(text.phrasings);
  const queries = text.phrasings.map((phrasing) => trigramQuery(index, phrasing));
  const top: Scored[] = [];
  const better = betterScored(index);
  const score = (slot: number, rank: number) => {
    // Page full: the share of a phrasing's trigrams in the name bounds its closeness. A typo's hits share one
    // closeness below 1 ("seris" in "series": 4/6) and the walk would compute word_similarity for each; the
    // bound (exact here) keeps out those that cannot enter. -1: not entered (below every score of a full page).
    let atMost = 1;
    if (top.length >= limit) {
      const worst = top[top.length - 1] as Scored;
      atMost = 0;
      for (const query of queries) atMost = Math.max(atMost, closenessBound(index, slot, query));
      const upper = Math.fround(rank + atMost);
      if (upper < worst.score || (upper === worst.score && !better({ slot, score: upper }, worst))) return -1;
    }
    const words = index.nameWords[slot] as string;
    if (phrases.some((phrase) => phrase.length > 2 && words.includes(phrase))) return Math.fround(rank + 1);
    return Math.fround(rank + closenessOf(index, slot, queries, atMost));
  };
  // Scored one by one (marked 2): the typo matches outside the postings (names near the word without it) and the
  // hits holding a rare lexeme of the operand (their rank is more than the common lexeme's). Both are few.
  const one = (slot: number) => {
    if (hit[slot] !== 1) return;
    hit[slot] = 2;
    insertTop(top, { slot, score: score(slot, rankOf(index, slot, 1, false)) }, limit, better);
  };
  for (const slot of typoOnly) one(slot);
  for (const lex of lexemes.others) for (const slot of index.lexemePostings[lex] as Slots) one(slot);
  impactPage(index, impact, (slot) => hit[slot] === 1, score, top, limit);
  for (const slot of hits) hit[slot] = 0;
  return top.map((entry) => entry.slot);
}
