import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { sellerCompanies } from './sellers.ts';

/**
 * A company's seller registration (spec 3 §2.3, decision 0040): pending until an administrator approves it (which
 * creates the shop and its seller account in the same transaction) or rejects it with a reason. Rates in centavos.
 * The logo is a private stored file until approval copies it to the shop.
 */
export const sellerRegistrations = pgTable(
  'seller_registrations',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    parentCompany: boolean('parent_company').notNull(),
    motherCompanyId: integer('mother_company_id').references(() => sellerCompanies.id, { onDelete: 'set null' }),
    companyName: text('company_name').notNull(),
    description: text('description').notNull(),
    owner: text('owner').notNull(),
    email: text('email').notNull(),
    logoKey: text('logo_key').notNull(),
    computationMethod: text('computation_method', { enum: ['Fixed', 'Per KM'] }).notNull(),
    smallItemFeeFixed: bigint('small_item_fee_fixed', { mode: 'number' }).notNull(),
    bigItemFeeFixed: bigint('big_item_fee_fixed', { mode: 'number' }).notNull(),
    smallItemFeePerKm: bigint('small_item_fee_per_km', { mode: 'number' }).notNull(),
    bigItemFeePerKm: bigint('big_item_fee_per_km', { mode: 'number' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    address: text('address').notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    sellerId: integer('seller_id').references(() => sellerCompanies.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seller_registrations_status_idx').on(t.status, t.createdAt),
    // One registration waiting per email at a time.
    uniqueIndex('seller_registrations_pending_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);
