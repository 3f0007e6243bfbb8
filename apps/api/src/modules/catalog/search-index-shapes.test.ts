import { describe, expect, it } from 'vitest';
import { intersect, union } from './search-index-shapes.ts';

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
});
