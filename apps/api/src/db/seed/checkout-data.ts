import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { vouchers } from '../schema/index.ts';

/**
 * Shipping weight of one unit by category, in grams (couriers quote by weight): a 40 kg cement bag, a 6 m
 * 10 mm steel bar, a gallon of paint, a sack of gravel... Written over the products' default of 1 kg.
 */
export const unitWeightGramsByCategory: Record<number, number> = {
  1: 3_700, // STEEL BAR (10 mm x 6 m)
  2: 40_000, // CEMENT (40 kg bag)
  3: 4_500, // PAINT (gallon)
  4: 50_000, // AGGREGATE (sack)
  5: 300, // LIGHTS
  6: 1_500, // PLUMBING
  7: 800, // ELECTRICAL
  8: 12_000, // WOOD & PLYWOOD (sheet)
  9: 500, // HARDWARE & FASTENERS
  10: 18_000, // TILES (box)
  11: 9_000, // GYPSUM & CEILING (board)
  12: 700, // SAFETY GEAR
  13: 2_000, // TOOLS
  14: 25_000, // DOORS & WINDOWS
  15: 14_000, // CHB & MASONRY
  16: 40_000, // CONCRETE
  17: 8_000, // ROOFING
  18: 400, // SEALING
};

/** Demo vouchers: platform-wide fixed and percent ones, a single-use one, and one for the demo shop's items. */
export function demoVouchers(demoShopId: number, now: Date) {
  const day = 86_400_000;
  const from = new Date(now.getTime() - 30 * day);
  const until = new Date(now.getTime() + 365 * day);
  return [
    {
      code: 'TIBAY100',
      description: '₱100 off orders of ₱1,000 or more',
      discountType: 'fixed',
      amount: 10_000,
      minSpend: 100_000,
      usageLimit: 1_000,
      perCustomerLimit: 3,
      isSuggested: true,
    },
    {
      code: 'BUILD5',
      description: '5% off, up to ₱500',
      discountType: 'percent',
      amount: 5,
      maxDiscount: 50_000,
      minSpend: 0,
      usageLimit: null,
      perCustomerLimit: 5,
      isSuggested: true,
    },
    {
      code: 'FIRSTBUY',
      description: '₱250 off, one use only',
      discountType: 'fixed',
      amount: 25_000,
      minSpend: 200_000,
      usageLimit: 1,
      perCustomerLimit: 1,
      isSuggested: false,
    },
    {
      code: 'SHOP10',
      description: '10% off the demo shop\u2019s items, up to ₱1,000',
      discountType: 'percent',
      amount: 10,
      maxDiscount: 100_000,
      minSpend: 50_000,
      usageLimit: 500,
      perCustomerLimit: 2,
      isSuggested: true,
      sellerId: demoShopId,
    },
  ].map((voucher) => ({ sellerId: null, ...voucher, validFrom: from, validUntil: until }));
}

/** Product weights by category and the demo vouchers (checkout needs both). */
export async function seedCheckoutData(tx: Tx, demoShopId: number, now = new Date()) {
  const cases = Object.entries(unitWeightGramsByCategory).map(
    ([category, grams]) => sql`when ${Number(category)} then ${grams}`,
  );
  await tx.execute(
    sql`update products set weight_grams = case category_id ${sql.join(cases, sql` `)} else weight_grams end`,
  );
  await tx.insert(vouchers).values(demoVouchers(demoShopId, now));
}
