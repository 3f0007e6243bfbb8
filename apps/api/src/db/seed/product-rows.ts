import { type SellingUnit, sellingUnits } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { bulkInsert, type Column, queryRows } from './bulk.ts';
import type { Dim, SeedItem } from './data/catalog.ts';
import type { Prng } from './prng.ts';

/** The catalogue's words for a unit ("Sold per cubic meter.") as the selling units shown beside prices. */
const unitWords: Record<string, SellingUnit> = { 'cubic meter': 'cu.m.', 'square meter': 'sq.m.', kilo: 'kg' };

/** The selling unit of a seed item: its unit in the shop's short form, a piece when it names none. */
export function sellingUnitOf(item: Pick<SeedItem, 'unit'>): SellingUnit {
  const unit = item.unit ?? 'piece';
  return unitWords[unit] ?? sellingUnits.find((known) => known === unit) ?? 'piece';
}

/**
 * Product trees, their pictures and their opening stock, gathered column by column and written with
 * one unnest insert per table. Ids are given here (the caller starts after the table's highest id) so
 * variations can name their parent without a round trip.
 */
export class ProductRows {
  private nextId: number;
  private nextImageId: number;
  readonly products = {
    id: [] as number[],
    seller_id: [] as number[],
    category_id: [] as number[],
    parent_id: [] as (number | null)[],
    root_id: [] as number[],
    depth: [] as number[],
    name: [] as string[],
    brand: [] as (string | null)[],
    description: [] as (string | null)[],
    price: [] as number[],
    discounted_price: [] as number[],
    stock: [] as number[],
    quantity_limit: [] as number[],
    is_big_item: [] as boolean[],
    selling_unit: [] as string[],
    is_active: [] as boolean[],
    sold_count: [] as number[],
    created_at: [] as string[],
    updated_at: [] as string[],
    /** What products_after_write would compute: a product's stock of active leaves (0 on variations). */
    tree_stock: [] as number[],
  };
  readonly images = {
    id: [] as number[],
    product_id: [] as number[],
    url: [] as string[],
    is_thumbnail: [] as boolean[],
    sort_order: [] as number[],
  };
  readonly movements = {
    product_id: [] as number[],
    kind: [] as string[],
    quantity: [] as number[],
    reference: [] as string[],
    reason: [] as string[],
    actor_user_id: [] as (number | null)[],
    created_at: [] as string[],
  };
  /** Depth-0 products added, in order. */
  readonly roots: { id: number; sellerId: number; item: SeedItem; createdAt: string }[] = [];

  constructor(firstProductId: number, firstImageId: number) {
    this.nextId = firstProductId;
    this.nextImageId = firstImageId;
  }

  get productCount(): number {
    return this.products.id.length;
  }

