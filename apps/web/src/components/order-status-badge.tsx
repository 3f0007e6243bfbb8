import { Badge, type BadgeProps } from '@mantine/core';
import type { OrderStatus } from '@tibay/contract';

/**
 * The one colour scheme of order statuses, on the buyer's, the seller's and the administrator's screens:
 * waiting for the seller (yellow), under way (blue), done (green), refused or failed (red), ended (grey).
 */
export const orderStatusColor: Record<OrderStatus, string> = {
  Pending: 'yellow',
  Verified: 'blue',
  'For Preparation': 'blue',
  'For Delivery': 'blue',
  Delivered: 'green',
  Received: 'green',
  Denied: 'red',
  'Payment Failed': 'red',
  Cancelled: 'gray',
  'Payment Expired': 'gray',
};

/** An order's status as a light badge (shade 9 text on shade 1: AA contrast, see theme.ts); no status is Pending. */
export function OrderStatusBadge({
  status,
  children,
  ...props
}: { status: OrderStatus | null | undefined; children?: string } & Omit<BadgeProps, 'color' | 'variant'>) {
  const shown = status ?? 'Pending';
  return (
    <Badge color={orderStatusColor[shown]} variant="light" {...props}>
      {children ?? shown}
    </Badge>
  );
}
