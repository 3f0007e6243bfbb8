import { date, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { warehouses } from './purchasing.ts';

export const stockMovementKind = pgEnum('stock_movement_kind', [
  'receive',
  'commit',
  'release',
  'delivery',
  'transfer_in',
  'transfer_out',
  'bad_stock',
  'adjustment',
]);

/**
 * The inventory ledger: every change of products.stock is one row here, written in the same
 * transaction. quantity is signed (+ adds to stock, - takes from it).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    kind: stockMovementKind('kind').notNull(),
    quantity: integer('quantity').notNull(),
    /** What caused it: an order reference, a transfer id, a receive reference. */
    reference: text('reference'),
    reason: text('reason'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The warehouse the units entered or left, when one did (purchase receives; decision 0036). */
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.createdAt),
    // The inventory report reads a period's rows of every product (decisions 0037, 0045). The migration makes it
    // covering (INCLUDE product_id, kind, quantity): the report's scan never visits the table.
    index('stock_movements_period_idx').on(t.createdAt),
  ],
);

/**
 * The months whose closing balances are kept (decision 0045): one row per Asia/Manila month (its first day),
 * written by the close-month job in the same transaction as that month's balances. A ledger row written later
 * with an instant inside a closed month (a backdated row) deletes the closing of that month and every later one
 * (trigger stock_movements_reopen_months), so a closing never disagrees with the ledger.
 */
export const stockClosedMonths = pgTable('stock_closed_months', {
  month: date('month').primaryKey(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each product's stock at the end of a closed month (products.stock minus every ledger row after the month, as
 * the job saw them); products with 0 are left out. The inventory report starts from the last closing before its
 * period instead of reading every ledger row since then.
 */
export const stockMonthClosings = pgTable(
  'stock_month_closings',
  {
    month: date('month')
      .notNull()
      .references(() => stockClosedMonths.month, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    closing: integer('closing').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.productId] })],
);
