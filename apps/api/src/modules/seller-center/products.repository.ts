import type { sellerProductListQuery } from '@tibay/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { categories, orderItems, productImages, products, reviews, stockMovements } from '../../db/schema/index.ts';
import { type Conn, containsPattern, rows } from '../../db/sql.ts';

/**
 * The seller's catalogue in the products table: a product (depth 0), its variations (1) and sub-variations (2).
 * Stock is never written here: only the ledger (lib/stock-ledger.ts) changes it.
 */

/** A node as it is inserted; the columns a change sets. */
export type NewNode = typeof products.$inferInsert;
export type NodeChanges = Partial<NewNode>;

/** One page of the shop's products (depth 0) that match (last changed first), and how many match in all. */
export async function findProducts(db: Conn, sellerId: number, query: z.output<typeof sellerProductListQuery>) {
  const where = and(
    eq(products.sellerId, sellerId),
    eq(products.depth, 0),
    query.status === 'active' ? eq(products.isActive, true) : undefined,
    query.status === 'inactive' ? eq(products.isActive, false) : undefined,
    query.q
      ? or(ilike(products.name, containsPattern(query.q)), ilike(products.brand, containsPattern(query.q)))
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(products).where(where);
  const page = await db
    .select({
      id: products.id,
      name: products.name,
      category: categories.name,
      brand: products.brand,
      price: products.price,
      discounted_price: products.discountedPrice,
      stock: sql<number>`(select coalesce(sum(n.stock), 0)::int from ${products} n
        where n.root_id = ${products.id} and (n.is_active or n.id = n.root_id))`,
      is_active: products.isActive,
      updated_at: products.updatedAt,
      variations: sql<number>`(select count(*)::int from ${products} v where v.parent_id = ${products.id})`,
      photo: sql<string | null>`(select i.url from ${productImages} i where i.product_id = ${products.id}
        order by i.is_thumbnail desc, i.sort_order, i.id limit 1)`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { totalCount: total?.n ?? 0, rows: page };
}

/** The shop's product (depth 0) with this id; locked until the transaction ends when `lock`. */
export async function ownedRoot(db: Conn, sellerId: number, id: number, lock = false) {
  const query = db
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .where(and(eq(products.id, id), eq(products.sellerId, sellerId), eq(products.depth, 0)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Every node of a product's tree, the product first, then by depth. */
export async function treeNodes(db: Conn, rootId: number) {
  return db.select().from(products).where(eq(products.rootId, rootId)).orderBy(asc(products.depth), asc(products.id));
}

/** The nodes of a product's tree, locked until the transaction ends (for a change of the tree). */
export async function lockTree(db: Conn, rootId: number) {
  return db
    .select({ id: products.id, parentId: products.parentId, depth: products.depth, stock: products.stock })
    .from(products)
    .where(eq(products.rootId, rootId))
    .for('update');
}

export async function categoryName(db: Conn, categoryId: number): Promise<string | undefined> {
  const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId));
  return category?.name;
}

/** Whether any order names this product. */
export async function isInOrders(db: Conn, rootId: number): Promise<boolean> {
  const [found] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.rootProductId, rootId));
  return (found?.n ?? 0) > 0;
}

/** The last stock movements of these nodes, newest first. */
export async function recentMovements(db: Conn, nodeIds: number[], limit = 20) {
  return db
    .select()
    .from(stockMovements)
    .where(inArray(stockMovements.productId, nodeIds))
    .orderBy(desc(stockMovements.id))
    .limit(limit);
}

export async function insertNode(db: Conn, values: NewNode): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateNode(db: Conn, id: number, changes: NodeChanges): Promise<void> {
  await db.update(products).set(changes).where(eq(products.id, id));
}

/** These nodes and all their descendants. */
export async function withDescendants(db: Conn, ids: number[]) {
  const found = await rows<{ id: number; parent_id: number | null; depth: number }>(
    db,
    sql`
    with recursive tree as (
      select id, parent_id, depth from ${products} where ${inArray(products.id, ids)}
      union select p.id, p.parent_id, p.depth from ${products} p join tree t on p.parent_id = t.id
    ) select id, parent_id, depth from tree`,
  );
  // The drivers differ in how they return integers.
  return found.map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    depth: Number(r.depth),
  }));
}

/** Ids among these nodes that orders, reviews or the stock ledger point to. */
export async function referencedIds(db: Conn, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    db,
    sql`
    select distinct id from (
      select ${orderItems.productId} as id from ${orderItems} where ${inArray(orderItems.productId, ids)}
      union all select ${orderItems.rootProductId} from ${orderItems} where ${inArray(orderItems.rootProductId, ids)}
      union all select ${stockMovements.productId} from ${stockMovements} where ${inArray(stockMovements.productId, ids)}
      union all select ${reviews.productId} from ${reviews} where ${inArray(reviews.productId, ids)}
    ) refs`,
  );
  return new Set(found.map((r) => Number(r.id)));
}

export async function deleteNodes(db: Conn, ids: number[]): Promise<void> {
  await db.delete(products).where(inArray(products.id, ids));
}

export async function deactivateNodes(db: Conn, ids: number[]): Promise<void> {
  await db.update(products).set({ isActive: false, updatedAt: new Date() }).where(inArray(products.id, ids));
}

/** A node of the shop (any depth) and its stock, locked until the transaction ends. */
export async function lockOwnedNode(db: Conn, sellerId: number, nodeId: number) {
  const [node] = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, nodeId), eq(products.sellerId, sellerId)))
    .for('update');
  return node;
}

/** How many active variations a node has (0: it is a leaf, its stock is what buyers order). */
export async function activeChildCount(db: Conn, nodeId: number): Promise<number> {
  const [children] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.parentId, nodeId), eq(products.isActive, true)));
  return children?.n ?? 0;
}

export async function stockOf(db: Conn, nodeId: number): Promise<number | undefined> {
  const [node] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, nodeId));
  return node?.stock;
}
