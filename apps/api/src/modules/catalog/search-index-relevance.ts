// The relevance page of a search on the index (search-index-query.ts runQuery): ts_rank of the document plus the
// name's closeness, as the SQL orders it, without ranking every hit (decisions 0043, 0046, 0054).
import type { SearchIndex } from './search-index.ts';
import { BoundHeap, closenessBound, closenessOf, WordShareBound } from './search-index-closeness.ts';
import { KeptPerText } from './search-index-kept.ts';
import { type KnownPage, keepPage, keptPageBounds, keptPageOf, placeKept } from './search-index-kept-pages.ts';
import {
  betterScored,
  holdsPhrase,
  impactLexemes,
  impactOf,
  impactPage,
  insertTop,
  phrasesOf,
  type Scored,
} from './search-index-pages.ts';
import { rankOf, ranksOf, typoOnlyRank, unrankedHits } from './search-index-ranks.ts';
import { clearOperands, grow, markOperands, scratch } from './search-index-scratch.ts';
import { type CompiledText, merged, type Slots } from './search-index-shapes.ts';
import { trigramQuery } from './search-index-typos.ts';

/** After this many hits scored by one impact walk, the walk computes its closeness cap (WordShareBound.overSlots). */
export const closenessCapBounds = { after: 2_000 };

/** Closeness caps kept per text and filters (the hits they bound), with the slot count each was worked out at. */
const keptCaps = new KeptPerText<{ size: number; slotCount: number; cap: number }>({ most: 4_096 });

/**
 * WordShareBound.overSlots of the hits, kept for the next search of the same text and filters (`hitsKey`): its hits
 * are then the same but for products added or changed since (a change takes a new slot), so a cap worked out before
 * is brought up to date with the new slots alone (a removed product's name may have set it: a cap stays an upper
 * bound, and a higher bound only lets a walk run longer).
 */
function closenessCapOf(index: SearchIndex, hitsKey: string, hits: Slots, wordShare: WordShareBound): number {
  const known = keptCaps.get(index, hitsKey);
  if (known && known.slotCount === index.slotCount) return known.cap;
  const cap = known ? wordShare.overSlots(hits, known.slotCount, known.cap) : wordShare.overSlots(hits);
  keptCaps.set(index, hitsKey, { size: 1, slotCount: index.slotCount, cap });
  return cap;
}

/**
 * The first `limit` hits by relevance (rank desc, sold desc, id). A hit whose document holds too few of the
 * operands to be ranked (fewer than two under calc_rank_and, none under calc_rank_or: a typo-only match such as
 * most of "premium series"'s 95k) has a known rank (1e-20 or 0), told by the tree (typoOnlyRank) or read from the
 * operands' posting lists (unrankedHits) without reading its document; so its score is at most that rank + 1. The
 * others are ranked first (ts_rank each); the rest are scored only when that bound reaches the page's last score.
 * See scorePage for the closeness. `hits`: the full-text matches, then from `typoFrom` on the typo-only ones (each
 * ascending).
 */
