import { describe, expect, it } from 'vitest';
import { facetBounds, facetSample } from './search-index-facets.ts';
import { intersect, merged, union } from './search-index-shapes.ts';

/** A seeded random ascending list of distinct slots below `below`, each kept with probability `share`. */
function ascending(below: number, share: number, seed: number): Int32Array {
  let state = seed;
  const slots: number[] = [];
  for (let slot = 0; slot < below; slot++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    if (state / 0x7fffffff < share) slots.push(slot);
  }
  return Int32Array.from(slots);
}

describe('slot lists (decision 0067)', () => {
  it('intersects and unites ascending lists of any sizes as sets do', () => {
    const lists = [
      ascending(5_000, 0.3, 1),
      ascending(5_000, 0.9, 2),
      ascending(5_000, 0.01, 3),
      ascending(5_000, 0.5, 4),
      new Int32Array(0),
      Int32Array.from([0, 4_999]),
    ];
    for (const a of lists) {
      for (const b of lists) {
        const inB = new Set(b);
        expect([...intersect(a, b)]).toEqual([...a].filter((slot) => inB.has(slot)));
        expect([...union([a, b])]).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y));
      }
    }
  });

  it('samples two disjoint ascending lists for the facets as it samples their merge', () => {
    const saved = facetBounds.exact;
    facetBounds.exact = 97;
    try {
      for (const [share, seed] of [
        [0.3, 5],
        [0.02, 6],
        [0.98, 7],
        [0.5, 8],
      ] as const) {
        // Every slot of a list goes to the first or the second part (disjoint, each ascending).
        const all = ascending(20_000, 0.6, seed);
        const pick = ascending(20_000, share, seed + 10);
        const inFirst = new Set(pick);
        const first = all.filter((slot) => inFirst.has(slot));
        const second = all.filter((slot) => !inFirst.has(slot));
        const both = new Int32Array([...first, ...second]);
        expect(facetSample(both, first.length)).toEqual(facetSample(Int32Array.from(merged(first, second))));
      }
      // One part empty, or the whole list within the bound: as given.
      const one = ascending(20_000, 0.5, 9);
      expect(facetSample(one, one.length)).toEqual(facetSample(one, 0));
      expect(facetSample(one.subarray(0, 50), 20)).toEqual(one.subarray(0, 50));
    } finally {
      facetBounds.exact = saved;
    }
  });
});
