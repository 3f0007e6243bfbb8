import {
  type OrderStatus,
  onlineChannels,
  type PaymentStatus,
  paymentMethods,
  type ShippingType,
  shippingMethods,
} from '@tibay/contract';

/** Button words for each step a seller or an administrator may take (the order life cycle decides which are offered). */
export const stepLabel: Partial<Record<OrderStatus, string>> = {
  Verified: 'VERIFY',
  'For Preparation': 'FOR PREPARATION',
  'For Delivery': 'FOR DELIVERY',
  Delivered: 'DELIVERED',
  Received: 'RECEIVED',
  Denied: 'DENY',
};

/** How administrators read a payment's status. */
export const paymentStatusLabel: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

export function paymentLabel(code: string): string {
  return paymentMethods.find((method) => method.code === code)?.label ?? code;
}

/** An online payment channel's name ('gcash' → 'GCash'). */
export function channelLabel(code: string): string {
  return onlineChannels.find((channel) => channel.code === code)?.label ?? code;
}

export function shippingLabel(code: string): string {
  return shippingMethods[code as ShippingType]?.label ?? code;
}

export function manilaTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' });
}

/** "2026-11-21" as "Nov 21, 2026" (a calendar day, not an instant). */
export function dayLabel(day: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-PH', { timeZone: 'UTC', ...options });
}
