import { sellerCenterMessages as m, type ProductInput, type productInput, type SellerProduct } from '@tibay/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  orderItems,
  productImages,
  products,
  productVideos,
  reviews,
  stockMovements,
} from '../../db/schema/index.ts';
import { containsPattern, rows } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';
import { returnStock, takeStock } from '../../lib/stock-ledger.ts';

/**
 * The seller's catalogue: a product tree (product -> variations -> sub-variations) in the products table.
 * Every query is scoped to the seller's shop: another shop's product is "not found", never "forbidden".
 * Stock is never written here except through the ledger (adjustStock).
 */

type Input = z.output<typeof productInput>;
type NodeInput = Pick<Input, 'name' | 'price' | 'discounted_price' | 'quantity_limit' | 'is_active'> & { id?: number };

const notFound = () => new HttpError('NOT_FOUND', m.productNotFound);

export interface ListQuery {
  q: string;
  status: 'all' | 'active' | 'inactive';
  page: number;
  pageSize: number;
}

export async function listProducts(db: Db, sellerId: number, query: ListQuery) {
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
  const totalCount = total?.n ?? 0;
  const rows = await db
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
  return {
    items: rows.map((row) => ({ ...row, updated_at: new Date(row.updated_at).toISOString() })),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.max(1, Math.ceil(totalCount / query.pageSize)),
    totalCount,
  };
}

/** The depth-0 product of this shop, or 404. */
export async function ownedRoot(db: Db | Tx, sellerId: number, id: number, lock = false) {
  const query = db
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .where(and(eq(products.id, id), eq(products.sellerId, sellerId), eq(products.depth, 0)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function getProduct(db: Db, sellerId: number, id: number): Promise<SellerProduct> {
  await ownedRoot(db, sellerId, id);
  const nodes = await db
    .select()
    .from(products)
    .where(eq(products.rootId, id))
    .orderBy(asc(products.depth), asc(products.id));
  const root = nodes.find((n) => n.id === id);
  if (!root) throw notFound();
  const [category] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.id, root.categoryId));
  const activeChildren = (nodeId: number) => nodes.some((n) => n.parentId === nodeId && n.isActive);
  const out = (n: (typeof nodes)[number]) => ({
    id: n.id,
    name: n.name,
    price: n.price,
    discounted_price: n.discountedPrice,
    stock: n.stock,
    quantity_limit: n.quantityLimit,
    is_active: n.isActive,
    is_leaf: !activeChildren(n.id),
  });
  const images = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
  const videos = await db
    .select()
    .from(productVideos)
    .where(eq(productVideos.productId, id))
    .orderBy(asc(productVideos.id));
  const [inOrders] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.rootProductId, id));
  const nameOf = new Map(nodes.map((n) => [n.id, n.name]));
  const movements = await db
    .select()
    .from(stockMovements)
    .where(
      inArray(
        stockMovements.productId,
        nodes.map((n) => n.id),
      ),
    )
    .orderBy(desc(stockMovements.id))
    .limit(20);
  // The product's stock is what its orderable nodes hold (its own while it has no variations).
  const treeStock = nodes.filter((n) => n.isActive || n.id === id).reduce((sum, n) => sum + n.stock, 0);
  return {
    ...out(root),
    stock: treeStock,
    category_id: root.categoryId,
    category: category?.name ?? '',
    brand: root.brand,
    description: root.description,
    is_big_item: root.isBigItem,
    weight_grams: root.weightGrams,
    selling_unit: root.sellingUnit,
    in_orders: (inOrders?.n ?? 0) > 0,
    variations: nodes
      .filter((v) => v.parentId === id)
      .map((v) => ({ ...out(v), sub_variations: nodes.filter((s) => s.parentId === v.id).map(out) })),
    images: images.map((i) => ({ id: i.id, url: i.url, is_thumbnail: i.isThumbnail, sort_order: i.sortOrder })),
    videos: videos.map((v) => ({ id: v.id, url: v.url })),
    movements: movements.map((mv) => ({
      id: mv.id,
      product_id: mv.productId,
      node_name: nameOf.get(mv.productId) ?? '',
      kind: mv.kind,
      quantity: mv.quantity,
      reason: mv.reason,
      reference: mv.reference,
      created_at: mv.createdAt.toISOString(),
    })),
  };
}

async function assertCategory(tx: Tx, categoryId: number) {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw new HttpError('VALIDATION', m.categoryUnknown, { category_id: m.categoryUnknown });
}

