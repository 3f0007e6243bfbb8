const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "January 5, 2026" (`month: 'long'`) or "Jan 5, 2026" ('short'): what Intl's en-US long date and en-PH medium
 * date give, written out because a page's first Intl formatter loads the locale data, one task of ~100 ms on a
 * phone (decision 0053). `utc` reads the calendar day in UTC (a date without a time), otherwise in the reader's
 * time zone.
 */
export function dateLabel(date: Date, { month, utc = false }: { month: 'long' | 'short'; utc?: boolean }): string {
  const name = monthNames[utc ? date.getUTCMonth() : date.getMonth()] ?? '';
  const day = utc ? date.getUTCDate() : date.getDate();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  return `${month === 'long' ? name : name.slice(0, 3)} ${day}, ${year}`;
}
