import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    // The inventory report reads a period's rows of every product (decision 0037).
    index('stock_movements_created_idx').on(t.createdAt),
  ],
);
