import { type Courier, type Quote, type QuoteInput, QuoteUnavailable } from './types.ts';

/**
 * Standard Shipping: the platform's own rate table (centavos). A distance band sets a base fee that covers
 * the first 5 kg, and a rate for every further kilogram (rounded up). Beyond the last band the last row applies.
 *
 * | distance      | base (first 5 kg) | each further kg |
 * | ------------- | ----------------- | --------------- |
 * | up to 10 km   | ₱120              | ₱6              |
 * | up to 30 km   | ₱180              | ₱8              |
 * | up to 100 km  | ₱300              | ₱10             |
 * | up to 300 km  | ₱550              | ₱14             |
 * | farther       | ₱900              | ₱18             |
 */
export const standardRateTable = [
  { maxKm: 10, base: 12_000, perKg: 600 },
  { maxKm: 30, base: 18_000, perKg: 800 },
  { maxKm: 100, base: 30_000, perKg: 1_000 },
  { maxKm: 300, base: 55_000, perKg: 1_400 },
  { maxKm: Number.POSITIVE_INFINITY, base: 90_000, perKg: 1_800 },
] as const;
export const standardIncludedKg = 5;

export function standardFee(distanceKm: number, weightKg: number): number {
  const band = standardRateTable.find((row) => distanceKm <= row.maxKm) ?? standardRateTable.at(-1)!;
  const extraKg = Math.max(0, Math.ceil(weightKg - standardIncludedKg));
  return band.base + extraKg * band.perKg;
}

export const standardCourier: Courier = {
  type: 'standard',
  company: 'Tibay Standard Shipping',
  async quote(input: QuoteInput): Promise<Quote> {
    const band = standardRateTable.findIndex((row) => input.distanceKm <= row.maxKm);
    return { fee: standardFee(input.distanceKm, input.weightKg), details: { band, weight_kg: input.weightKg } };
  },
};

/**
 * Hardware Shipping: the seller's own fleet at the rates it registered. The big-item rate applies when any
 * line is a big item, otherwise the small-item rate; 'fixed' is one fee per order, 'per_km' that rate for
 * every started kilometre (at least one). Offered only when the seller registered the rate that applies.
 */
export const hardwareCourier: Courier = {
  type: 'hardware',
  company: 'Seller delivery',
  async quote(input: QuoteInput): Promise<Quote> {
    const { seller } = input;
    const big = input.items.some((item) => item.isBigItem);
    const perKm = seller.shippingComputation === 'per_km';
    const rate = perKm
      ? big
        ? seller.bigItemFeePerKm
        : seller.smallItemFeePerKm
      : big
        ? seller.bigItemFeeFixed
        : seller.smallItemFeeFixed;
    if (!(rate > 0)) throw new QuoteUnavailable('seller has no hardware shipping rate', false);
    const km = Math.max(1, Math.ceil(input.distanceKm));
    return {
      fee: perKm ? rate * km : rate,
      details: {
        computation: perKm ? 'per_km' : 'fixed',
        item_size: big ? 'big' : 'small',
        rate,
        ...(perKm ? { km } : {}),
      },
    };
  },
};

export const pickupCourier: Courier = {
  type: 'pickup',
  company: 'Pick-up',
  async quote(): Promise<Quote> {
    return { fee: 0, details: {} };
  },
};
