import type { PurchaseOrderStatus, ReceiveCondition } from '@tibay/contract';
import { asc, eq, sql } from 'drizzle-orm';
import {
  purchaseOrderLines,
  purchaseOrders,
  purchaseReceiveLines,
  purchaseReceives,
  suppliers,
  warehouseStock,
  warehouses,
} from '../../db/schema/index.ts';
import { type Conn, containsPattern, intArray, rows } from '../../db/sql.ts';

/** The purchasing module's SQL: suppliers, warehouses, purchase orders, receives and warehouse stock. */

export { type AdminAct, insertAudit } from '../admin/index.ts';

export type SupplierRow = typeof suppliers.$inferSelect;
export type WarehouseRow = typeof warehouses.$inferSelect;
export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;

/** A product node's full name: "Product - Variation - Sub-variation" (p the node, r its root, v its parent). */
const menu = sql.raw(`case p.depth when 0 then p.name when 1 then r.name || ' - ' || p.name
  else r.name || ' - ' || v.name || ' - ' || p.name end`);
const menuJoins = sql.raw(`left join products r on r.id = p.root_id left join products v on v.id = p.parent_id`);
/** Nodes that hold stock: active, with no active children (what the cart and orders reference). */
const isLeaf = sql.raw(
  `p.is_active and not exists (select 1 from products c where c.parent_id = p.id and c.is_active)`,
);

// Suppliers and warehouses.

export function listSuppliers(db: Conn): Promise<SupplierRow[]> {
  return db
    .select()
    .from(suppliers)
    .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id));
}

export async function findSupplier(db: Conn, id: number): Promise<SupplierRow | undefined> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id));
  return row;
}

export async function insertSupplier(db: Conn, values: typeof suppliers.$inferInsert): Promise<SupplierRow> {
  const [row] = await db.insert(suppliers).values(values).returning();
  return row!;
}

export async function updateSupplier(
  db: Conn,
  id: number,
  values: Partial<typeof suppliers.$inferInsert>,
): Promise<SupplierRow | undefined> {
  const [row] = await db
    .update(suppliers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(suppliers.id, id))
    .returning();
  return row;
}

export function listWarehouses(db: Conn): Promise<WarehouseRow[]> {
  return db
    .select()
    .from(warehouses)
    .orderBy(asc(sql`lower(${warehouses.name})`), asc(warehouses.id));
}

export async function findWarehouse(db: Conn, id: number): Promise<WarehouseRow | undefined> {
  const [row] = await db.select().from(warehouses).where(eq(warehouses.id, id));
  return row;
}

export async function insertWarehouse(db: Conn, values: typeof warehouses.$inferInsert): Promise<WarehouseRow> {
  const [row] = await db.insert(warehouses).values(values).returning();
  return row!;
}

export async function updateWarehouse(
  db: Conn,
  id: number,
  values: Partial<typeof warehouses.$inferInsert>,
): Promise<WarehouseRow | undefined> {
  const [row] = await db
    .update(warehouses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(warehouses.id, id))
    .returning();
  return row;
}

// Sellers and their products.

export function listSellers(db: Conn) {
  return rows<{ id: number; company_name: string }>(
    db,
    sql`select id, name as company_name from seller_companies where status = 'approved' order by lower(name), id`,
  );
}

export async function sellerExists(db: Conn, id: number): Promise<boolean> {
  const found = await rows<{ id: number }>(db, sql`select id from seller_companies where id = ${id}`);
  return found.length > 0;
}

/** The seller's stock-keeping products, by name, optionally matching a text (at most `limit`). */
export function listSellerProducts(db: Conn, sellerId: number, query: string, limit: number) {
  const match = query ? sql`and (${menu}) ilike ${containsPattern(query)}` : sql``;
  return rows<{ id: number; menu: string; price: number }>(
    db,
    sql`select p.id, ${menu} as menu, p.price::float8 as price
        from products p ${menuJoins}
        where p.seller_id = ${sellerId} and ${isLeaf} ${match}
        order by 2, p.id limit ${limit}`,
  );
}

/** Of these ids, the ones that are stock-keeping products of the seller. */
export async function sellerLeafIds(db: Conn, sellerId: number, ids: number[]): Promise<Set<number>> {
  const found = await rows<{ id: number }>(
    db,
    sql`select p.id from products p where p.id = any(${intArray(ids)}) and p.seller_id = ${sellerId} and ${isLeaf}`,
  );
  return new Set(found.map((row) => Number(row.id)));
}

// Purchase orders.

