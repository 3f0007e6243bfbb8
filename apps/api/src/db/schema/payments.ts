import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { checkouts } from './orders.ts';
import { sellerCompanies } from './sellers.ts';

/**
 * What a checkout is paid with. Offline methods (bank transfer, COD, over the counter) stay 'pending' until an
 * administrator verifies them; credit lines are 'paid' at once; gateway payments move with signed webhooks.
 * status: pending | paid | failed | cancelled | expired, or refund_due (a gateway payment that came after its orders
 * ended) until an administrator records it refunded.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    checkoutId: integer('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    method: text('method').notNull(),
    channel: text('channel'),
    /** 'sandbox' or 'paymongo' for gateway payments; 'offline' or 'credit' otherwise. */
    provider: text('provider').notNull(),
    /** The gateway's id for the payment (a checkout session id). */
    providerReference: text('provider_reference'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    paymentUrl: text('payment_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_amount_not_negative', sql`${t.amount} >= 0`),
    index('payments_checkout_idx').on(t.checkoutId),
    // The few payments waiting for a refund, counted by the admin dashboard.
    index('payments_refund_due_idx').on(t.checkoutId).where(sql`${t.status} = 'refund_due'`),
    uniqueIndex('payments_provider_reference_unique').on(t.provider, t.providerReference),
  ],
);

/** Webhook events already processed, so a replayed event changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_unique').on(t.provider, t.eventId)],
);

/**
 * Vouchers: a fixed amount (centavos) or a percent off the order subtotal, with a minimum spend, a validity
 * window, a total usage limit (used_count never passes it: a CHECK and a conditional UPDATE) and a
 * per-customer limit. seller_id limits a voucher to one seller's items; null is platform-wide.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    /** 'fixed' or 'percent'. */
    discountType: text('discount_type').notNull(),
    /** Centavos for 'fixed'; whole percent (1-100) for 'percent'. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Cap of a percent discount, in centavos (null: no cap). */
    maxDiscount: bigint('max_discount', { mode: 'number' }),
    minSpend: bigint('min_spend', { mode: 'number' }).notNull().default(0),
    sellerId: integer('seller_id').references(() => sellerCompanies.id),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** Null: no total limit. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    /** Offered on the payment page's suggested list. */
    isSuggested: boolean('is_suggested').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_unique').on(sql`lower(${t.code})`),
    check('vouchers_usage_within_limit', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
    check('vouchers_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    checkoutId: integer('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    discount: bigint('discount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voucher_redemptions_voucher_customer_idx').on(t.voucherId, t.customerId)],
);
