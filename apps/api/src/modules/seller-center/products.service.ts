import {
  sellerCenterMessages as m,
  type productInput,
  type SellerProduct,
  type sellerProductListQuery,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Conn } from '../../db/sql.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { pageOf } from '../../http/page.ts';
import * as media from './media.repository.ts';
import * as repository from './products.repository.ts';

/**
 * The seller's catalogue: a product tree (product -> variations -> sub-variations) in the products table.
 * Every query is scoped to the seller's shop: another shop's product is "not found", never "forbidden".
 * Stock is never written here except through the ledger (stock.service.ts).
 */

type Input = z.output<typeof productInput>;
type NodeInput = Pick<Input, 'name' | 'price' | 'discounted_price' | 'quantity_limit' | 'is_active'> & { id?: number };

export const productNotFound = () => new HttpError('NOT_FOUND', m.productNotFound);

export async function listProducts(
  deps: Pick<Deps, 'db'>,
  sellerId: number,
  query: z.output<typeof sellerProductListQuery>,
) {
  const { totalCount, rows } = await repository.findProducts(deps.db, sellerId, query);
  const items = rows.map((row) => ({ ...row, updated_at: new Date(row.updated_at).toISOString() }));
  return pageOf(items, query, totalCount);
}

/** The depth-0 product of this shop, or 404; locked until the transaction ends when `lock`. */
export async function ownedProduct(db: Conn, sellerId: number, id: number, lock = false) {
  const row = await repository.ownedRoot(db, sellerId, id, lock);
  if (!row) throw productNotFound();
  return row;
}

export async function getProduct(deps: Pick<Deps, 'db'>, sellerId: number, id: number): Promise<SellerProduct> {
  const db = deps.db;
  await ownedProduct(db, sellerId, id);
  const nodes = await repository.treeNodes(db, id);
  const root = nodes.find((n) => n.id === id);
  if (!root) throw productNotFound();
  const category = await repository.categoryName(db, root.categoryId);
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
  const images = await media.imagesOf(db, id);
  const videos = await media.videosOf(db, id);
  const inOrders = await repository.isInOrders(db, id);
  const nameOf = new Map(nodes.map((n) => [n.id, n.name]));
  const movements = await repository.recentMovements(
    db,
    nodes.map((n) => n.id),
  );
  // The product's stock is what its orderable nodes hold (its own while it has no variations).
  const treeStock = nodes.filter((n) => n.isActive || n.id === id).reduce((sum, n) => sum + n.stock, 0);
  return {
    ...out(root),
    stock: treeStock,
    category_id: root.categoryId,
    category: category ?? '',
    brand: root.brand,
    description: root.description,
    is_big_item: root.isBigItem,
    weight_grams: root.weightGrams,
    selling_unit: root.sellingUnit,
    in_orders: inOrders,
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
  if ((await repository.categoryName(tx, categoryId)) === undefined) {
    throw new HttpError('VALIDATION', m.categoryUnknown, { category_id: m.categoryUnknown });
  }
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

export async function createProduct(deps: Pick<Deps, 'db'>, sellerId: number, input: Input): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await assertCategory(tx, input.category_id);
    const rootId = await repository.insertNode(tx, { ...rootValues(input), sellerId, depth: 0 });
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
  const id = await repository.insertNode(tx, {
    ...nodeValues(variation),
    ...childValues(input, sellerId),
    parentId: rootId,
    rootId,
    depth: 1,
  });
  for (const sub of variation.sub_variations) {
    await repository.insertNode(tx, {
      ...nodeValues(sub),
      ...childValues(input, sellerId),
      parentId: id,
      rootId,
      depth: 2,
    });
  }
}

/**
 * Replaces a product's fields and its tree: nodes with an id are updated (they must belong to this product at
 * that place), nodes without one are added, nodes left out are removed — deleted when nothing references them,
 * otherwise deactivated. A node that still holds stock cannot get variations (its stock would be stranded).
 */
export async function updateProduct(deps: Pick<Deps, 'db'>, sellerId: number, id: number, input: Input) {
  await deps.db.transaction(async (tx) => {
    await ownedProduct(tx, sellerId, id, true);
    await assertCategory(tx, input.category_id);
    const nodes = await repository.lockTree(tx, id);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const kept = new Set<number>([id]);
    const check = (nodeId: number, parentId: number, depth: number) => {
      const node = byId.get(nodeId);
      if (!node || node.parentId !== parentId || node.depth !== depth) throw productNotFound();
      kept.add(nodeId);
    };
    for (const v of input.variations) {
      if (v.id) check(v.id, id, 1);
      for (const s of v.sub_variations) if (s.id && v.id) check(s.id, v.id, 2);
      if (!v.id && v.sub_variations.some((s) => s.id)) throw productNotFound();
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

    await repository.updateNode(tx, id, rootValues(input));
    for (const v of input.variations) {
      if (!v.id) {
        await insertVariation(tx, input, sellerId, id, v);
        continue;
      }
      await repository.updateNode(tx, v.id, { ...nodeValues(v), ...childValues(input, sellerId) });
      for (const s of v.sub_variations) {
        if (s.id) {
          await repository.updateNode(tx, s.id, { ...nodeValues(s), ...childValues(input, sellerId) });
        } else {
          const values = { ...nodeValues(s), ...childValues(input, sellerId), parentId: v.id, rootId: id, depth: 2 };
          await repository.insertNode(tx, values);
        }
      }
    }
    await removeNodes(
      tx,
      nodes.filter((n) => !kept.has(n.id)).map((n) => n.id),
    );
  });
}

/**
 * Removes nodes (and their descendants): a node is deleted when neither it nor any descendant is referenced,
 * otherwise it is deactivated (kept for the orders and the ledger that name it). Returns what happened.
 */
async function removeNodes(tx: Tx, ids: number[]): Promise<'deleted' | 'deactivated' | null> {
  if (ids.length === 0) return null;
  const nodes = await repository.withDescendants(tx, ids);
  const referenced = await repository.referencedIds(
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
    if (level.length > 0) await repository.deleteNodes(tx, level);
  }
  if (keep.length > 0) {
    await repository.deactivateNodes(tx, keep);
    return 'deactivated';
  }
  return 'deleted';
}

/**
 * Deletes a product, or deactivates it when orders, reviews or the stock ledger reference it. Returns what
 * happened and the stored files of a deleted product (for the caller to delete once the rows are gone).
 */
export async function deleteProduct(deps: Pick<Deps, 'db'>, sellerId: number, id: number) {
  return deps.db.transaction(async (tx) => {
    await ownedProduct(tx, sellerId, id, true);
    const files = [...(await media.imagesOf(tx, id)), ...(await media.videosOf(tx, id))].map((file) => file.url);
    const result = (await removeNodes(tx, [id])) ?? 'deleted';
    return { result, files: result === 'deleted' ? files : [] };
  });
}
