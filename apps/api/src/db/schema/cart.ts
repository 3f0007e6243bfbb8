import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';

/**
 * A customer's cart: one line per chosen leaf of the product tree (the product itself, a variation or a
 * sub-variation). Adding the same leaf again adds to its quantity. Prices are never stored here: they are
 * read from the product when the cart is shown and fixed at checkout.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 1200`),
    uniqueIndex('cart_items_customer_product_unique').on(t.customerId, t.productId),
    index('cart_items_product_idx').on(t.productId),
  ],
);
