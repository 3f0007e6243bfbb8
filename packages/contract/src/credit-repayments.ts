import { z } from 'zod';

/**
 * BuildCredit repayments (spec 2 "Pay BuildCredit", §3 "BuildCredit order to pay" and "BuildCredit payment
 * payload", §4, §5, §7; decision 0039). Amounts in centavos.
 */

export const repaymentMethods = ['bank_transfer', 'online'] as const;
export type RepaymentMethod = (typeof repaymentMethods)[number];
export const repaymentStatuses = ['pending', 'paid', 'rejected', 'failed', 'cancelled', 'expired'] as const;
export type RepaymentStatus = (typeof repaymentStatuses)[number];

export const creditRepaymentMessages = {
  proofRequired: 'Please ensure file is uploaded.',
  paymentSuccessful: 'Payment Successful',
  overPayment: 'The amount is more than the remaining balance.',
  amountRequired: 'Please enter an amount to pay.',
  chooseOrders: 'Please choose at least one order to pay.',
  noLine: 'You have no approved BuildCredit line.',
  overdueAtCheckout:
    'Your BuildCredit has overdue orders. Please settle them on BUILDCREDIT PAYMENT before ordering on credit.',
  alreadySettled: 'This payment was already settled.',
  verified: 'Payment verified.',
  rejected: 'Payment rejected.',
  noDate: 'No date',
} as const;

/** One payment made toward a credit order (its share of a repayment). */
export const creditOrderPayment = z.object({
  reference_no: z.string(),
  method: z.enum(repaymentMethods),
  amount_paid: z.number().int(),
  status: z.enum(repaymentStatuses),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type CreditOrderPayment = z.infer<typeof creditOrderPayment>;

/** A BuildCredit order to pay (spec 2 §3). due_date is null ('No date') until the order is delivered. */
export const creditOrderToPay = z.object({
  order_id: z.number().int(),
  reference_no: z.string(),
  encode_date: z.string(),
  status: z.string(),
  payment_method: z.string(),
  total_amount: z.number().int(),
  remaining_balance: z.number().int(),
  /** What pending (not yet verified) payments already cover. */
  pending_amount: z.number().int(),
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  payments: z.array(creditOrderPayment),
});
export type CreditOrderToPay = z.infer<typeof creditOrderToPay>;

export const creditOrdersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  /** unpaid: remaining balance above 0; overdue; paid; all. */
  filter: z.enum(['all', 'unpaid', 'overdue', 'paid']).default('all'),
  sort: z.enum(['due_date', 'encode_date', 'remaining_balance']).default('encode_date'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type CreditOrdersQuery = z.infer<typeof creditOrdersQuery>;

export const creditLineStanding = z.object({
  approved_credit_limit: z.number().int(),
  used_credit_limit: z.number().int(),
  current_bal: z.number().int(),
  credit_terms: z.number().int(),
  overdue: z.boolean(),
});

export const creditOrdersResponse = z.object({
  success: z.literal(true),
  line: creditLineStanding.nullable(),
  response: z.array(creditOrderToPay),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type CreditOrdersResponse = z.infer<typeof creditOrdersResponse>;

/** The `data` JSON of the payment (spec: online_payment 'true'/'false', amount_paid, order_id; or several orders). */
export const creditRepaymentData = z
  .object({
    online_payment: z.enum(['true', 'false']),
    /** One order (the spec's payload): amount_paid toward order_id. */
    order_id: z.number().int().positive().optional(),
    amount_paid: z.number().int().positive({ message: creditRepaymentMessages.amountRequired }).optional(),
    /** Several orders in one payment: each with its amount. */
    allocations: z
      .array(z.object({ order_id: z.number().int().positive(), amount: z.number().int().positive() }))
      .max(50)
      .optional(),
  })
  .refine((value) => value.allocations?.length || (value.order_id && value.amount_paid), {
    message: creditRepaymentMessages.chooseOrders,
    path: ['order_id'],
  });
export type CreditRepaymentData = z.infer<typeof creditRepaymentData>;

export const creditRepayment = z.object({
  id: z.number().int(),
  reference_no: z.string(),
  method: z.enum(repaymentMethods),
  amount_paid: z.number().int(),
  status: z.enum(repaymentStatuses),
  payment_url: z.string().nullable(),
  created_at: z.string(),
  orders: z.array(z.object({ reference_no: z.string(), amount: z.number().int() })),
});
export type CreditRepayment = z.infer<typeof creditRepayment>;

export const creditRepaymentResponse = z.object({ success: z.literal(true), payment: creditRepayment });

/** The administrator's queue (admin-v2 BuildCredit payments). */
export const adminRepaymentQuery = z.object({
  status: z.enum(['pending', 'paid', 'rejected', 'all']).default('pending'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminRepaymentQuery = z.infer<typeof adminRepaymentQuery>;

export const adminRepayment = creditRepayment.extend({
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  has_proof: z.boolean(),
  verified_by: z.string().nullable(),
  verified_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
});
export type AdminRepayment = z.infer<typeof adminRepayment>;

export const adminRepaymentPage = z.object({
  items: z.array(adminRepayment),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});

export const adminRepaymentDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('verify') }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(1, 'Please give a reason.').max(500) }),
]);
export type AdminRepaymentDecision = z.infer<typeof adminRepaymentDecision>;

export const adminRepaymentDecisionResponse = z.object({
  payment: adminRepayment,
  /** false when the payment had already been decided (a second verification changes nothing). */
  changed: z.boolean(),
});

/** Overdue BuildCredit orders for the admin dashboard panel. */
export const adminOverdueCredit = z.object({
  count: z.number().int(),
  amount: z.number().int(),
  orders: z.array(
    z.object({
      reference_no: z.string(),
      customer_name: z.string(),
      due_date: z.string(),
      remaining_balance: z.number().int(),
    }),
  ),
});
export type AdminOverdueCredit = z.infer<typeof adminOverdueCredit>;
