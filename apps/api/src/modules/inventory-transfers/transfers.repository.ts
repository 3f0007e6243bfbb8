import type { InventoryTransferStatus } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import { inventoryTransferLines, inventoryTransfers } from '../../db/schema/index.ts';
import { type Conn, containsPattern, intArray, rows } from '../../db/sql.ts';

/** The SQL of inventory transfers between sellers: sellers, their stock-keeping products, transfers and lines. */

export { type AdminAct, insertAudit } from '../admin/index.ts';

/** A product node's full name: "Product - Variation - Sub-variation" (p the node, r its root, v its parent). */
const menu = sql.raw(`case p.depth when 0 then p.name when 1 then r.name || ' - ' || p.name
  else r.name || ' - ' || v.name || ' - ' || p.name end`);
const menuJoins = sql.raw(`left join products r on r.id = p.root_id left join products v on v.id = p.parent_id`);
/** Nodes that hold stock: active, with no active children (what the cart, orders and the ledger reference). */
const isLeaf = sql.raw(
  `p.is_active and not exists (select 1 from products c where c.parent_id = p.id and c.is_active)`,
);

/** Spec 3 §2.4: sellers sorted by company name. */
export function listSellers(db: Conn) {
  return rows<{ id: number; company_name: string }>(
    db,
    sql`select id, name as company_name from seller_companies where status = 'approved' order by lower(name), id`,
  );
}

export async function existingSellers(db: Conn, ids: number[]): Promise<Set<number>> {
  const found = await rows<{ id: number }>(db, sql`select id from seller_companies where id = any(${intArray(ids)})`);
  return new Set(found.map((row) => Number(row.id)));
}

/** The seller's stock-keeping products matching a text, with their stock (at most `limit`). */
export function listSellerProducts(db: Conn, sellerId: number, query: string, limit: number) {
  return rows<{ id: number; menu: string; stock: number }>(
    db,
    sql`select p.id, ${menu} as menu, p.stock
        from products p ${menuJoins}
        where p.seller_id = ${sellerId} and ${isLeaf} and (${menu}) ilike ${containsPattern(query)}
        order by 2, p.id limit ${limit}`,
  );
}

/** Of these ids, the seller's stock-keeping products with their name and stock. */
export async function sellerLeaves(db: Conn, sellerId: number, ids: number[]) {
  const found = await rows<{ id: number; menu: string; stock: number }>(
    db,
    sql`select p.id, ${menu} as menu, p.stock from products p ${menuJoins}
        where p.id = any(${intArray(ids)}) and p.seller_id = ${sellerId} and ${isLeaf}`,
  );
  return new Map(found.map((row) => [Number(row.id), { menu: row.menu, stock: Number(row.stock) }]));
}

/**
 * Locks the products' rows in id order (two approvals of overlapping products cannot deadlock) and returns their
 * names and stock as they are now.
 */
export async function lockProducts(db: Conn, ids: number[]) {
  const found = await rows<{ id: number; menu: string; stock: number }>(
    db,
    sql`with locked as materialized (
          select p.id from products p where p.id = any(${intArray(ids)}) order by p.id for no key update
        )
        select p.id, ${menu} as menu, p.stock from products p ${menuJoins} where p.id in (select id from locked)`,
  );
  return new Map(found.map((row) => [Number(row.id), { menu: row.menu, stock: Number(row.stock) }]));
}

export async function insertTransfer(
  db: Conn,
  transfer: typeof inventoryTransfers.$inferInsert,
  lines: Array<Omit<typeof inventoryTransferLines.$inferInsert, 'transferId'>>,
): Promise<number> {
  const [row] = await db.insert(inventoryTransfers).values(transfer).returning({ id: inventoryTransfers.id });
  await db.insert(inventoryTransferLines).values(lines.map((line) => ({ ...line, transferId: row!.id })));
  return row!.id;
}

/**
 * Decides a Pending transfer: one conditional UPDATE, so of two administrators deciding at once one changes the
 * row (the other waits for its row lock, then finds it decided). Null when it was not Pending.
 */
export async function decidePending(db: Conn, id: number, status: 'Approved' | 'Reject', userId: number) {
  const [row] = await db
    .update(inventoryTransfers)
    .set({ status, decidedByUserId: userId, decidedAt: new Date() })
    .where(sql`${inventoryTransfers.id} = ${id} and ${inventoryTransfers.status} = 'Pending'`)
    .returning({ id: inventoryTransfers.id });
  return row ?? null;
}

export async function statusOf(db: Conn, id: number): Promise<InventoryTransferStatus | null> {
  const [row] = await rows<{ status: InventoryTransferStatus }>(
    db,
    sql`select status from inventory_transfers where id = ${id}`,
  );
  return row?.status ?? null;
}

export function linesOf(db: Conn, transferId: number) {
  return rows<{ source_product_id: number; target_product_id: number; quantity: number }>(
    db,
    sql`select source_product_id, target_product_id, quantity from inventory_transfer_lines
        where transfer_id = ${transferId} order by id`,
  );
}

export interface TransferHead {
  id: number;
  status: InventoryTransferStatus;
  source_seller_id: number;
  source_name: string;
  target_seller_id: number;
  target_name: string;
  created_at: string | Date;
  decided_at: string | Date | null;
}

export interface TransferLineView {
  id: number;
  transfer_id: number;
  source_product_id: number;
  source_menu: string;
  target_product_id: number;
  target_menu: string;
  quantity: number;
}

/** Transfers (by ids, or by statuses, newest first, at most 200) with their lines and the products' names. */
export async function loadTransfers(
  db: Conn,
  filter: { ids: number[] } | { statuses: InventoryTransferStatus[] },
): Promise<{ heads: TransferHead[]; lines: TransferLineView[] }> {
  const where =
    'ids' in filter
      ? sql`t.id = any(${intArray(filter.ids)})`
      : sql`t.status in (${sql.join(
          filter.statuses.map((status) => sql`${status}`),
          sql`, `,
        )})`;
  const heads = await rows<TransferHead>(
    db,
    sql`select t.id, t.status, t.source_seller_id, s.name as source_name, t.target_seller_id, g.name as target_name,
               t.created_at, t.decided_at
        from inventory_transfers t
        join seller_companies s on s.id = t.source_seller_id
        join seller_companies g on g.id = t.target_seller_id
        where ${where} order by t.created_at desc, t.id desc limit 200`,
  );
  if (heads.length === 0) return { heads, lines: [] };
  const lines = await rows<TransferLineView>(
    db,
    sql`select l.id, l.transfer_id, l.source_product_id, l.target_product_id, l.quantity,
               (select ${menu} from products p ${menuJoins} where p.id = l.source_product_id) as source_menu,
               (select ${menu} from products p ${menuJoins} where p.id = l.target_product_id) as target_menu
        from inventory_transfer_lines l
        where l.transfer_id = any(${intArray(heads.map((h) => Number(h.id)))})
        order by l.id`,
  );
  return { heads, lines };
}

export async function countPending(db: Conn): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from inventory_transfers where status = 'Pending'`,
  );
  return Number(row?.n ?? 0);
}
