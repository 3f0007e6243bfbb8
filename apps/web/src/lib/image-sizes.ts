/**
 * Stored pictures (/uploads/...) are served at a few widths (`?w=`, decision 0029): a srcset lets the browser fetch
 * the smallest that fills its slot on this screen. Other pictures (SVG placeholders, data URLs) get none.
 */
const widthsByUse = {
  /** A product photo in a grid card or a small tile. */
  card: [180, 360, 600],
  /** A wide banner (shop, category). */
  banner: [600, 800, 1200],
} as const;

export function sizedSrcSet(url: string | null | undefined, use: keyof typeof widthsByUse): string | undefined {
  if (!url?.startsWith('/uploads/') || !/\.(webp|png|jpe?g)$/i.test(url)) return undefined;
  return widthsByUse[use].map((width) => `${url}?w=${width} ${width}w`).join(', ');
}

/** The slot of a product card in the grids (2 columns on a phone, up to 5 on a wide screen). */
export const CARD_SIZES = '(min-width: 75em) 20vw, (min-width: 62em) 25vw, (min-width: 48em) 33vw, 50vw';