  /**
   * Adds one seller's listing of an item: the product, its variations and sub-variations, with prices
   * in centavos, stock on the leaves (the nodes a cart can hold) and an opening 'receive' ledger row for
   * every leaf that has stock. Parents carry the lowest price of their children and no stock of their own.
   */
  addListing(input: ListingInput): number {
    const { item, rng } = input;
    const rootId = this.nextId;
    const discount = input.discountPercent;
    const outOfStock = input.outOfStock ?? false;

    const leafPrice = (factor: number) => roundPrice(item.price * factor * input.priceFactor);
    const node = (
      parentId: number | null,
      depth: number,
      name: string,
      price: number,
      stock: number,
      sold: number,
    ): number => {
      const id = this.nextId++;
      const p = this.products;
      p.id.push(id);
      p.seller_id.push(input.sellerId);
      p.category_id.push(item.category);
      p.parent_id.push(parentId);
      p.root_id.push(rootId);
      p.depth.push(depth);
      p.name.push(name);
      p.brand.push(item.brand);
      p.description.push(depth === 0 ? input.description : null);
      p.price.push(price);
      p.discounted_price.push(discount > 0 ? discounted(price, discount) : 0);
      p.stock.push(stock);
      p.quantity_limit.push(input.quantityLimit);
      p.is_big_item.push(item.big ?? false);
      p.selling_unit.push(sellingUnitOf(item));
      p.is_active.push(input.active ?? true);
      p.sold_count.push(sold);
      p.created_at.push(input.createdAt);
      p.updated_at.push(input.createdAt);
      p.tree_stock.push(0);
      if (stock > 0) {
        const m = this.movements;
        m.product_id.push(id);
        m.kind.push('receive');
        m.quantity.push(stock);
        m.reference.push(input.receiveReference);
        m.reason.push('Opening stock');
        m.actor_user_id.push(input.actorUserId);
        m.created_at.push(input.createdAt);
      }
      return id;
    };
    const leafStock = () => (outOfStock || rng.chance(0.06) ? 0 : stockFor(item, rng));
    const leafSold = () => soldFor(item, rng, input.bestSeller ?? false);

    // Parents are written before their children; their price, stock and sold count are set after.
    const p = this.products;
    const rootIndex = p.id.length;
    node(null, 0, input.name ?? item.name, 0, 0, 0);
    if (!item.v) {
      const price = leafPrice(1);
      p.price[rootIndex] = price;
      p.discounted_price[rootIndex] = discount > 0 ? discounted(price, discount) : 0;
      const stock = leafStock();
      p.stock[rootIndex] = stock;
      p.sold_count[rootIndex] = leafSold();
      if (stock > 0) this.pushOpening(p.id[rootIndex]!, stock, input);
    } else {
      let rootSold = 0;
      let rootMin = Number.POSITIVE_INFINITY;
      dimEntries(item.v).forEach(([vName, vFactor]) => {
        if (!item.sv) {
          const price = leafPrice(vFactor);
          const sold = leafSold();
          node(rootId, 1, vName, price, leafStock(), sold);
          rootSold += sold;
          rootMin = Math.min(rootMin, price);
          return;
        }
        const vIndex = p.id.length;
        const vId = node(rootId, 1, vName, 0, 0, 0);
        let vSold = 0;
        let vMin = Number.POSITIVE_INFINITY;
        for (const [svName, svFactor] of dimEntries(item.sv)) {
          const price = leafPrice(vFactor * svFactor);
          const sold = leafSold();
          node(vId, 2, svName, price, leafStock(), sold);
          vSold += sold;
          vMin = Math.min(vMin, price);
        }
        p.price[vIndex] = vMin;
        p.discounted_price[vIndex] = discount > 0 ? discounted(vMin, discount) : 0;
        p.sold_count[vIndex] = vSold;
        rootSold += vSold;
        rootMin = Math.min(rootMin, vMin);
      });
      p.price[rootIndex] = rootMin;
      p.discounted_price[rootIndex] = discount > 0 ? discounted(rootMin, discount) : 0;
      p.sold_count[rootIndex] = rootSold;
    }
    // Every node of a listing shares its activity, so the leaves are the nodes without children.
    const parents = new Set(p.parent_id.slice(rootIndex));
    let leafTotal = 0;
    for (let index = rootIndex; index < p.id.length; index++) {
      if (!parents.has(p.id[index]!)) leafTotal += p.stock[index]!;
    }
    p.tree_stock[rootIndex] = (input.active ?? true) ? leafTotal : 0;

    input.images.forEach((url, index) => {
      const i = this.images;
      i.id.push(this.nextImageId++);
      i.product_id.push(rootId);
      i.url.push(url);
      i.is_thumbnail.push(index === (input.thumbnailIndex ?? 0));
      i.sort_order.push(index);
    });
    this.roots.push({ id: rootId, sellerId: input.sellerId, item, createdAt: input.createdAt });
    return rootId;
  }

  private pushOpening(productId: number, stock: number, input: ListingInput) {
    const m = this.movements;
    m.product_id.push(productId);
    m.kind.push('receive');
    m.quantity.push(stock);
    m.reference.push(input.receiveReference);
    m.reason.push('Opening stock');
    m.actor_user_id.push(input.actorUserId);
    m.created_at.push(input.createdAt);
  }

  /**
   * Writes products, then images, then the ledger.
   *
   * With `triggers: 'off'` (a bulk load in a transaction, by a superuser) the products triggers and the
   * foreign-key checks are skipped for this transaction (session_replication_role = replica) and the insert
   * itself fills what products_before_write and products_after_write would: root_id (given), the search
   * document of each product (products_search_vector with its category's and seller's names) and
   * tree_stock (computed in addListing). The rows are the same; the per-row trigger work and the
   * tree_stock update of every product with variations are gone. Without superuser rights it falls back
   * to the triggers.
   */
  async write(db: Db | Tx, chunkSize = 10_000, options: { triggers?: 'on' | 'off' } = {}): Promise<void> {
    const p = this.products;
    const columns: Record<string, Column> = {
      id: { type: 'int4', values: p.id },
      seller_id: { type: 'int4', values: p.seller_id },
      category_id: { type: 'int4', values: p.category_id },
      parent_id: { type: 'int4', values: p.parent_id },
      root_id: { type: 'int4', values: p.root_id },
      depth: { type: 'int2', values: p.depth },
      name: { type: 'text', values: p.name },
      // What the products_secondary_id trigger would give (it is bypassed with the triggers off).
      secondary_id: { type: 'text', values: p.id.map((id) => `SKU-${String(id).padStart(6, '0')}`) },
      brand: { type: 'text', values: p.brand },
      description: { type: 'text', values: p.description },
      price: { type: 'int8', values: p.price },
      discounted_price: { type: 'int8', values: p.discounted_price },
      stock: { type: 'int4', values: p.stock },
      quantity_limit: { type: 'int4', values: p.quantity_limit },
      is_big_item: { type: 'bool', values: p.is_big_item },
      selling_unit: { type: 'text', values: p.selling_unit },
      is_active: { type: 'bool', values: p.is_active },
      sold_count: { type: 'int4', values: p.sold_count },
      created_at: { type: 'timestamptz', values: p.created_at },
      updated_at: { type: 'timestamptz', values: p.updated_at },
    };
    const bypass = options.triggers === 'off' && (await isSuperuser(db));
    if (bypass) {
      await db.execute(sql`SET LOCAL session_replication_role = replica`);
      await insertProductsDirect(db, { ...columns, tree_stock: { type: 'int4', values: p.tree_stock } }, chunkSize);
    } else {
      await bulkInsert(db, 'products', columns, chunkSize);
    }
    const i = this.images;
    await bulkInsert(
      db,
      'product_images',
      {
        id: { type: 'int4', values: i.id },
        product_id: { type: 'int4', values: i.product_id },
        url: { type: 'text', values: i.url },
        is_thumbnail: { type: 'bool', values: i.is_thumbnail },
        sort_order: { type: 'int4', values: i.sort_order },
      },
      chunkSize,
    );
    const m = this.movements;
    await bulkInsert(
      db,
      'stock_movements',
      {
        product_id: { type: 'int4', values: m.product_id },
        kind: { type: 'text', values: m.kind, cast: 'stock_movement_kind' },
        quantity: { type: 'int4', values: m.quantity },
        reference: { type: 'text', values: m.reference },
        reason: { type: 'text', values: m.reason },
        actor_user_id: { type: 'int4', values: m.actor_user_id },
        created_at: { type: 'timestamptz', values: m.created_at },
      },
      chunkSize,
    );
    if (bypass) await db.execute(sql`SET LOCAL session_replication_role = origin`);
  }
}

