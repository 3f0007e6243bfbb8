/** Asia/Manila calendar days (UTC+8 all year: the Philippines keeps no daylight saving). Days are 'YYYY-MM-DD'. */

/** The Manila calendar day of an instant. */
export function manilaDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** 00:00 of a Manila calendar day. */
export function manilaMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
