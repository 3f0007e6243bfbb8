import type { OrderStatus } from '@tibay/contract';

const dateTime = new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026, 8:45 PM", or a dash when the step has not happened. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dateTime.format(new Date(value)) : '—';
}

/** The status as the spec shows it: upper case, PENDING when none. */
export function statusLabel(status: OrderStatus | null | undefined): string {
  return (status ?? 'Pending').toUpperCase();
}
