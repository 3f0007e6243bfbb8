/** Money travels as integer centavos. */

// Written out rather than with Intl.NumberFormat: a page's first Intl formatter loads the locale data, one task
// of ~100 ms on a phone, and these run on every shop page's first render (decision 0053).

/** A non-negative whole number with thousands separators: 1234567 -> "1,234,567". */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** `units` (whole 1/10^decimals parts) as "-1,234.5xx": thousands separators and `decimals` decimals. */
function formatFixed(units: number, decimals: number): string {
  const scale = 10 ** decimals;
  const rounded = Math.round(Math.abs(units));
  const sign = units < 0 && rounded > 0 ? '-' : '';
  const whole = `${sign}${groupThousands(Math.floor(rounded / scale))}`;
  return decimals === 0 ? whole : `${whole}.${String(rounded % scale).padStart(decimals, '0')}`;
}

/** Shop views: ₱ with three decimals and thousands separators (₱1,234.500). */
export function formatPeso(centavos: number): string {
  return `₱${formatFixed(centavos * 10, 3)}`;
}

/** Credits and admin tables: two decimals (₱1,234.50). */
export function formatPeso2(centavos: number): string {
  return `₱${formatFixed(centavos, 2)}`;
}

/** A count as the shop shows it: 1234 -> "1,234" (what toLocaleString('en-PH') gives, without Intl). */
export function formatCount(count: number): string {
  return formatFixed(count, 0);
}