function nodeValues(node: NodeInput) {
  return {
    name: node.name,
    price: node.price,
    discountedPrice: node.discounted_price,
    quantityLimit: node.quantity_limit,
    isActive: node.is_active,
    updatedAt: new Date(),
  };
}

function rootValues(input: Input) {
  return {
    ...nodeValues(input),
    categoryId: input.category_id,
    brand: input.brand || null,
    description: input.description || null,
    isBigItem: input.is_big_item,
    weightGrams: input.weight_grams,
    sellingUnit: input.selling_unit,
  };
}

/** Variations inherit the product's category, big-item flag, weight and selling unit (shipping, listings and the
 * cart read them from the leaf). */
function childValues(input: Input, sellerId: number) {
  return {
    sellerId,
    categoryId: input.category_id,
    isBigItem: input.is_big_item,
    weightGrams: input.weight_grams,
    sellingUnit: input.selling_unit,
  };
}

export async function createProduct(db: Db, sellerId: number, input: Input): Promise<number> {
  return db.transaction(async (tx) => {
    await assertCategory(tx, input.category_id);
    const [root] = await tx
      .insert(products)
      .values({ ...rootValues(input), sellerId, depth: 0 })
      .returning({ id: products.id });
    const rootId = root!.id;
    for (const variation of input.variations) {
      await insertVariation(tx, input, sellerId, rootId, variation);
    }
    return rootId;
  });
}

async function insertVariation(
  tx: Tx,
  input: Input,
  sellerId: number,
  rootId: number,
  variation: Input['variations'][number],
) {
  const [row] = await tx
    .insert(products)
    .values({ ...nodeValues(variation), ...childValues(input, sellerId), parentId: rootId, rootId, depth: 1 })
    .returning({ id: products.id });
  for (const sub of variation.sub_variations) {
    await tx
      .insert(products)
      .values({ ...nodeValues(sub), ...childValues(input, sellerId), parentId: row!.id, rootId, depth: 2 });
  }
}

/**
 * Replaces a product's fields and its tree: nodes with an id are updated (they must belong to this product at
 * that place), nodes without one are added, nodes left out are removed — deleted when nothing references them,
 * otherwise deactivated. A node that still holds stock cannot get variations (its stock would be stranded).
 */
export async function updateProduct(db: Db, sellerId: number, id: number, input: Input): Promise<void> {
  await db.transaction(async (tx) => {
    await ownedRoot(tx, sellerId, id, true);
    await assertCategory(tx, input.category_id);
    const nodes = await tx
      .select({ id: products.id, parentId: products.parentId, depth: products.depth, stock: products.stock })
      .from(products)
      .where(eq(products.rootId, id))
      .for('update');
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const kept = new Set<number>([id]);
    const check = (nodeId: number, parentId: number, depth: number) => {
      const node = byId.get(nodeId);
      if (!node || node.parentId !== parentId || node.depth !== depth) throw notFound();
      kept.add(nodeId);
    };
    for (const v of input.variations) {
      if (v.id) check(v.id, id, 1);
      for (const s of v.sub_variations) if (s.id && v.id) check(s.id, v.id, 2);
      if (!v.id && v.sub_variations.some((s) => s.id)) throw notFound();
    }
    const stranded = (nodeId: number, hasChildren: boolean) =>
      hasChildren && !nodes.some((n) => n.parentId === nodeId && kept.has(n.id)) && (byId.get(nodeId)?.stock ?? 0) > 0;
    if (stranded(id, input.variations.length > 0)) {
      throw new HttpError('BUSINESS_RULE', m.stockBeforeVariations);
    }
    for (const v of input.variations) {
      if (v.id && stranded(v.id, v.sub_variations.length > 0))
        throw new HttpError('BUSINESS_RULE', m.stockBeforeVariations);
    }

    await tx.update(products).set(rootValues(input)).where(eq(products.id, id));
    for (const v of input.variations) {
      if (!v.id) {
        await insertVariation(tx, input, sellerId, id, v);
        continue;
      }
      await tx
        .update(products)
        .set({ ...nodeValues(v), ...childValues(input, sellerId) })
        .where(eq(products.id, v.id));
      for (const s of v.sub_variations) {
        if (s.id) {
          await tx
            .update(products)
            .set({ ...nodeValues(s), ...childValues(input, sellerId) })
            .where(eq(products.id, s.id));
        } else {
          await tx
            .insert(products)
            .values({ ...nodeValues(s), ...childValues(input, sellerId), parentId: v.id, rootId: id, depth: 2 });
        }
      }
    }
    const removed = nodes.filter((n) => !kept.has(n.id)).map((n) => n.id);
    await removeNodes(tx, removed);
  });
}

