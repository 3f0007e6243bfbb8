import { describe, expect, it } from 'vitest';
import type { SearchIndex } from './search-index.ts';
import { relevanceOrder } from './search-index-pages.ts';

/** A seeded generator (mulberry32): the same cases every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe('the impact order of a lexeme (relevanceOrder)', () => {
  it('orders by rank desc, then sold desc, then id asc, as a sort with a comparator does', () => {
    const next = random(21);
    const slots = 5_000;
    // Ids and sold counts past 16 bits, sold counts often tied; ranks tied and with distinct low bits.
    const ids = Int32Array.from({ length: slots }, (_, slot) => 1 + ((slot * 7919) % 200_003));
    const sold = Int32Array.from({ length: slots }, () =>
      next() < 0.5 ? Math.floor(next() * 4) : Math.floor(next() * 2 ** 30),
    );
    const index = { ids, sold } as unknown as SearchIndex;
    const postings = Int32Array.from({ length: 3_000 }, (_, i) => i + Math.floor(i / 2));
    const choices = [0, 0.1, 0.1 + 2 ** -40, Math.fround(0.0607927), 1e-20, 0.5];
    const ranks = Float64Array.from(postings, () => choices[Math.floor(next() * choices.length)] as number);
    const expected = [...postings.keys()].sort(
      (a, b) =>
        (ranks[b] as number) - (ranks[a] as number) ||
        (sold[postings[b] as number] as number) - (sold[postings[a] as number] as number) ||
        (ids[postings[a] as number] as number) - (ids[postings[b] as number] as number),
    );
    expect(Array.from(relevanceOrder(index, postings, ranks))).toEqual(expected);
  });

  it('keeps a list of one, and of none', () => {
    const index = { ids: Int32Array.of(5), sold: Int32Array.of(2) } as unknown as SearchIndex;
    expect(Array.from(relevanceOrder(index, Int32Array.of(0), Float64Array.of(0.3)))).toEqual([0]);
    expect(Array.from(relevanceOrder(index, new Int32Array(0), new Float64Array(0)))).toEqual([]);
  });
});
