import type { SearchIndex } from './search-index.ts';
import type { Slots } from './search-index-shapes.ts';

/**
 * What a search works out for its text that the next search of the same text can reuse (decision 0066): its other
 * pages, sorts and filters ask the same. Kept per index (a compaction's new index starts empty), at most `most`
 * numbers in all, the least recently used dropped first. What the index's changes since mean for a kept answer is
 * its user's to say (keptTypoMatches, ranksOf).
 */
export class KeptPerText<T extends { readonly size: number }> {
  private readonly byIndex = new WeakMap<SearchIndex, { held: number; byText: Map<string, T> }>();

  constructor(private readonly bounds: { most: number }) {}

  get(index: SearchIndex, text: string): T | undefined {
    const kept = this.of(index);
    const known = kept.byText.get(text);
    if (known) {
      // Most recently used last (a Map keeps insertion order).
      kept.byText.delete(text);
      kept.byText.set(text, known);
    }
    return known;
  }

  set(index: SearchIndex, text: string, value: T): void {
    const kept = this.of(index);
    const old = kept.byText.get(text);
    if (old) {
      kept.byText.delete(text);
      kept.held -= old.size;
    }
    if (value.size > this.bounds.most) return;
    for (const [oldest, known] of kept.byText) {
      if (kept.held + value.size <= this.bounds.most) break;
      kept.byText.delete(oldest);
      kept.held -= known.size;
    }
    kept.byText.set(text, value);
    kept.held += value.size;
  }

  private of(index: SearchIndex) {
    let kept = this.byIndex.get(index);
    if (!kept) {
      kept = { held: 0, byText: new Map() };
      this.byIndex.set(index, kept);
    }
    return kept;
  }
}

/**
 * Ascending slots kept in the smaller of two forms: the list itself, or a bitset (bit s: slot s) once the list
 * holds more than a 32nd of the `slotCount` slots (a typo of a common word matches most names: 90,000 of 100,000
 * slots are 360 kB as a list, 12.5 kB as bits). `size` counts 32-bit numbers in either form (KeptPerText's bound).
 */
export interface KeptSlots {
  readonly size: number;
  readonly count: number;
  readonly list: Int32Array | null;
  readonly bits: Int32Array | null;
}

/** The slots kept (`bits`: their bitset when the caller has it already). */
export function keptSlotsOf(slots: ArrayLike<number>, slotCount: number, bits: Int32Array | null = null): KeptSlots {
  const count = slots.length;
  if (count * 32 <= slotCount) {
    const list = Int32Array.from(slots);
    return { size: list.length, count, list, bits: null };
  }
  const set = bits ?? bitsetOf(slots, slotCount);
  return { size: set.length, count, list: null, bits: set };
}

/** The slots as a bitset of `slotCount` bits (bit s: slot s). */
export function bitsetOf(slots: ArrayLike<number>, slotCount: number): Int32Array {
  const bits = new Int32Array((slotCount + 31) >>> 5);
  markSlots(bits, slots);
  return bits;
}

/** Sets the bits of `slots` in `bits` (bit s: slot s). */
export function markSlots(bits: Int32Array, slots: ArrayLike<number>): void {
  // The bits of one 32-bit word gathered before it is written (the slots are mostly ascending: a typo's million
  // matches at 1M are written a word at a time, not a bit at a time).
  let word = 0;
  let gathered = 0;
  for (let k = 0; k < slots.length; k++) {
    const slot = slots[k] as number;
    if (slot >>> 5 !== word) {
      bits[word] = (bits[word] as number) | gathered;
      word = slot >>> 5;
      gathered = 0;
    }
    gathered |= 1 << (slot & 31);
  }
  if (slots.length > 0) bits[word] = (bits[word] as number) | gathered;
}

/** The kept slots, ascending: the list, or the bitset read into `into` (room for `count` slots). */
export function slotsOfKept(kept: KeptSlots, into: Int32Array): Int32Array {
  if (kept.list) return kept.list;
  const bits = kept.bits as Int32Array;
  let at = 0;
  for (let word = 0; word < bits.length; word++) {
    let rest = bits[word] as number;
    while (rest !== 0) {
      const lowest = rest & -rest;
      into[at++] = (word << 5) | (31 - Math.clz32(lowest));
      rest ^= lowest;
    }
  }
  return into.subarray(0, at);
}

/**
 * Bitsets of long slot lists (bit s: slot s), kept per index and key (at most `kept`, then begun anew) while the
 * list has not grown: posting lists only grow, so their length says whether one changed (a trigram's names for the
 * typo step's count filter, a common lexeme's documents for an intersection).
 */
export class KeptBitsets<K> {
  private readonly byIndex = new WeakMap<SearchIndex, Map<K, { length: number; bits: Int32Array }>>();

  constructor(private readonly bounds: { kept: number }) {}

  of(index: SearchIndex, key: K, list: Slots): Int32Array {
    let byKey = this.byIndex.get(index);
    if (!byKey) {
      byKey = new Map();
      this.byIndex.set(index, byKey);
    }
    const known = byKey.get(key);
    if (known && known.length === list.length && known.bits.length * 32 >= index.ids.length) return known.bits;
    const bits = bitsetOf(list, index.ids.length);
    if (byKey.size >= this.bounds.kept) byKey.clear();
    byKey.set(key, { length: list.length, bits });
    return bits;
  }
}
