import { describe, expect, it } from 'vitest';
import { dateLabel } from './date-label.ts';

describe('dateLabel (the text Intl gave, without Intl)', () => {
  it.each(['2026-01-05', '2026-09-30', '2025-12-31'])('%s as a calendar day', (day) => {
    const date = new Date(day);
    const long = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(dateLabel(date, { month: 'long', utc: true })).toBe(long.format(date));
  });
  it.each(['2026-01-05T10:00:00Z', '2026-05-31T23:30:00Z', '2026-11-26T03:00:00+08:00'])(
    '%s in the local zone',
    (at) => {
      const date = new Date(at);
      expect(dateLabel(date, { month: 'short' })).toBe(date.toLocaleDateString('en-PH', { dateStyle: 'medium' }));
      expect(dateLabel(date, { month: 'long' })).toBe(
        new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(date),
      );
    },
  );
});
