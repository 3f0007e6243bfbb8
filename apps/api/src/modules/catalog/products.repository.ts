import { catalogLimits, type Review } from '@tibay/contract';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { categories, products } from '../../db/schema/index.ts';
import { type Conn, rows } from '../../db/sql.ts';
import { listed } from './catalog.repository.ts';

/** The SQL of categories and the item page. */

/** A category's banner data, or undefined. */
export async function findCategory(db: Conn, id: number) {
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      photoUrl: categories.photoUrl,
      bannerUrl: categories.bannerUrl,
    })
    .from(categories)
    .where(eq(categories.id, id));
  return row;
}

/** Review average and count over the reviews `scope` selects (as JSON). */
const ratingOf = (scope: SQL) =>
  sql`(select json_build_object('average', coalesce(round(avg(r.rating), 2), 0)::float8, 'total', count(*)::int)
        from reviews r where ${scope})`;

interface RatingSummary {
  average: number;
  total: number;
}

/**
 * A listed product (depth 0, active, of an approved seller) with its category, seller, media and both review
 * summaries, in one query; undefined otherwise. The columns are those selected, under the names they are given.
 */
export async function findListedProduct(db: Conn, id: number) {
  const [row] = await rows<{
    id: number;
    name: string;
    description: string | null;
    brand: string | null;
    category_id: number;
    category_name: string;
    price: number;
    discounted_price: number;
    effective_price: number;
    selling_unit: string;
    tree_stock: number;
    quantity_limit: number;
    sold_count: number;
    seller_id: number;
    seller_name: string;
    seller_logo: string | null;
    seller_address: string;
    seller_description: string | null;
    url_handle: string;
    latitude: number;
    longitude: number;
    images: Array<{ id: number; url: string; is_thumbnail: boolean }>;
    videos: Array<{ id: number; url: string }>;
    item_rating: RatingSummary;
    seller_rating: RatingSummary;
  }>(
    db,
    sql`select p.id, p.name, p.description, p.brand, p.category_id, c.name as category_name,
          p.price::float8 as price, p.discounted_price::float8 as discounted_price,
          p.effective_price::float8 as effective_price, p.selling_unit, p.tree_stock, p.quantity_limit, p.sold_count,
          s.id as seller_id, s.name as seller_name, s.logo_url as seller_logo, s.address as seller_address,
          s.description_html as seller_description, s.url_handle, s.latitude, s.longitude,
          coalesce((select json_agg(json_build_object('id', i.id, 'url', i.url, 'is_thumbnail', i.is_thumbnail)
              order by i.is_thumbnail desc, i.sort_order, i.id) from product_images i where i.product_id = p.id),
            '[]'::json) as images,
          coalesce((select json_agg(json_build_object('id', v.id, 'url', v.url) order by v.id)
              from product_videos v where v.product_id = p.id), '[]'::json) as videos,
          ${ratingOf(sql`r.product_id = p.id`)} as item_rating,
          ${ratingOf(sql`r.seller_id = s.id`)} as seller_rating
        from products p
        join seller_companies s on s.id = p.seller_id
        join categories c on c.id = p.category_id
        where p.id = ${id} and ${listed}`,
  );
  return row;
}

/** The active variations and sub-variations under a product (depth > 0), by id. */
export async function productNodes(db: Conn, rootId: number) {
  return db
    .select({
      id: products.id,
      parentId: products.parentId,
      depth: products.depth,
      name: products.name,
      price: products.price,
      discountedPrice: products.discountedPrice,
      effectivePrice: products.effectivePrice,
      stock: products.stock,
      quantityLimit: products.quantityLimit,
    })
    .from(products)
    .where(and(eq(products.rootId, rootId), gt(products.depth, 0), eq(products.isActive, true)))
    .orderBy(asc(products.id));
}

export type ProductNodeRow = Awaited<ReturnType<typeof productNodes>>[number];

/** The newest reviews of the product and of its seller (`reviewsShown` of each), told apart by kind. */
export async function latestReviews(db: Conn, productId: number, sellerId: number) {
  return rows<Review & { kind: 'item' | 'seller' }>(
    db,
    sql`(select 'item' as kind, r.id, u.first_name || ' ' || left(u.last_name, 1) || '.' as customer_name,
            r.rating::int as rate, r.review, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            r.product_id, rp.name as product_name
          from reviews r join users u on u.id = r.customer_id join products rp on rp.id = r.product_id
          where r.product_id = ${productId} order by r.created_at desc, r.id desc limit ${catalogLimits.reviewsShown})
        union all
        (select 'seller' as kind, r.id, u.first_name || ' ' || left(u.last_name, 1) || '.' as customer_name,
            r.rating::int as rate, r.review, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            r.product_id, rp.name as product_name
          from reviews r join users u on u.id = r.customer_id join products rp on rp.id = r.product_id
          where r.seller_id = ${sellerId} order by r.created_at desc, r.id desc limit ${catalogLimits.reviewsShown})`,
  );
}

/**
 * Product names among the products `where` selects (on `products p`), in `orderBy` order; with `closeness`, an
 * expression of p (how close the name is to a text), that too.
 */
export async function productNames(db: Conn, where: SQL, orderBy: SQL, limit: number, closeness?: SQL) {
  const found = await rows<{ id: number; name: string; closeness?: number }>(
    db,
    sql`select p.id, p.name${closeness ? sql`, ${closeness} as closeness` : sql``} from products p
        where ${where} order by ${orderBy} limit ${limit}`,
  );
  return found.map((row) => ({ id: Number(row.id), name: row.name, closeness: Number(row.closeness ?? 0) }));
}
