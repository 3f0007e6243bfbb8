import { earliestScheduleDate, type ShippingQuote, type ShippingType, shippingTypes } from './checkout.ts';

/**
 * The shipping method the delivery step chooses for the buyer before they choose (issue 11 item 6): the cheapest
 * delivery method that is available and can arrive by the chosen date. Spec 2 §4 makes Standard Shipping the
 * default, so Standard stays chosen when it costs the same as the cheapest or when the fees are not known yet.
 * Pick-up is never chosen for the buyer: it costs nothing but means collecting the goods at the seller, which
 * only the buyer can decide. Returns null when no delivery method is available.
 */
export function preselectShippingMethod(
  methods: Partial<Record<ShippingType, ShippingQuote>> | undefined,
  /** The chosen delivery date (YYYY-MM-DD); a method whose earliest date is later does not meet it. */
  scheduleDate: string,
  now: Date = new Date(),
): ShippingType | null {
  const standard = methods?.standard;
  // Fees unknown (no quotes yet, or Standard not quoted): the spec's default.
  if (!methods || !standard || (standard.available && standard.fee === null)) return 'standard';
  const candidates = shippingTypes
    .filter((type) => type !== 'pickup')
    .flatMap((type) => {
      const quote = methods[type];
      const meetsDate = earliestScheduleDate(type, now) <= scheduleDate;
      return quote?.available && quote.fee !== null && meetsDate ? [{ type, fee: quote.fee }] : [];
    });
  if (candidates.length === 0) return null;
  const cheapest = Math.min(...candidates.map((candidate) => candidate.fee));
  const tied = candidates.filter((candidate) => candidate.fee === cheapest).map((candidate) => candidate.type);
  // Equal fees: Standard first, then the spec's order of methods.
  return tied.includes('standard') ? 'standard' : tied[0]!;
}
