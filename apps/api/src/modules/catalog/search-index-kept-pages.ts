// What a relevance call (search-index-relevance.ts scorePage: a text's ranked hits, or its typo-only or unranked
// hits at one rank) keeps of its page for the next search of the same text and filters (decision 0072).
import type { SearchIndex } from './search-index.ts';
import { KeptPerText } from './search-index-kept.ts';
import { insertTop, type Scored } from './search-index-pages.ts';
import type { Slots } from './search-index-shapes.ts';

/**
 * A relevance call's page, kept. A slot's score (its document's ts_rank for the text, or the call's one rank, plus
 * the name's closeness to the text), sold count and id never change while it lives (a changed product takes a new
 * slot), and the page was the best in the strict order score, sold, id: so the page's entries among the call's
 * slots (`listed`, ascending) keep their `scores`, and every other slot of the call below `slotCount` is worse than
 * the page's `last` entry (null: the page was not full, every slot of the call was on it). The next search puts the
 * listed slots on its page, and when its last entry is then no worse than `last`, only the slots added since are
 * left to score: a typo's thousands of names tied at one closeness ("standrd" in "standard"), or two common words'
 * thousands of documents ("series box"), are not read again.
 */
export interface KnownPage {
  readonly size: number;
  readonly slotCount: number;
  /** The index's stateChanges then: a seller approved since may bring back slots the call did not see. */
  readonly stateChanges: number;
  readonly listed: Int32Array;
  readonly scores: Float32Array;
  readonly last: Scored | null;
}

export interface KeptPage {
  readonly key: string;
  /** What is known (null: nothing yet, or out of date). */
  readonly known: KnownPage | null;
}

/** Kept for calls of at least `slots` hits, at most `most` numbers in all (the least recently used dropped). */
export const keptPageBounds = { slots: 256, most: 1_000_000 };
const kept = new KeptPerText<KnownPage>({ most: keptPageBounds.most });

/** What is kept for `key` (the text and filters naming the call's hits), when still true. */
export function keptPageOf(index: SearchIndex, key: string): KeptPage {
  const known = kept.get(index, key) ?? null;
  return { key, known: known && known.stateChanges === index.stateChanges ? known : null };
}

/** Whether `slot` is in the ascending `slots` (a binary search). */
function holds(slots: Slots, slot: number): boolean {
  let lo = 0;
  let hi = slots.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((slots[mid] as number) < slot) lo = mid + 1;
    else hi = mid;
  }
  return lo < slots.length && slots[lo] === slot;
}

/**
 * Puts the listed slots that are among `slots` on the page with their known scores (the caller skips them after
 * this) and returns the slots still to score: those added since, when the page is then full and its last entry no
 * worse than the one kept (every other slot is worse: out); else all of `slots` (a listed product removed).
 */
export function placeKept(
  known: KnownPage,
  slots: Slots,
  top: Scored[],
  limit: number,
  better: (a: Scored, b: Scored) => boolean,
): Slots {
  for (let k = 0; k < known.listed.length; k++) {
    const slot = known.listed[k] as number;
    if (holds(slots, slot)) insertTop(top, { slot, score: known.scores[k] as number }, limit, better);
  }
  const full = top.length >= limit;
  if (known.last !== null && !(full && !better(known.last, top[top.length - 1] as Scored))) return slots;
  let added = slots.length;
  while (added > 0 && (slots[added - 1] as number) >= known.slotCount) added--;
  return slots instanceof Int32Array ? slots.subarray(added) : Array.from(slots).slice(added);
}

/**
 * Keeps the page a call just gave (when nothing was known, products were added since, or the page lists more of
 * the call's slots): its entries among the call's slots with their scores, and its last entry when full.
 */
export function keepPage(index: SearchIndex, page: KeptPage, slots: Slots, top: Scored[], limit: number): void {
  const own = top.filter((entry) => holds(slots, entry.slot)).sort((a, b) => a.slot - b.slot);
  const { known } = page;
  if (known && known.slotCount === index.slotCount && own.length <= known.listed.length) return;
  kept.set(index, page.key, {
    size: 3 + 2 * own.length,
    slotCount: index.slotCount,
    stateChanges: index.stateChanges,
    listed: Int32Array.from(own, (entry) => entry.slot),
    scores: Float32Array.from(own, (entry) => entry.score),
    last: top.length >= limit ? { ...(top[top.length - 1] as Scored) } : null,
  });
}
