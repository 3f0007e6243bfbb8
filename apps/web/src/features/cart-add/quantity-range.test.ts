import { describe, expect, it } from 'vitest';
import { fitsRange, nextQuantity, previousQuantity, quantityRange } from './quantity-range.ts';

describe('the item page quantity stepper', () => {
  it('orders by the hundred while the leaf allows 100 or more, in ones below that, and in ones in the popup', () => {
    expect(quantityRange(true, 450)).toEqual({ min: 100, step: 100, max: 450 });
    expect(quantityRange(true, 100)).toEqual({ min: 100, step: 100, max: 100 });
    expect(quantityRange(true, 99)).toEqual({ min: 1, step: 1, max: 99 });
    expect(quantityRange(true, 0)).toEqual({ min: 1, step: 1, max: 0 });
    expect(quantityRange(false, 450)).toEqual({ min: 1, step: 1, max: 450 });
  });

  it('plus goes to the next hundred and stops at what can be ordered', () => {
    const range = quantityRange(true, 450);
    expect(nextQuantity(100, range)).toBe(200);
    expect(nextQuantity(150, range)).toBe(200);
    expect(nextQuantity(400, range)).toBe(450);
    expect(nextQuantity(450, range)).toBe(450);
    expect(nextQuantity(0, range)).toBe(100);
    expect(nextQuantity(8, quantityRange(true, 9))).toBe(9);
    expect(nextQuantity(9, quantityRange(true, 9))).toBe(9);
  });

  it('minus goes to the hundred below, never under the minimum, and brings a quantity above the stock back in', () => {
    const range = quantityRange(true, 450);
    expect(previousQuantity(300, range)).toBe(200);
    expect(previousQuantity(250, range)).toBe(200);
    expect(previousQuantity(100, range)).toBe(100);
    expect(previousQuantity(900, range)).toBe(450);
    const few = quantityRange(true, 9);
    expect(previousQuantity(100, few)).toBe(9);
    expect(previousQuantity(2, few)).toBe(1);
    expect(previousQuantity(1, few)).toBe(1);
  });

  it('a quantity fits when it is a whole number from the minimum to what can be ordered', () => {
    expect(fitsRange(100, quantityRange(true, 450))).toBe(true);
    expect(fitsRange(50, quantityRange(true, 450))).toBe(false);
    expect(fitsRange(100, quantityRange(true, 9))).toBe(false);
    expect(fitsRange(9, quantityRange(true, 9))).toBe(true);
    expect(fitsRange(1, quantityRange(true, 0))).toBe(false);
  });
});
