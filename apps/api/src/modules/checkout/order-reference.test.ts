import { describe, expect, it } from 'vitest';
import { randomOrderReference } from './insert-orders.repository.ts';

describe('order references', () => {
  it('keep the spec format, ORD and 14 digits, with the day first', () => {
    expect(randomOrderReference('20260315')).toMatch(/^ORD20260315\d{6}$/);
  });

  it('cannot be walked: the next reference does not follow from the previous one', () => {
    const suffixes = Array.from({ length: 2000 }, () => Number(randomOrderReference('20260315').slice(11)));
    expect(new Set(suffixes).size).toBeGreaterThan(1990);
    // Guessing "previous + 1" (or any fixed step) almost never finds the next order.
    const steps = suffixes.slice(1).map((suffix, i) => suffix - (suffixes[i] ?? 0));
    expect(steps.filter((step) => step === 1).length).toBeLessThan(3);
    expect(new Set(steps).size).toBeGreaterThan(1990);
    // Spread over the whole range, not bunched after a counter.
    expect(Math.min(...suffixes)).toBeLessThan(50_000);
    expect(Math.max(...suffixes)).toBeGreaterThan(950_000);
  });
});