export function relevancePage(
  index: SearchIndex,
  text: CompiledText,
  operandLexemes: number[][],
  hits: Int32Array,
  typoFrom: number,
  limit: number,
  hitsKey: () => string,
): number[] {
  const operandCount = Math.min(text.operands.length, 31);
  markOperands(operandLexemes);
  const impact = impactLexemes(index, operandLexemes, hits.length);
  if (impact !== null) {
    const page = impactRelevancePage(index, text, impact, hits, hits.subarray(typoFrom), limit, hitsKey);
    clearOperands(operandLexemes);
    return page;
  }
  const and = text.topAnd && operandCount >= 2;
  // hits: the full-text matches, then the typo-only ones (each ascending). Ranked first: the full-text matches,
  // when the tree tells the typo-only hits' rank (each full-text match then holds enough operands to be ranked);
  // else the hits holding enough operands, in slot order.
  const known = typoOnlyRank(text, operandCount);
  let rankedHits: Slots = hits.subarray(0, typoFrom);
  let rest: Slots = hits.subarray(typoFrom);
  if (known === null) {
    const all = typoFrom < hits.length ? merged(rankedHits, rest) : hits;
    const unranked = unrankedHits(index, operandLexemes, operandCount, and ? 2 : 1, all);
    rankedHits = all;
    rest = [];
    if (unranked) {
      let unrankedCount = 0;
      for (let i = 0; i < all.length; i++) unrankedCount += unranked[i] as number;
      const ranked = new Int32Array(all.length - unrankedCount);
      const others = new Int32Array(unrankedCount);
      let r = 0;
      let o = 0;
      for (let i = 0; i < all.length; i++) {
        if (unranked[i] === 0) ranked[r++] = all[i] as number;
        else others[o++] = all[i] as number;
      }
      rankedHits = ranked;
      rest = others;
    }
  }
  // The page kept for the text and filters (search-index-kept-pages.ts), when the hits are many: first for the
  // ranked hits, then for the others.
  const key = hits.length >= keptPageBounds.slots ? hitsKey() : null;
  const better = betterScored(index);
  const top: Scored[] = [];
  const keptRanked =
    key !== null && rankedHits.length >= keptPageBounds.slots ? keptPageOf(index, `${key}\u0003ranked`) : null;
  const toRank = keptRanked?.known ? placeKept(keptRanked.known, rankedHits, top, limit, better) : rankedHits;
  const ranks = ranksOf(index, text.key, toRank, operandLexemes, text.topAnd);
  clearOperands(operandLexemes);
  scorePage(index, text, toRank, ranks, 0, top, limit, better, keptRanked?.known ?? null);
  if (keptRanked) keepPage(index, keptRanked, rankedHits, top, limit);
  if (rest.length === 0) return top.map((entry) => entry.slot);
  // The unranked: rank 1e-20 (calc_rank_and without a pair) or 0, so a score of at most rank + 1.
  const rank = and ? Math.fround(1e-20) : 0;
  if (top.length >= limit && Math.fround(rank + 1) < (top[top.length - 1] as Scored).score) {
    return top.map((entry) => entry.slot);
  }
  const keptRest = key !== null && rest.length >= keptPageBounds.slots ? keptPageOf(index, `${key}\u0003rest`) : null;
  const toScore = keptRest?.known ? placeKept(keptRest.known, rest, top, limit, better) : rest;
  scorePage(index, text, toScore, null, rank, top, limit, better, keptRest?.known ?? null);
  if (keptRest) keepPage(index, keptRest, rest, top, limit);
  return top.map((entry) => entry.slot);
}

/**
 * Adds `slots` to `top` by score = rank + the name's closeness (ranks: their ts_rank; or null and `sameRank` for
 * all). The closeness is 1 without computing it when the name holds a phrasing's words in a row; otherwise
 * word_similarity (the dear half), computed lazily: the slots are taken by rank, highest first (rank + 1 bounds
 * the score); a slot taken gets an upper bound of its closeness (closenessBound) and waits in a heap by rank +
 * bound; the best of the two (the next slot by rank, the heap's top) is taken next, and word_similarity is
 * computed only for a slot whose bound is the best left. Stops when neither can reach the page's last score.
 */
