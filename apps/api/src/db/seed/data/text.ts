import type { Prng } from '../prng.ts';
import type { SeedItem } from './catalog.ts';

/** One or two sentences about what the category's goods are for, picked per item. */
const categoryLines: Record<number, string[]> = {
  1: [
    'Hot-rolled, PNS-compliant reinforcing steel for columns, beams, footings and slabs.',
    'Mill-certified steel with consistent ribs for a strong bond with concrete.',
    'Cut and bundled for easy handling on site; ask the shop about cutting and bending.',
  ],
  2: [
    'A general-purpose cement for structural concrete, plastering and masonry work.',
    'Fresh stock from the plant, stored on pallets away from moisture.',
    'Gives a smooth, workable mix with good early strength for faster form removal.',
  ],
  3: [
    'Even coverage with low odour; tint and finish as shown on the label.',
    'Apply two coats over a primed surface; clean tools with water or thinner as indicated.',
    'Made for the Philippine climate: resists fading, mildew and peeling.',
  ],
  4: [
    'Screened and washed aggregate for concrete, plastering and fill.',
    'Delivered by the shop from a licensed quarry; volumes are loose measure.',
    'Clean, well-graded material that keeps your mix consistent batch after batch.',
  ],
  5: [
    'Energy-saving LED lighting with a long rated life.',
    'Instant-on, flicker-free light for homes, offices and stores.',
    'Uses up to 85% less power than an incandescent of the same brightness.',
  ],
  6: [
    'For water supply and drainage lines in homes and buildings.',
    'Fits standard Philippine pipe sizes; use the matching solvent cement or fittings.',
    'Corrosion-free and easy to cut and install.',
  ],
  7: [
    'Rated for residential and commercial wiring; install according to the Philippine Electrical Code.',
    'Made with quality copper and flame-retardant materials.',
    'Have a licensed electrician install it for your safety.',
  ],
  8: [
    'Sound, straight boards and lumber for formworks, framing, cabinets and ceilings.',
    'Sized to standard dimensions; the shop can cut to length on request.',
    'Kept dry and flat in the warehouse to avoid warping.',
  ],
  9: [
    'Everyday fasteners and fittings a job site runs on.',
    'Zinc-plated or stainless for rust resistance.',
    'Sold loose or boxed; check the pack size before ordering.',
  ],
  10: [
    'Durable glazed surface that is easy to clean.',
    'Order 10% extra for cuts and breakage; shades may vary slightly between batches.',
    'Suitable for homes and light commercial areas.',
  ],
  11: [
    'For ceilings and partitions: light, fire-resistant and quick to install.',
    'Works with standard metal furring and carrying channels.',
    'Gives a smooth surface ready for putty and paint.',
  ],
  12: [
    'Protective equipment for construction and industrial work.',
    'Comfortable for a full day on site.',
    'Meets common workplace safety requirements.',
  ],
  13: [
    'Built for daily use on the job site.',
    'Comes with the maker’s warranty; keep the receipt.',
    'A reliable tool for contractors and do-it-yourself builders.',
  ],
  14: [
    'Ready to install in standard rough openings.',
    'Sturdy construction that will not sag or warp in humid weather.',
    'Check your opening size before ordering; the shop can advise on installation.',
  ],
  15: [
    'Machine-pressed for uniform size and strength.',
    'For walls, fences and landscaping.',
    'Cured before delivery to reduce breakage.',
  ],
  16: [
    'For stronger, longer-lasting concrete work.',
    'Follow the dosage on the label for best results.',
    'Used by contractors on houses, roads and buildings.',
  ],
  17: [
    'Weather-tight roofing for homes, warehouses and carports.',
    'Rust-resistant coating built for typhoon-season rains.',
    'Cut to length on request; use matching screws and accessories.',
  ],
  18: [
    'Seals joints and cracks against water and air.',
    'Stays flexible after curing to follow building movement.',
    'Apply on a clean, dry surface.',
  ],
};

/**
 * A short product description, or null for about one item in ten (the card then says
 * "No description available").
 */
