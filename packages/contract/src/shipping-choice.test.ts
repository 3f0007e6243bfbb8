import { describe, expect, it } from 'vitest';
import { earliestScheduleDate, type ShippingQuote, type ShippingType } from './checkout.ts';
import { preselectShippingMethod } from './shipping-choice.ts';

const now = new Date('2026-11-25T02:00:00Z');
const quote = (fee: number | null): ShippingQuote =>
  fee === null
    ? { available: false, fee: null, message: 'Shipping Error', reason: 'why', vehicle: null }
    : { available: true, fee, message: null, reason: null, vehicle: null };
/** Quotes in pesos (null: not available); pick-up is free as in the product. */
function quotes(fees: Partial<Record<Exclude<ShippingType, 'pickup'>, number | null>>) {
  const methods: Partial<Record<ShippingType, ShippingQuote>> = { pickup: quote(0) };
  for (const [type, fee] of Object.entries(fees))
    methods[type as ShippingType] = quote(fee === null ? null : fee * 100);
  return methods;
}
const standardDate = earliestScheduleDate('standard', now);
const choose = (methods: Partial<Record<ShippingType, ShippingQuote>> | undefined, date = standardDate) =>
  preselectShippingMethod(methods, date, now);

describe('preselectShippingMethod (the delivery step chooses for the buyer)', () => {
  it('Standard costing more than the goods loses to the cheapest courier that meets the date', () => {
    expect(choose(quotes({ standard: 1_850, transportify: 1_600, lalamove: 420, hardware: 300 }))).toBe('lalamove');
    expect(choose(quotes({ standard: 1_850, transportify: 900, lalamove: null, hardware: null }))).toBe('transportify');
  });

  it('never pick-up, even though it is free', () => {
    expect(choose(quotes({ standard: 500, transportify: 600, lalamove: 700 }))).toBe('standard');
  });

  it('a method that cannot arrive by the chosen date is not chosen (Hardware Shipping needs 5 days)', () => {
    const fees = quotes({ standard: 1_850, transportify: 1_600, lalamove: 1_700, hardware: 300 });
    expect(choose(fees)).toBe('transportify');
    expect(choose(fees, earliestScheduleDate('hardware', now))).toBe('hardware');
  });

  it('Standard stays the default when fees are equal or unknown', () => {
    expect(choose(quotes({ standard: 400, transportify: 400, lalamove: 400, hardware: 400 }))).toBe('standard');
    expect(choose(undefined)).toBe('standard');
    expect(choose({})).toBe('standard');
  });

  it('equal fees without Standard: the first in the spec order', () => {
    expect(choose(quotes({ standard: 900, transportify: 400, lalamove: 400 }))).toBe('transportify');
  });

  it('Standard not available: the cheapest available; nothing available: no choice', () => {
    expect(choose(quotes({ standard: null, transportify: 1_000, lalamove: 800 }))).toBe('lalamove');
    expect(choose(quotes({ standard: null, transportify: null, lalamove: null, hardware: null }))).toBeNull();
  });
});
