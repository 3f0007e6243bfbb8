import { describe, expect, it } from 'vitest';
import { formatCount, formatPeso, formatPeso2 } from './money.ts';

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

describe('the same text as Intl en-PH (which they replace)', () => {
  const three = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const two = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  it.each([0, 1, 99, 100, 101, 999_999, 1_000_000, 26_300, 123_456_789, -5, -123_450, 12_345.6])('%d', (centavos) => {
    expect(formatPeso(centavos)).toBe(`₱${three.format(centavos / 100)}`);
    expect(formatPeso2(Math.round(centavos))).toBe(`₱${two.format(Math.round(centavos) / 100)}`);
  });
  it.each([0, 7, 999, 1000, 102, 1_234_567, -2500])('count %d', (count) => {
    expect(formatCount(count)).toBe(count.toLocaleString('en-PH'));
  });
});
