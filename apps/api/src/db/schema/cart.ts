import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';

/**
 * A customer's cart: one line per chosen leaf of the product tree (the product itself, a variation or a
 * sub-variation). Adding the same leaf again adds to its quantity. Prices are never stored here: they are
 * read from the product when the cart is shown and fixed at checkout.
 *
 * `marked` is the cart popup's checkbox, stored with the line so every page, tab and device sees the same marks: a
 * line is marked when it is added (and when more is added to it); checkout buys only marked lines.
 * `lastAddKey` is the request key of the last add to this line: an add repeated with the same key (a double click,
 * a retried request) is counted once, inside the add's one statement.
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
    marked: boolean('marked').notNull().default(true),
    lastAddKey: text('last_add_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 1200`),
    uniqueIndex('cart_items_customer_product_unique').on(t.customerId, t.productId),
    index('cart_items_product_idx').on(t.productId),
  ],
);

/**
 * What belongs to the cart as a whole rather than to a line: the order instructions typed in the cart popup,
 * kept with the cart so the checkout (in any tab or on any device) reads them from the server.
 */
export const carts = pgTable(
  'carts',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderInstructions: text('order_instructions').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('carts_order_instructions_length', sql`char_length(${t.orderInstructions}) <= 1000`)],
);
