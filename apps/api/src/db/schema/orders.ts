import { orderStatuses, shippingTypes } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { sellerCompanies } from './sellers.ts';

/**
 * The spec's order statuses (spec 2 §4), plus the three ends of an unpaid gateway order that the
 * payment result page reads as "cancelled". Status only moves forward (see the orders service). Built from the
 * contract's list, so the two cannot drift.
 */
export const orderStatus = pgEnum('order_status', orderStatuses);

export const shippingType = pgEnum('shipping_type', shippingTypes);

/**
 * One press of PAY: the orders it created (one per seller), keyed by the buyer's Idempotency-Key so that
 * a repeated PAY replays the stored result instead of creating a second set of orders.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    /** The agent who pressed PAY while acting for the customer. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request: the same key with a different request is refused. */
    requestHash: text('request_hash').notNull(),
    /** The response given the first time, replayed for a repeated key. */
    response: jsonb('response'),
    /**
     * A gateway checkout between its commit and its stored answer: what opening the hosted page needs (the result
     * and the cart lines), which request is opening it (`<process id>:<random>`) and until when that claim holds.
     * A retry with the same key takes over an abandoned claim and finishes the start (place-order.ts).
     */
    gatewayPending: jsonb('gateway_pending'),
    gatewayClaim: text('gateway_claim'),
    gatewayClaimedUntil: timestamp('gateway_claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkouts_idempotency_unique').on(t.customerId, t.idempotencyKey)],
);

/** One seller's share of a checkout. Money in centavos, computed on the server only. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** 'ORD' followed by 14 digits. */
    reference: text('reference').notNull(),
    checkoutId: integer('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellerCompanies.id),
    /** The linked agent's code at the time of the order. */
    agentCode: text('agent_code'),
    status: orderStatus('status').notNull().default('Pending'),
    shippingType: shippingType('shipping_type').notNull(),
    /** 'order_pickup' for Pick-up, otherwise 'order_fulfilment'. */
    fulfilmentType: text('fulfilment_type').notNull(),
    scheduleDate: date('schedule_date', { mode: 'string' }).notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientPhone: text('recipient_phone'),
    /** The buyer's email at the time of the order; /TrackOrder finds an order only with it. */
    billingEmail: text('billing_email').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    deliveryLatitude: doublePrecision('delivery_latitude'),
    deliveryLongitude: doublePrecision('delivery_longitude'),
    /** The spec's payment method code (e.g. 'bank_transfer', 'build_credit', 'cod', 'online'). */
    paymentMethod: text('payment_method').notNull(),
    /** The online or over-the-counter channel, when the method has one. */
    paymentChannel: text('payment_channel'),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    shippingFee: bigint('shipping_fee', { mode: 'number' }).notNull(),
    voucherDiscount: bigint('voucher_discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    orderInstructions: text('order_instructions'),
    /** The courier's company name and booking details (quotation id, stops, share link). */
    logisticsCompany: text('logistics_company'),
    courierQuotationId: text('courier_quotation_id'),
    courierShareLink: text('courier_share_link'),
    courierDetails: jsonb('courier_details'),
    proofOfPaymentUrl: text('proof_of_payment_url'),
    purchaseOrderUrl: text('purchase_order_url'),
    denyReason: text('deny_reason'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    preparationAt: timestamp('preparation_at', { withTimezone: true }),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deniedAt: timestamp('denied_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Unpaid gateway orders release their stock when this passes. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_reference_unique').on(t.reference),
    check(
      'orders_amounts_not_negative',
      sql`${t.subtotal} >= 0 and ${t.shippingFee} >= 0 and ${t.voucherDiscount} >= 0 and ${t.total} >= 0`,
    ),
    index('orders_checkout_idx').on(t.checkoutId),
    index('orders_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('orders_seller_idx').on(t.sellerId, t.status, t.createdAt.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc()),
    index('orders_payment_expiry_idx').on(t.paymentExpiresAt).where(sql`${t.paymentExpiresAt} is not null`),
  ],
);

/** A line of an order: the chosen leaf with its names and price frozen at checkout. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The leaf bought (product, variation or sub-variation). */
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Its depth-0 product (what reviews are about). */
    rootProductId: integer('root_product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    variationName: text('variation_name'),
    subVariationName: text('sub_variation_name'),
    photoUrl: text('photo_url'),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: bigint('line_total', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/** Every status change of an order: who moved it, when, and why (a deny reason, a webhook event). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatus('status').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);
