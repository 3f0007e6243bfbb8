import { inventoryTransferStatuses } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { orderItems, orders } from './orders.ts';
import { sellerCompanies } from './sellers.ts';

/**
 * Back office II (spec 3 §2.4, decision 0041): transfers of stock between sellers, approved once, and bad stock
 * taken out of an order. Units move only through stock_movements rows written in the same transaction.
 */

export const inventoryTransferStatus = pgEnum('inventory_transfer_status', inventoryTransferStatuses);

export const inventoryTransfers = pgTable(
  'inventory_transfers',
  {
    id: serial('id').primaryKey(),
    sourceSellerId: integer('source_seller_id')
      .notNull()
      .references(() => sellerCompanies.id),
    targetSellerId: integer('target_seller_id')
      .notNull()
      .references(() => sellerCompanies.id),
    status: inventoryTransferStatus('status').notNull().default('Pending'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_transfers_status_idx').on(t.status, t.createdAt),
    check('inventory_transfers_sellers_differ', sql`${t.sourceSellerId} <> ${t.targetSellerId}`),
  ],
);

export const inventoryTransferLines = pgTable(
  'inventory_transfer_lines',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => inventoryTransfers.id, { onDelete: 'cascade' }),
    sourceProductId: integer('source_product_id')
      .notNull()
      .references(() => products.id),
    targetProductId: integer('target_product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('inventory_transfer_lines_transfer_idx').on(t.transferId),
    check('inventory_transfer_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Units of an order line set aside as bad stock, and what it did to the order's total (centavos). */
export const badStockTransfers = pgTable(
  'bad_stock_transfers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    originalTotal: bigint('original_total', { mode: 'number' }).notNull(),
    updatedTotal: bigint('updated_total', { mode: 'number' }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bad_stock_transfers_item_idx').on(t.orderItemId),
    check('bad_stock_transfers_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'bad_stock_transfers_amounts',
      sql`${t.amount} >= 0 and ${t.updatedTotal} >= 0 and ${t.updatedTotal} <= ${t.originalTotal}`,
    ),
  ],
);