/** Ids among these nodes that orders, reviews or the stock ledger point to. */
async function referencedIds(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    tx,
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

/**
 * Removes nodes (and their descendants): a node is deleted when neither it nor any descendant is referenced,
 * otherwise it is deactivated (kept for the orders and the ledger that name it). Returns what happened.
 */
async function removeNodes(tx: Tx, ids: number[]): Promise<'deleted' | 'deactivated' | null> {
  if (ids.length === 0) return null;
  const all = await rows<{ id: number; parent_id: number | null; depth: number }>(
    tx,
    sql`
    with recursive tree as (
      select id, parent_id, depth from ${products} where ${inArray(products.id, ids)}
      union select p.id, p.parent_id, p.depth from ${products} p join tree t on p.parent_id = t.id
    ) select id, parent_id, depth from tree`,
  );
  const nodes = all.map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    depth: Number(r.depth),
  }));
  const referenced = await referencedIds(
    tx,
    nodes.map((n) => n.id),
  );
  // A node is pinned when it or any descendant is referenced.
  const pinned = new Set<number>();
  for (const n of [...nodes].sort((a, b) => b.depth - a.depth)) {
    if (referenced.has(n.id) || pinned.has(n.id)) {
      pinned.add(n.id);
      if (n.parentId !== null) pinned.add(n.parentId);
    }
  }
  const deletable = nodes.filter((n) => !pinned.has(n.id)).sort((a, b) => b.depth - a.depth);
  const keep = nodes.filter((n) => pinned.has(n.id)).map((n) => n.id);
  for (const depth of [2, 1, 0]) {
    const level = deletable.filter((n) => n.depth === depth).map((n) => n.id);
    if (level.length > 0) await tx.delete(products).where(inArray(products.id, level));
  }
  if (keep.length > 0) {
    await tx.update(products).set({ isActive: false, updatedAt: new Date() }).where(inArray(products.id, keep));
    return 'deactivated';
  }
  return 'deleted';
}

/** Deletes a product, or deactivates it when orders, reviews or the stock ledger reference it. */
export async function deleteProduct(db: Db, sellerId: number, id: number) {
  return db.transaction(async (tx) => {
    await ownedRoot(tx, sellerId, id, true);
    const urls = await tx.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, id));
    const videos = await tx
      .select({ url: productVideos.url })
      .from(productVideos)
      .where(eq(productVideos.productId, id));
    const result = (await removeNodes(tx, [id])) ?? 'deleted';
    return { result, files: result === 'deleted' ? [...urls, ...videos].map((f) => f.url) : [] };
  });
}

/**
 * A signed change of one leaf's stock, written to the ledger with the seller's reason ('adjustment').
 * Stock never goes below zero: a larger decrease changes nothing and says how many are in stock.
 */
export async function adjustStock(
  app: FastifyInstance,
  seller: { sellerId: number; userId: number },
  nodeId: number,
  change: { quantity: number; reason: string },
) {
  return app.db.transaction(async (tx) => {
    const [node] = await tx
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(and(eq(products.id, nodeId), eq(products.sellerId, seller.sellerId)))
      .for('update');
    if (!node) throw notFound();
    const [children] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.parentId, nodeId), eq(products.isActive, true)));
    if ((children?.n ?? 0) > 0) throw new HttpError('BUSINESS_RULE', m.stockNotLeaf);
    const movement = {
      productId: nodeId,
      reference: 'seller-center',
      reason: change.reason,
      actorUserId: seller.userId,
    };
    if (change.quantity < 0) {
      const taken = await takeStock(tx, { ...movement, quantity: -change.quantity }, 'adjustment');
      if (!taken) {
        const message = m.stockBelowZero.replace('{n}', String(node.stock));
        throw new HttpError('CONFLICT', message, { quantity: message });
      }
    } else {
      await returnStock(tx, { ...movement, quantity: change.quantity }, 'adjustment');
    }
    const [after] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, nodeId));
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, nodeId));
    return { product_id: nodeId, stock: after?.stock ?? 0 };
  });
}

export type { ProductInput };