/** The next id of a table's serial, so a reference can be written with the row. */
export async function nextId(db: Conn, table: 'purchase_orders' | 'purchase_receives'): Promise<number> {
  const [row] = await rows<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id`);
  return Number(row!.id);
}

export async function insertPurchaseOrder(
  db: Conn,
  order: typeof purchaseOrders.$inferInsert,
  lines: Array<Omit<typeof purchaseOrderLines.$inferInsert, 'purchaseOrderId'>>,
): Promise<void> {
  await db.insert(purchaseOrders).values(order);
  await db.insert(purchaseOrderLines).values(lines.map((line) => ({ ...line, purchaseOrderId: order.id! })));
}

export interface PurchaseOrderHead {
  id: number;
  reference: string;
  order_date: string;
  supplier_id: number;
  supplier_name: string;
  seller_id: number;
  company_name: string;
  remarks: string;
  status: PurchaseOrderStatus;
  created_at: string | Date;
  decided_at: string | Date | null;
}

export interface PurchaseOrderLineView {
  id: number;
  purchase_order_id: number;
  product_id: number;
  menu: string;
  quantity: number;
  quantity_balance: number;
  unit_price: number;
}

/** Purchase orders (by ids, or by status, newest first, at most 500) with their lines. */
export async function loadPurchaseOrders(
  db: Conn,
  filter: { ids: number[] } | { statuses: PurchaseOrderStatus[] },
): Promise<{ heads: PurchaseOrderHead[]; lines: PurchaseOrderLineView[] }> {
  const where =
    'ids' in filter
      ? sql`po.id = any(${intArray(filter.ids)})`
      : sql`po.status::text = any(${`{${filter.statuses.join(',')}}`}::text[])`;
  const heads = await rows<PurchaseOrderHead>(
    db,
    sql`select po.id, po.reference, po.order_date::text as order_date, po.supplier_id, s.name as supplier_name,
               po.seller_id, sc.name as company_name, po.remarks, po.status, po.created_at, po.decided_at
        from purchase_orders po
        join suppliers s on s.id = po.supplier_id
        join seller_companies sc on sc.id = po.seller_id
        where ${where}
        order by po.created_at desc, po.id desc limit 500`,
  );
  if (heads.length === 0) return { heads, lines: [] };
  const lines = await rows<PurchaseOrderLineView>(
    db,
    sql`select l.id, l.purchase_order_id, l.product_id, ${menu} as menu, l.quantity, l.quantity_balance,
               l.unit_price::float8 as unit_price
        from purchase_order_lines l join products p on p.id = l.product_id ${menuJoins}
        where l.purchase_order_id = any(${intArray(heads.map((h) => Number(h.id)))})
        order by l.id`,
  );
  return { heads, lines };
}

/** Decides a Pending purchase order; null when it was not Pending any more (another administrator was first). */
export async function decidePending(
  db: Conn,
  id: number,
  decision: { status: 'Approved' | 'Rejected'; userId: number; remarks: string },
): Promise<PurchaseOrderRow | null> {
  const [row] = await db
    .update(purchaseOrders)
    .set({
      status: decision.status,
      decidedByUserId: decision.userId,
      decidedAt: new Date(),
      decisionRemarks: decision.remarks,
    })
    .where(sql`${purchaseOrders.id} = ${id} and ${purchaseOrders.status} = 'Pending'`)
    .returning();
  return row ?? null;
}

export async function findPurchaseOrder(db: Conn, id: number): Promise<PurchaseOrderRow | undefined> {
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  return row;
}

/** The purchase order's row, locked until the transaction ends: receives of one PO take turns. */
export async function lockPurchaseOrder(db: Conn, id: number): Promise<PurchaseOrderRow | undefined> {
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
  return row;
}

export function purchaseOrderLinesOf(db: Conn, purchaseOrderId: number): Promise<PurchaseOrderLineRow[]> {
  return db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId))
    .orderBy(asc(purchaseOrderLines.id));
}

/** Lowers a line's balance only while enough is left; false when it was not. */
export async function lowerBalance(db: Conn, lineId: number, quantity: number): Promise<boolean> {
  const updated = await db
    .update(purchaseOrderLines)
    .set({ quantityBalance: sql`${purchaseOrderLines.quantityBalance} - ${quantity}` })
    .where(sql`${purchaseOrderLines.id} = ${lineId} and ${purchaseOrderLines.quantityBalance} >= ${quantity}`)
    .returning({ id: purchaseOrderLines.id });
  return updated.length > 0;
}

/** An Approved purchase order with nothing left to receive becomes Closed. */
export async function closeWhenReceived(db: Conn, purchaseOrderId: number): Promise<boolean> {
  const closed = await db
    .update(purchaseOrders)
    .set({ status: 'Closed' })
    .where(
      sql`${purchaseOrders.id} = ${purchaseOrderId} and ${purchaseOrders.status} = 'Approved'
          and not exists (select 1 from purchase_order_lines l
                          where l.purchase_order_id = ${purchaseOrderId} and l.quantity_balance > 0)`,
    )
    .returning({ id: purchaseOrders.id });
  return closed.length > 0;
}

// Purchase receives.

export async function insertReceive(
  db: Conn,
  receive: typeof purchaseReceives.$inferInsert,
  lines: Array<Omit<typeof purchaseReceiveLines.$inferInsert, 'receiveId'>>,
): Promise<void> {
  await db.insert(purchaseReceives).values(receive);
  await db.insert(purchaseReceiveLines).values(lines.map((line) => ({ ...line, receiveId: receive.id! })));
}

/** Adds good and bad units of a product to a warehouse (the caller writes the ledger rows). */
export async function addWarehouseStock(
  db: Conn,
  change: { warehouseId: number; productId: number; good: number; bad: number },
): Promise<void> {
  await db
    .insert(warehouseStock)
    .values(change)
    .onConflictDoUpdate({
      target: [warehouseStock.warehouseId, warehouseStock.productId],
      set: {
        good: sql`${warehouseStock.good} + ${change.good}`,
        bad: sql`${warehouseStock.bad} + ${change.bad}`,
        updatedAt: new Date(),
      },
    });
}

export interface ReceiveHead {
  id: number;
  reference: string;
  po_reference: string;
  receive_date: string;
  delivery_ref_no: string;
  delivery_date: string;
  warehouse_id: number;
  warehouse_name: string;
  remarks: string;
  created_at: string | Date;
}

export interface ReceiveLineView {
  id: number;
  receive_id: number;
  product_id: number;
  menu: string;
  quantity_received: number;
  unit_price: number;
  expiry_date: string;
  condition: ReceiveCondition;
}

/** Receives (by ids, or the latest 100) with their lines. */
export async function loadReceives(
  db: Conn,
  ids: number[] | null,
): Promise<{ heads: ReceiveHead[]; lines: ReceiveLineView[] }> {
  const where = ids ? sql`where pr.id = any(${intArray(ids)})` : sql``;
  const heads = await rows<ReceiveHead>(
    db,
    sql`select pr.id, pr.reference, po.reference as po_reference, pr.receive_date::text as receive_date,
               pr.delivery_ref_no, pr.delivery_date::text as delivery_date, pr.warehouse_id, w.name as warehouse_name,
               pr.remarks, pr.created_at
        from purchase_receives pr
        join purchase_orders po on po.id = pr.purchase_order_id
        join warehouses w on w.id = pr.warehouse_id
        ${where}
        order by pr.created_at desc, pr.id desc limit 100`,
  );
  if (heads.length === 0) return { heads, lines: [] };
  const lines = await rows<ReceiveLineView>(
    db,
    sql`select l.id, l.receive_id, l.product_id, ${menu} as menu, l.quantity_received,
               l.unit_price::float8 as unit_price, l.expiry_date::text as expiry_date, l.condition
        from purchase_receive_lines l join products p on p.id = l.product_id ${menuJoins}
        where l.receive_id = any(${intArray(heads.map((h) => Number(h.id)))})
        order by l.id`,
  );
  return { heads, lines };
}

/** Purchase orders waiting for a decision, and approved ones with units still to receive. */
export async function countWaiting(db: Conn): Promise<{ pending: number; toReceive: number }> {
  const [row] = await rows<{ pending: number; to_receive: number }>(
    db,
    sql`select count(*) filter (where status = 'Pending')::int as pending,
               count(*) filter (where status = 'Approved')::int as to_receive
        from purchase_orders where status in ('Pending', 'Approved')`,
  );
  return { pending: Number(row?.pending ?? 0), toReceive: Number(row?.to_receive ?? 0) };
}

/** Active stock-keeping products with at most `atMost` units, fewest first. */
export function lowStock(db: Conn, atMost: number, limit: number) {
  return rows<{ id: number; menu: string; company_name: string; stock: number }>(
    db,
    sql`select p.id, ${menu} as menu, sc.name as company_name, p.stock
        from products p ${menuJoins} join seller_companies sc on sc.id = p.seller_id
        where p.stock <= ${atMost} and ${isLeaf}
        order by p.stock, p.id limit ${limit}`,
  );
}
