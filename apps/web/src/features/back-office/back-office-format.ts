/** Today as YYYY-MM-DD in Asia/Manila (the default of the forms' date fields). */
export function manilaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(now);
}

/** The first day of the Manila month of a day (YYYY-MM-01). */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** Whole units with thousands separators. */
export function units(n: number): string {
  return n.toLocaleString('en-PH');
}

/** A NumberInput's value as a number, or '' when empty (Mantine gives a string for "210.50" with fixed decimals). */
export function numberOrEmpty(value: number | string): number | '' {
  if (value === '') return '';
  const n = typeof value === 'number' ? value : Number(value.replace(/[^\d.-]/g, ''));
  return Number.isFinite(n) ? n : '';
}
