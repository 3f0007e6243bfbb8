import { type Courier, type Quote, type QuoteInput, QuoteUnavailable } from './types.ts';

/**
 * Standard Shipping: the platform's own trucking, priced the way Philippine truckers price building materials —
 * by the vehicle the load needs and the distance (decision 0012). The lightest vehicle that carries the weight is
 * hired; an order with a big item (6 m steel bars, plywood sheets, cement bags) needs an open bed, so at least a
 * pickup. A load heavier than a 10-wheeler carries goes on as many 10-wheelers as it fills, plus the vehicle the
 * rest needs. Each vehicle costs its base fare plus its rate for every started kilometre (at least one) of the
 * straight-line distance; the rates allow for the road being longer. Money in centavos.
 *
 * | vehicle                  | carries up to | base   | each started km |
 * | ------------------------ | ------------- | ------ | --------------- |
 * | Motorcycle               | 20 kg         | ₱60    | ₱6              |
 * | Car (sedan or MPV)       | 200 kg        | ₱150   | ₱15             |
 * | Pickup or L300 van       | 1,000 kg      | ₱300   | ₱20             |
 * | Light truck (4-wheeler)  | 2,000 kg      | ₱1,200 | ₱30             |
 * | 6-wheeler truck          | 7,000 kg      | ₱3,000 | ₱50             |
 * | 10-wheeler truck         | 16,000 kg     | ₱6,000 | ₱75             |
 *
 * So, 10 km away: a 3 kg parcel ₱120, one 40 kg bag of cement ₱500, a pallet of 40 bags (1.6 t) ₱1,500; and
 * 400 bags (16 t) from San Fernando, Pampanga to Quezon City (55 km in a straight line) ₱10,125.
 */
export const standardVehicles = [
  { name: 'Motorcycle', maxKg: 20, base: 6_000, perKm: 600, openBed: false },
  { name: 'Car', maxKg: 200, base: 15_000, perKm: 1_500, openBed: false },
  { name: 'Pickup', maxKg: 1_000, base: 30_000, perKm: 2_000, openBed: true },
  { name: 'Light truck', maxKg: 2_000, base: 120_000, perKm: 3_000, openBed: true },
  { name: '6-wheeler truck', maxKg: 7_000, base: 300_000, perKm: 5_000, openBed: true },
  { name: '10-wheeler truck', maxKg: 16_000, base: 600_000, perKm: 7_500, openBed: true },
] as const;

type StandardVehicle = (typeof standardVehicles)[number];

/** The vehicles one load needs: full 10-wheelers while the weight fills one, then the lightest that takes the rest. */
export function standardVehiclesFor(weightKg: number, bigItem: boolean): StandardVehicle[] {
  const largest = standardVehicles.at(-1)!;
  const vehicles: StandardVehicle[] = [];
  let rest = Math.max(0, weightKg);
  while (rest > largest.maxKg) {
    vehicles.push(largest);
    rest -= largest.maxKg;
  }
  if (rest > 0 || vehicles.length === 0) {
    vehicles.push(standardVehicles.find((vehicle) => vehicle.maxKg >= rest && (vehicle.openBed || !bigItem))!);
  }
  return vehicles;
}

/** The Standard Shipping fee of one seller's load, in centavos. */
export function standardFee(distanceKm: number, weightKg: number, bigItem = false): number {
  const km = Math.max(1, Math.ceil(distanceKm));
  return standardVehiclesFor(weightKg, bigItem).reduce((fee, vehicle) => fee + vehicle.base + km * vehicle.perKm, 0);
}

export const standardCourier: Courier = {
  type: 'standard',
  company: 'Tibay Standard Shipping',
  async quote(input: QuoteInput): Promise<Quote> {
    const bigItem = input.items.some((item) => item.isBigItem);
    return {
      fee: standardFee(input.distanceKm, input.weightKg, bigItem),
      details: {
        vehicles: standardVehiclesFor(input.weightKg, bigItem).map((vehicle) => vehicle.name),
        km: Math.max(1, Math.ceil(input.distanceKm)),
        weight_kg: input.weightKg,
      },
    };
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
