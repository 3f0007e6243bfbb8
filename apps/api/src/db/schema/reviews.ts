import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { sellerCompanies } from './sellers.ts';

/** A customer's rating of a product from one order. Seller reviews are the reviews of the seller's products. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    /** The depth-0 product reviewed. */
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellerCompanies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    orderReference: text('order_reference').notNull(),
    rating: smallint('rating').notNull(),
    review: text('review').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_one_per_product_order').on(t.customerId, t.productId, t.orderReference),
    index('reviews_product_idx').on(t.productId),
    index('reviews_seller_idx').on(t.sellerId),
  ],
);