function scorePage(
  index: SearchIndex,
  text: CompiledText,
  slots: Slots,
  ranks: Float64Array | null,
  sameRank: number,
  top: Scored[],
  limit: number,
  better: (a: Scored, b: Scored) => boolean,
  known: KnownPage | null = null,
): void {
  const phrases = phrasesOf(index, text.phrasings);
  // The call's kept page (search-index-kept-pages.ts): its listed slots are on the page already (placeKept), and the
  // others below knownBelow score at most knownAtMost, the kept page's last score.
  const knownBelow = known ? known.slotCount : 0;
  const knownAtMost = known?.last ? known.last.score : Number.POSITIVE_INFINITY;
  const listed = known ? known.listed : null;
  let nextListed = 0;
  // Whether a slot whose score is at most `most` stays off the full page (`last` its last entry): below its last
  // score, or tied with it and after it by sold count and id.
  const staysOut = (slot: number, most: number, last: Scored | null): boolean => {
    if (last === null || most > last.score) return false;
    return most < last.score || !better({ slot, score: most }, last);
  };
  const scored = (slot: number, score: number) => insertTop(top, { slot, score }, limit, better);
  const rankAt = (i: number) => (ranks === null ? sameRank : (ranks[i] as number));
  // The hits left for the closeness, by their number in `slots` (a typed array: a typo's hits can be 990k at 1M).
  const left = new Int32Array(slots.length);
  let n = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    if (listed) {
      while (nextListed < listed.length && (listed[nextListed] as number) < slot) nextListed++;
      if (listed[nextListed] === slot) continue; // on the page already
    }
    const most = Math.fround(rankAt(i) + 1);
    // Off the page even with closeness 1: out, without reading its name.
    if (staysOut(slot, most, top.length >= limit ? (top[top.length - 1] as Scored) : null)) continue;
    if (holdsPhrase(index, slot, phrases)) scored(slot, most);
    else left[n++] = i;
  }
  if (n === 0) return;
  const others = left.subarray(0, n);

  // The others by rank, highest first (packed: the rank rounded up, then the slot's number; none when all share
  // one rank). `upper` of a packed key is at least the rank of every later one.
  let order: Float64Array | null = null;
  if (ranks !== null) {
    order = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const i = others[k] as number;
      order[k] = Math.floor((64 - (ranks[i] as number)) * 2 ** 20) * 2 ** 21 + i;
    }
    order.sort();
  }
  const queries = text.phrasings.map((phrasing) => trigramQuery(index, phrasing));
  const heap = new BoundHeap();
  const boundOf = new Map<number, number>();
  let wordShare: WordShareBound | null = null;
  let next = 0;
  for (;;) {
    const full = top.length >= limit;
    const last = full ? (top[top.length - 1] as Scored) : null;
    const worst = last ? last.score : Number.NEGATIVE_INFINITY;
    let nextUpper = Number.NEGATIVE_INFINITY;
    let i = -1;
    if (next < n) {
      if (order === null) {
        i = others[next] as number;
        nextUpper = Math.fround(sameRank + 1);
      } else {
        const key = order[next] as number;
        i = key % 2 ** 21;
        nextUpper = Math.fround(64 - Math.floor(key / 2 ** 21) / 2 ** 20 + 1);
      }
    }
    // Hits of one rank (typo-only) are taken eagerly: their bounds tie, and a page that fills sooner keeps more out.
    if (heap.size > 0 && (heap.topKey() >= nextUpper || !full || ranks === null)) {
      // The best bound left (or, while the page is not full, the one just bounded: a full page gives the threshold
      // sooner): compute its closeness (an exact tie with the page's last may still win by sold, id).
      const most = heap.topKey();
      const h = heap.pop();
      if (most < worst) break;
      const slot = slots[h] as number;
      if (staysOut(slot, most, last)) continue;
      scored(slot, Math.fround(rankAt(h) + closenessOf(index, slot, queries, boundOf.get(h))));
      continue;
    }
    if (next >= n || nextUpper < worst) break;
    next++;
    const slot = slots[i] as number;
    const rank = rankAt(i);
    if (staysOut(slot, Math.fround(rank + 1), last)) continue;
    // Bounded by the floor: most of a typo's tied names lose the tie here, by sold count and id alone.
    if (slot < knownBelow && staysOut(slot, knownAtMost, last)) continue;
    if (last) {
      // The share of the query's trigrams in the name's words first (a read of the posting lists of the query's
      // trigrams for every hit cost more: decision 0068), then the best windows of the name's words
      // (WordShareBound.windowOf): together they keep most out.
      wordShare ??= new WordShareBound(index, queries);
      if (staysOut(slot, Math.fround(rank + wordShare.of(slot)), last)) continue;
      if (staysOut(slot, Math.fround(rank + wordShare.windowOf(slot)), last)) continue;
    }
    let bound = 0;
    for (const query of queries) if (query.size > 0) bound = Math.max(bound, closenessBound(index, slot, query));
    const most = Math.fround(rank + bound);
    if (staysOut(slot, most, last)) continue;
    boundOf.set(i, bound);
    heap.push(most, i);
  }
}