export function describe(item: SeedItem, rng: Prng): string | null {
  if (rng.chance(0.1)) return null;
  const lines = rng.sample(categoryLines[item.category] ?? [], 2);
  const parts = [`${item.name}${item.brand && !item.name.includes(item.brand) ? ` by ${item.brand}` : ''}.`, ...lines];
  if (item.v) {
    const label = item.sv
      ? `${item.v.values.length} options, each in ${item.sv.values.join(', ')}`
      : item.v.values.join(', ');
    parts.push(`Available in ${label}.`);
  }
  if (item.unit) parts.push(`Sold per ${item.unit}.`);
  return parts.join(' ');
}

const reviewsByRating: Record<number, string[]> = {
  5: [
    'Good quality and delivered on time. Will order again.',
    'Exactly as described. The rider was careful unloading.',
    'Complete and well packed. Thank you, seller!',
    'Best price in our area and fast delivery.',
    'Our foreman was happy with the quality.',
    'Legit seller, quick to reply to messages.',
    'Arrived a day earlier than scheduled. Highly recommended.',
    'Second time buying here, still excellent.',
  ],
  4: [
    'Good product, delivery was a bit late but okay.',
    'Quality is good. Packaging could be better.',
    'Worth the price. Some pieces had minor scratches.',
    'Okay naman, will buy again if the price stays the same.',
    'Good item, the seller called to confirm the address.',
  ],
  3: [
    'Average. It does the job.',
    'Delivery took longer than expected.',
    'A few pieces were damaged but the seller replaced them.',
    'Fair quality for the price.',
  ],
  2: [
    'Not the brand I ordered, but the seller offered a refund.',
    'Late delivery and no update from the rider.',
    'Quality is lower than I expected.',
  ],
  1: ['Wrong item delivered. Still waiting for the replacement.', 'Damaged on arrival.'],
};

/** Ratings lean positive, as a real shop's do. */
export function reviewRating(rng: Prng): number {
  const roll = rng.next();
  if (roll < 0.55) return 5;
  if (roll < 0.82) return 4;
  if (roll < 0.93) return 3;
  if (roll < 0.98) return 2;
  return 1;
}

export function reviewText(rating: number, rng: Prng): string {
  return rng.chance(0.08) ? '' : rng.pick(reviewsByRating[rating]!);
}

const services = [
  'Same-day delivery within the city for orders placed before 10 AM',
  'Free cutting and bending of steel bars',
  'Bulk pricing for contractors and hardware resellers',
  'Weekend pick-up at our warehouse',
  'Paint tinting while you wait',
  'Own fleet of trucks for big items',
  'Site delivery with unloading crew',
  'Official receipts and BIR-registered invoices',
];

/** The shop's About text (HTML; sanitized by the caller like any seller-written HTML). */
export function sellerAbout(
  seller: { name: string; city: string; founded: number; region: string },
  focusNames: string[],
  rng: Prng,
): string {
  const years = 2026 - seller.founded;
  const intro =
    years > 1
      ? `Serving builders in <strong>${seller.city}</strong> and nearby towns for ${years} years, ${escapeHtml(seller.name)} started as a small family store in ${seller.founded}.`
      : `${escapeHtml(seller.name)} is a new hardware store in <strong>${seller.city}</strong>.`;
  const focus = `We keep a deep stock of ${focusNames.map((name) => name.toLowerCase()).join(', ')} so your project never waits for materials.`;
  const second = rng.pick([
    'Our staff can help you estimate quantities from your plans, and every order is checked twice before it leaves the yard.',
    'Contractors, homeowners and fellow hardware stores across the region order from us every day.',
    'We carry the brands Filipino builders trust, at prices that keep your budget on track.',
  ]);
  const list = rng
    .sample(services, 3)
    .map((service) => `<li>${service}</li>`)
    .join('');
  return `<p>${intro} ${focus}</p><p>${second}</p><ul>${list}</ul><p><em>Open Monday to Saturday, 7:00 AM to 6:00 PM.</em></p>`;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