async function isSuperuser(db: Db | Tx): Promise<boolean> {
  const [row] = await queryRows<{ super: boolean }>(
    db,
    sql`SELECT coalesce((SELECT rolsuper FROM pg_roles WHERE rolname = current_user), false) AS super`,
  );
  return row?.super === true;
}

/**
 * bulkInsert for products with the triggers off: also writes the search document of each product
 * (depth 0) as products_before_write does, looking its category's and seller's names up per row.
 */
async function insertProductsDirect(db: Db | Tx, columns: Record<string, Column>, chunkSize: number) {
  const names = Object.keys(columns);
  const total = columns.id!.values.length;
  const col = (name: string) => `u.c${names.indexOf(name)}`;
  const search = `CASE WHEN ${col('depth')} = 0 THEN products_search_vector(${col('name')}, ${col('brand')},
      ${col('description')}, (SELECT c.name FROM categories c WHERE c.id = ${col('category_id')}),
      (SELECT s.name FROM seller_companies s WHERE s.id = ${col('seller_id')})) END`;
  const target = sql.raw(`"products" (${names.map((name) => `"${name}"`).join(', ')}, "search")`);
  const selectList = sql.raw(`${names.map((_, i) => `u.c${i}`).join(', ')}, ${search}`);
  const aliases = sql.raw(names.map((_, i) => `c${i}`).join(', '));
  for (let start = 0; start < total; start += chunkSize) {
    const end = Math.min(total, start + chunkSize);
    const arrays = names.map((name) => {
      const column = columns[name]!;
      return sql`${sql.param(column.values.slice(start, end))}::${sql.raw(column.type)}[]`;
    });
    await db.execute(
      sql`INSERT INTO ${target} SELECT ${selectList} FROM unnest(${sql.join(arrays, sql`, `)}) AS u(${aliases})`,
    );
  }
}

export interface ListingInput {
  item: SeedItem;
  /** Listing name when it differs from the item's (generated catalogues). */
  name?: string;
  sellerId: number;
  rng: Prng;
  /** Shop's price level relative to the item's list price (about 0.94 to 1.08). */
  priceFactor: number;
  /** 0 for none, else 5 to 20 (percent off every node). */
  discountPercent: number;
  description: string | null;
  quantityLimit: number;
  images: string[];
  thumbnailIndex?: number;
  createdAt: string;
  receiveReference: string;
  actorUserId: number | null;
  active?: boolean;
  outOfStock?: boolean;
  bestSeller?: boolean;
}

function dimEntries(d: Dim): [string, number][] {
  return d.values.map((value, index) => [value, d.factors?.[index] ?? 1]);
}

/** Pesos to centavos: whole pesos from ₱100 up, half pesos below. */
export function roundPrice(pesos: number): number {
  if (pesos >= 100) return Math.round(pesos) * 100;
  return Math.max(50, Math.round(pesos * 2) * 50);
}

function discounted(priceCentavos: number, percent: number): number {
  const value = priceCentavos * (1 - percent / 100);
  return priceCentavos >= 10_000 ? Math.round(value / 100) * 100 : Math.round(value / 50) * 50;
}

function stockFor(item: SeedItem, rng: Prng): number {
  switch (item.stock) {
    case 'bulk':
      return rng.int(20, 500) * 10;
    case 'few':
      return rng.int(2, 40);
    default:
      return rng.chance(0.15) ? rng.int(5, 90) : rng.int(12, 120) * 5;
  }
}

function soldFor(item: SeedItem, rng: Prng, bestSeller: boolean): number {
  const base = item.stock === 'bulk' ? 400 : item.stock === 'few' ? 12 : 90;
  const value = Math.floor(base * rng.next() ** 2.2);
  return bestSeller ? value * 3 + rng.int(base, base * 3) : value;
}
