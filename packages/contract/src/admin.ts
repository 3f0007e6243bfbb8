import { z } from 'zod';
import { orderStatuses } from './checkout.ts';
import { pageOf } from './pagination.ts';
import { sellerOrderDetail } from './seller-center.ts';

/**
 * Admin back-office (spec 3 §2.1 /admin-v2, §3 Admin session, §4 Admin access). The admin session is an httpOnly
 * cookie (decision 0009), never a token in the URL; state-changing calls also send the header below.
 */

/** Hours an admin session lasts (spec 3 §9 "Admin cookies last 2 hours"). */
export const ADMIN_SESSION_HOURS = 2;
/** The header every state-changing admin call must carry (a cross-site form cannot set it). */
export const ADMIN_CSRF_HEADER = 'x-requested-with';
export const ADMIN_CSRF_VALUE = 'tibay-admin';

export const adminMessages = {
  /** Spec 3 §8 "Admin token failure". */
  notAuthorized: 'Not Authorized!',
  csrfMissing: 'This request must come from the Tibay admin pages.',
  orderMoved: 'The order is now {status}.',
  refundRecorded: 'The refund is recorded.',
  noRefundDue: 'This order has no payment to refund.',
  mailRequeued: 'The mail will be sent again.',
  mailNotUndelivered: 'This mail is not waiting to be sent again.',
} as const;

/**
 * A checkout's payment, as administrators see it. A gateway payment that arrives after its orders ended (payment
 * window passed, failed, cancelled) cannot buy them any more: it is 'refund_due' until an administrator refunds it
 * at the gateway and records that here ('refunded').
 */
export const paymentStatuses = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refund_due', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const adminLoginRequest = z
  .object({
    email: z.string().trim().min(1, 'Please enter your email.').max(254),
    password: z.string().min(1, 'Please enter your password.').max(200),
  })
  .strict();
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

export const adminSession = z.object({
  valid: z.boolean(),
  admin: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  expires_at: z.string().nullable(),
});
export type AdminSession = z.infer<typeof adminSession>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-21.');

export const adminOrderListQuery = z.object({
  status: z.enum(['ALL', ...orderStatuses]).default('ALL'),
  payment_method: z.string().trim().max(40).default(''),
  /** Asia/Manila calendar days, inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Order reference, buyer name or email, or seller company name. */
  q: z.string().trim().max(100).default(''),
  /** Only orders whose payment has this status (the dashboard links to the refunds due). */
  payment_status: z.enum(paymentStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;

export const adminOrderRow = z.object({
  reference: z.string(),
  status: z.enum(orderStatuses),
  buyer_name: z.string(),
  buyer_email: z.string(),
  seller_name: z.string(),
  payment_method: z.string(),
  total: z.number().int(),
  has_proof: z.boolean(),
  created_at: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;
export const adminOrderPage = pageOf(adminOrderRow);

/** The seller's order view plus who sold it; proof and PO links go through admin-only routes. */
export const adminOrderDetail = sellerOrderDetail.omit({ has_proof_of_payment: true }).extend({
  /** The admin-only API path of the buyer's proof of payment, or null. */
  proof_of_payment_url: z.string().nullable(),
  buyer_email: z.string(),
  seller_id: z.number().int(),
  seller_name: z.string(),
  /** The steps an administrator may take now (from the order life cycle). */
  next: z.array(z.enum(orderStatuses)),
  /** The checkout's payment (one payment may cover the orders of several sellers, listed in `references`). */
  payment: z
    .object({
      status: z.enum(paymentStatuses),
      amount: z.number().int(),
      paid_at: z.string().nullable(),
      references: z.array(z.string()),
    })
    .nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminMoveOrderInput = z
  .object({ to: z.enum(orderStatuses), reason: z.string().trim().max(500).optional() })
  .strict();

export const adminDashboard = z.object({
  /** Today and this month in Asia/Manila. */
  today: z.object({ date: z.string(), orders: z.number().int(), sales: z.number().int() }),
  month: z.object({ month: z.string(), orders: z.number().int(), sales: z.number().int() }),
  /** The last 30 Manila days, oldest first, every day present (0 when none). */
  daily: z.array(z.object({ date: z.string(), orders: z.number().int(), sales: z.number().int() })),
  /** Payments that arrived after their orders ended and wait for a refund. */
  refunds_due: z.number().int(),
  /** Mails whose last try over SMTP failed (nobody received them). */
  mails_undelivered: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

/** A mail whose last try over SMTP failed, as the Undelivered mail page lists it (newest first). */
export const adminUndeliveredMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  failed_at: z.string(),
});
export type AdminUndeliveredMail = z.infer<typeof adminUndeliveredMail>;
export const adminUndeliveredMailList = z.object({ items: z.array(adminUndeliveredMail) });
export type AdminUndeliveredMailList = z.infer<typeof adminUndeliveredMailList>;

/** Statuses whose totals do not count as sales. */
export const nonSaleStatuses = ['Denied', 'Cancelled', 'Payment Failed', 'Payment Expired'] as const;
