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
