import { sql } from 'drizzle-orm';
import {
  bigint,
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

export const sellerCompanies = pgTable(
  'seller_companies',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Public shop address: /shop/{url_handle}. */
    urlHandle: text('url_handle').notNull(),
    /** When set, the seller has a branded microsite reached by this handle. */
    micrositeHandle: text('microsite_handle'),
    micrositeBrand: text('microsite_brand'),
    logoUrl: text('logo_url'),
    bannerUrl: text('banner_url'),
    /** Sanitized on the server before it is stored. */
    descriptionHtml: text('description_html'),
    ownerName: text('owner_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    province: text('province'),
    region: text('region'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Hardware (seller fleet) shipping rates, in centavos: 'fixed' or 'per_km'. */
    shippingComputation: text('shipping_computation').notNull().default('fixed'),
    smallItemFeeFixed: bigint('small_item_fee_fixed', { mode: 'number' }).notNull().default(0),
    bigItemFeeFixed: bigint('big_item_fee_fixed', { mode: 'number' }).notNull().default(0),
    smallItemFeePerKm: bigint('small_item_fee_per_km', { mode: 'number' }).notNull().default(0),
    bigItemFeePerKm: bigint('big_item_fee_per_km', { mode: 'number' }).notNull().default(0),
    /** The mother company when this shop is not a parent company (seller registration, decision 0040). */
    parentSellerId: integer('parent_seller_id').references((): any => sellerCompanies.id, { onDelete: 'set null' }),
    /** 'approved' shops are listed; registrations start 'pending'. */
    status: text('status').notNull().default('approved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seller_companies_url_handle_unique').on(sql`lower(${t.urlHandle})`),
    uniqueIndex('seller_companies_microsite_unique').on(sql`lower(${t.micrositeHandle})`),
    index('seller_companies_owner_idx').on(t.ownerUserId),
  ],
);
