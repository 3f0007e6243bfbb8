import { creditApplicationStatuses } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { sellerCompanies } from './sellers.ts';

export const creditApplicationStatus = pgEnum('credit_application_status', creditApplicationStatuses);

/** A buyer's BuildCredit application (the spec's "rpaf"). */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: creditApplicationStatus('status').notNull().default('Draft'),
    /** { form_1, form_2 } as the buyer saved them (spec 3 §3). */
    form: jsonb('form').notNull().default({}),
    /** The ten files and the applicant signature: field -> { key, name, size, contentType, uploadedAt } (private). */
    files: jsonb('files').$type<Record<string, CreditFileRecord>>().notNull().default({}),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The administrator's last decision: who, when, the reason (rejected) or PDC note (approved). */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** More documents asked for (the application went back to Draft); the buyer sees it on the form. */
    documentsNote: text('documents_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_applications_customer_unique').on(t.customerId),
    index('credit_applications_status_idx').on(t.status, t.submittedAt),
  ],
);

export interface CreditFileRecord {
  key: string;
  name: string;
  size: number;
  contentType: string;
  uploadedAt: string;
}

export const creditLineKind = pgEnum('credit_line_kind', ['buildcredit', 'hardware', 'yield']);

/**
 * A credit line: BuildCredit (platform), Hardware Credit (per seller) or Yield. Amounts in centavos.
 * status 'active' lines can pay; buildcredit_status is shown as N/A when a buyer has none.
 */
export const creditLines = pgTable(
  'credit_lines',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: creditLineKind('kind').notNull(),
    sellerId: integer('seller_id').references(() => sellerCompanies.id),
    approvedLimit: bigint('approved_limit', { mode: 'number' }).notNull().default(0),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    termsDays: integer('terms_days').notNull().default(30),
    pdcSent: integer('pdc_sent').notNull().default(0),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_lines_customer_idx').on(t.customerId),
    // Paying with a credit line is a conditional UPDATE; this makes overdrawing impossible even so.
    check('credit_lines_balance_not_negative', sql`${t.balance} >= 0`),
  ],
);

/**
 * Every change of a credit line's balance: a debit when an order is paid with it, a credit when that order
 * is denied or a BuildCredit payment is made. Written in the same transaction as the balance it changes.
 * amount is signed (- debits the balance, + restores it).
 */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: serial('id').primaryKey(),
    creditLineId: integer('credit_line_id')
      .notNull()
      .references(() => creditLines.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The order reference (or payment reference) that caused it. */
    reference: text('reference').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_transactions_line_idx').on(t.creditLineId, t.createdAt)],
);

/**
 * A BuildCredit repayment (decision 0039): a bank transfer with a proof image, verified by an administrator, or an
 * online payment at the gateway, settled by its signed webhook. Only a 'paid' repayment has restored credit; the
 * settlement (status, the line's balance/used, a credit_transactions row per order) is one transaction guarded by
 * "still pending". Amounts in centavos.
 */
export const creditRepayments = pgTable(
  'credit_repayments',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creditLineId: integer('credit_line_id')
      .notNull()
      .references(() => creditLines.id),
    /** 'bank_transfer' | 'online'. */
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending | paid | rejected | failed | cancelled | expired. */
    status: text('status').notNull().default('pending'),
    /** Private storage key of the bank-transfer proof (re-encoded image). */
    proofKey: text('proof_key'),
    provider: text('provider'),
    providerReference: text('provider_reference'),
    paymentUrl: text('payment_url'),
    verifiedBy: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_repayments_reference_unique').on(t.reference),
    uniqueIndex('credit_repayments_provider_reference_unique').on(t.provider, t.providerReference),
    index('credit_repayments_customer_idx').on(t.customerId, t.createdAt),
    index('credit_repayments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('credit_repayments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** How a repayment is split over the credit orders it pays (one row per order). */
export const creditRepaymentAllocations = pgTable(
  'credit_repayment_allocations',
  {
    id: serial('id').primaryKey(),
    repaymentId: integer('repayment_id')
      .notNull()
      .references(() => creditRepayments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull(),
    orderReference: text('order_reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('credit_repayment_allocations_unique').on(t.repaymentId, t.orderId),
    index('credit_repayment_allocations_order_idx').on(t.orderId),
    check('credit_repayment_allocations_amount_positive', sql`${t.amount} > 0`),
  ],
);
