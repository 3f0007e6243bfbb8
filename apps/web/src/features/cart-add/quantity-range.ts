import { itemQuantityStep } from '@tibay/contract';

/** The quantity the stepper allows for the chosen product, variation or sub-variation. */
export interface QuantityRange {
  min: number;
  step: number;
  /** How many can be ordered: the lower of stock and quantity limit, capped at 1200 (0 when none). */
  max: number;
}

/**
 * The item page orders by the hundred (spec 1 §5: min and step 100) while the chosen leaf allows 100 or more. A leaf
 * that allows fewer (a door, a welding machine, the last 40 bags) cannot meet that minimum: there the stepper goes in
 * ones from 1, so the page never starts at the whole stock, and the buyer picks how many. The popup and the paint
 * popup always go in ones.
 */
export function quantityRange(onItemPage: boolean, orderable: number): QuantityRange {
  if (onItemPage && orderable >= itemQuantityStep)
    return { min: itemQuantityStep, step: itemQuantityStep, max: orderable };
  return { min: 1, step: 1, max: orderable };
}

/** Plus: the next multiple of the step (the minimum from below it), never above what can be ordered. */
export function nextQuantity(count: number, { min, step, max }: QuantityRange): number {
  const next = count < min ? min : (Math.floor(count / step) + 1) * step;
  return Math.max(Math.min(next, max), Math.min(count, max));
}

/** Minus: the multiple of the step below, never under the minimum; from above the maximum, into the range. */
export function previousQuantity(count: number, { min, step, max }: QuantityRange): number {
  const previous = (Math.ceil(count / step) - 1) * step;
  return Math.max(min, Math.min(previous, max));
}

/** Whether a quantity is one the stepper could reach: within the minimum and what can be ordered. */
export function fitsRange(count: number, { min, max }: QuantityRange): boolean {
  return Number.isInteger(count) && count >= min && count <= max;
}
