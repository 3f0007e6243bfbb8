import { describe, expect, it } from 'vitest';
import { formatPeso, formatPeso2 } from './money.ts';

describe('formatPeso (shop views: ₱, three decimals, thousands separators)', () => {
  it.each([
    [0, '₱0.000'],
    [5, '₱0.050'],
    [100, '₱1.000'],
    [123450, '₱1,234.500'],
    [24_500, '₱245.000'],
    [123_456_789, '₱1,234,567.890'],
    [100_000_000_000, '₱1,000,000,000.000'],
  ])('%i centavos -> %s', (centavos, text) => {
    expect(formatPeso(centavos)).toBe(text);
  });
});

describe('formatPeso2 (credits and admin tables: two decimals)', () => {
  it.each([
    [0, '₱0.00'],
    [123450, '₱1,234.50'],
    [5_000_000_00, '₱5,000,000.00'],
  ])('%i centavos -> %s', (centavos, text) => {
    expect(formatPeso2(centavos)).toBe(text);
  });
});
