/** Money travels as integer centavos. */
const shopFormat = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const creditFormat = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Shop views: ₱ with three decimals and thousands separators (₱1,234.500). */
export function formatPeso(centavos: number): string {
  return `₱${shopFormat.format(centavos / 100)}`;
}

/** Credits and admin tables: two decimals (₱1,234.50). */
export function formatPeso2(centavos: number): string {
  return `₱${creditFormat.format(centavos / 100)}`;
}
