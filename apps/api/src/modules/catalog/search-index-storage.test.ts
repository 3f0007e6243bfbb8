import { describe, expect, it } from 'vitest';
import { parseTsvector } from './pg-text-functions.ts';
import { fromEntries, SlotById, scanTsvector } from './search-index-storage.ts';

/** The build's fast tsvector reading gives what parseTsvector gives (decision 0048). */
describe('scanTsvector', () => {
  const copy = (v: ReturnType<typeof fromEntries>) => ({
    count: v.count,
    lexemes: v.lexemes.slice(0, v.count),
    starts: v.starts.slice(0, v.count + 1),
    positions: [...v.positions],
  });
  it.each(["'bar':3A,11C 'steel':2A", "'40kg':3A 'cement':2A,9 'portland':1A,4B,7D", "'a' 'b':1 'c':16383A", ''])(
    'reads %j as parseTsvector does',
    (text) => {
      const scanned = scanTsvector(text);
      expect(scanned).not.toBeNull();
      expect(copy(scanned!)).toEqual(copy(fromEntries(parseTsvector(text))));
    },
  );

  it('leaves a lexeme with a quote or a backslash to parseTsvector', () => {
    expect(scanTsvector("'it''s':1 'x':2")).toBeNull();
    expect(scanTsvector("'back\\\\slash':2B")).toBeNull();
  });
});

describe('SlotById', () => {
  it('maps ids to slots, small and large, and forgets deleted ones', () => {
    const slots = new SlotById();
    slots.set(5, 0);
    slots.set(2 ** 30, 1);
    slots.set(5, 2);
    expect([slots.get(5), slots.get(2 ** 30), slots.get(6), slots.size]).toEqual([2, 1, undefined, 2]);
    expect(slots.delete(5)).toBe(true);
    expect([slots.get(5), slots.has(2 ** 30), slots.size]).toEqual([undefined, true, 1]);
  });
});