/**
 * The relevance page of a one-word search read from its common lexeme's impact order (search-index-pages.ts);
 * the hits holding one of the operand's rare lexemes or matching only by typo are scored one by one first.
 */
function impactRelevancePage(
  index: SearchIndex,
  text: CompiledText,
  lexemes: { big: number; others: number[] },
  hits: Slots,
  typoOnly: Slots,
  limit: number,
  hitsKey: () => string,
): number[] {
  scratch.hit = grow(scratch.hit, index.ids.length, (n) => new Uint8Array(n));
  const hit = scratch.hit;
  for (const slot of hits) hit[slot] = 1;
  const impact = impactOf(index, lexemes.big);
  const phrases = phrasesOf(index, text.phrasings);
  const queries = text.phrasings.map((phrasing) => trigramQuery(index, phrasing));
  const top: Scored[] = [];
  const better = betterScored(index);
  let wordShare: WordShareBound | null = null;
  // A long walk (a typo's hits tie at a closeness below 1: "seris" in "series", 4/6, over 95% of the names) learns
  // the greatest closeness any of its hits can have, so that it stops when rank + that is below the page.
  let cap = 1;
  let scored = 0;
  const score = (slot: number, rank: number) => {
    if (++scored === closenessCapBounds.after && top.length >= limit) {
      wordShare ??= new WordShareBound(index, queries);
      cap = closenessCapOf(index, hitsKey(), hits, wordShare);
    }
    // Page full: the share of a phrasing's trigrams in the name bounds its closeness. A typo's hits share one
    // closeness below 1 ("seris" in "series": 4/6) and the walk would compute word_similarity for each; the
    // bound (exact here) keeps out those that cannot enter. -1: not entered (below every score of a full page).
    let atMost = 1;
    if (top.length >= limit) {
      const worst = top[top.length - 1] as Scored;
      // The share of the trigrams in the name's words first (a few lookups; closenessBound reads every trigram).
      wordShare ??= new WordShareBound(index, queries);
      const loose = Math.fround(rank + wordShare.of(slot));
      if (loose < worst.score || (loose === worst.score && !better({ slot, score: loose }, worst))) return -1;
      const window = Math.fround(rank + wordShare.windowOf(slot));
      if (window < worst.score || (window === worst.score && !better({ slot, score: window }, worst))) return -1;
      atMost = 0;
      for (const query of queries) atMost = Math.max(atMost, closenessBound(index, slot, query));
      const upper = Math.fround(rank + atMost);
      if (upper < worst.score || (upper === worst.score && !better({ slot, score: upper }, worst))) return -1;
    }
    if (holdsPhrase(index, slot, phrases)) return Math.fround(rank + 1);
    return Math.fround(rank + closenessOf(index, slot, queries, atMost));
  };
  // Scored one by one (marked 2): the hits holding a rare lexeme of the operand (their rank is more than the
  // common lexeme's: few), before the walk; after it, the typo matches outside the postings (names near the word
  // without it), whose rank the tree tells (typoOnlyRank: 0 for one word), so that all of them are left out at once
  // when rank + 1 cannot reach the page ("set": 90k names within a typo, "series" among them).
  const one = (slot: number, rank = rankOf(index, slot, 1, false)) => {
    if (hit[slot] !== 1) return;
    hit[slot] = 2;
    insertTop(top, { slot, score: score(slot, rank) }, limit, better);
  };
  for (const lex of lexemes.others) for (const slot of index.lexemePostings[lex] as Slots) one(slot);
  impactPage(
    index,
    impact,
    (slot) => hit[slot] === 1,
    score,
    top,
    limit,
    () => cap,
  );
  const known = typoOnly.length > 0 ? typoOnlyRank(text, 1) : null;
  const worst = top.length >= limit ? (top[top.length - 1] as Scored).score : Number.NEGATIVE_INFINITY;
  if (known === null || Math.fround(known + 1) >= worst) {
    for (const slot of typoOnly) one(slot, known ?? undefined);
  }
  for (const slot of hits) hit[slot] = 0;
  return top.map((entry) => entry.slot);
}
