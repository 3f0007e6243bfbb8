import { purchaseOrderStatuses, receiveConditions } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { sellerCompanies } from './sellers.ts';

/**
 * The buying side (spec 3 §2.4, decision 0036): suppliers, warehouses, purchase orders with their lines, and
 * purchase receives. Units that enter stock are stock_movements rows (with the warehouse) written in the same
 * transaction as products.stock and warehouse_stock. Money in centavos, quantities in whole selling units.
 */

export const purchaseOrderStatus = pgEnum('purchase_order_status', purchaseOrderStatuses);
export const receiveCondition = pgEnum('receive_condition', receiveConditions);

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contactPerson: text('contact_person').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suppliers_name_unique').on(sql`lower(${t.name})`)],
);

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('warehouses_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * What each warehouse holds of each product: good units (also counted in products.stock, sellable) and bad
 * units (damaged or expired, never sellable). Changed only together with stock_movements rows naming the warehouse.
 */
export const warehouseStock = pgTable(
  'warehouse_stock',
  {
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    good: integer('good').notNull().default(0),
    bad: integer('bad').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.productId] }),
    check('warehouse_stock_not_negative', sql`${t.good} >= 0 and ${t.bad} >= 0`),
  ],
);

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    /** po_reference_no: 'PO' + the Manila date + the id (PO20261126000012). */
    reference: text('reference').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellerCompanies.id),
    orderDate: date('order_date').notNull(),
    remarks: text('remarks').notNull().default(''),
    status: purchaseOrderStatus('status').notNull().default('Pending'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionRemarks: text('decision_remarks'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_reference_unique').on(t.reference),
    index('purchase_orders_status_idx').on(t.status, t.createdAt),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    /** Units still to receive: lowered by each receive with a conditional UPDATE, never below zero. */
    quantityBalance: integer('quantity_balance').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('purchase_order_lines_po_idx').on(t.purchaseOrderId),
    check('purchase_order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'purchase_order_lines_balance_in_range',
      sql`${t.quantityBalance} >= 0 and ${t.quantityBalance} <= ${t.quantity}`,
    ),
    check('purchase_order_lines_price_not_negative', sql`${t.unitPrice} >= 0`),
  ],
);

export const purchaseReceives = pgTable(
  'purchase_receives',
  {
    id: serial('id').primaryKey(),
    /** receive_reference_no: 'PR' + the Manila date + the id. */
    reference: text('reference').notNull(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    receiveDate: date('receive_date').notNull(),
    deliveryRefNo: text('delivery_ref_no').notNull(),
    deliveryDate: date('delivery_date').notNull(),
    remarks: text('remarks').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_receives_reference_unique').on(t.reference),
    index('purchase_receives_po_idx').on(t.purchaseOrderId),
  ],
);

export const purchaseReceiveLines = pgTable(
  'purchase_receive_lines',
  {
    id: serial('id').primaryKey(),
    receiveId: integer('receive_id')
      .notNull()
      .references(() => purchaseReceives.id, { onDelete: 'cascade' }),
    purchaseOrderLineId: integer('purchase_order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantityReceived: integer('quantity_received').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    expiryDate: date('expiry_date').notNull(),
    condition: receiveCondition('condition').notNull().default('Good'),
  },
  (t) => [
    index('purchase_receive_lines_receive_idx').on(t.receiveId),
    check('purchase_receive_lines_quantity_positive', sql`${t.quantityReceived} > 0`),
  ],
);
