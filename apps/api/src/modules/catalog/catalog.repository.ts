import { catalogLimits, type ListSort, type ProductCard, slugify } from '@tibay/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, intArray, rows } from '../../db/sql.ts';

/**
 * The catalog's listing SQL: what a buyer may see (listed, listedProducts), the filters and orders the listings
 * share, places and distances, paging, and the product cards. Text matching is in text-match.ts (the text) and
 * text-match.repository.ts (its SQL). Money leaves PostgreSQL as float8 (exact for integers below 2^53) so both
 * drivers return numbers.
 */

/**
 * The rows a buyer may see: active products (depth 0) of approved sellers. For single-product queries that
 * join `seller_companies s ON s.id = p.seller_id`. Listings use listedProducts instead.
 */
export const listed = sql`p.depth = 0 and p.is_active and s.status = 'approved'`;

/**
 * The same rule as a filter on `products p` alone, for listings. Joining seller_companies in a listing lets
 * the planner loop over the few sellers and re-read a whole products index for each (seconds at 100k
 * products); instead the sellers whose products must stay hidden (not approved and owning products —
 * normally none or a handful) are looked up first and excluded by id, so each listing runs on the products
 * indexes only. `sellerIds`, when given, further limits the listing to those sellers.
 */
export async function listedProducts(db: Conn, sellerIds?: readonly number[]): Promise<SQL> {
  // A query of its own, not a sub-select in the listing: with a constant list (normally empty) the listing
  // needs no seller_id test, so the ordered category and best-seller indexes stay index-only scans (1 ms
  // against 10 ms for a category of 4,352 products, measured with the sub-select).
  const hidden = await rows<{ id: number }>(
    db,
    sql`select s.id from seller_companies s
        where s.status <> 'approved' and exists (select 1 from products p where p.seller_id = s.id)`,
  );
  const parts = [sql`p.depth = 0 and p.is_active`];
  if (hidden.length > 0) parts.push(sql`p.seller_id <> all(${intArray(hidden.map((row) => row.id))})`);
  if (sellerIds) parts.push(sellerIds.length > 0 ? sql`p.seller_id = any(${intArray(sellerIds)})` : sql`false`);
  return sql.join(parts, sql` and `);
}

/**
 * A condition of a listing's query (on `products p` or `seller_companies s`), built by the repositories; the
 * services choose which apply and join them with allOf.
 */
export type Filter = SQL;

/** Every one of the filters (`a and b and ...`). */
export function allOf(filters: readonly Filter[]): Filter {
  return sql.join([...filters], sql` and `);
}

/** No condition: every row. */
export const everything: Filter = sql`true`;

/** p is in the category. */
export function inCategory(categoryId: number): Filter {
  return sql`p.category_id = ${categoryId}`;
}

/** An order of `products p` rows (ties by id). */
export type Order = SQL;

/** The best sellers first (the products_best_sellers_idx order, hence NULLS LAST). */
export const bestSellersFirst: Order = sql`p.sold_count desc nulls last, p.id`;

/** The order of a category's listing. */
export function listOrder(sort: ListSort): Order {
  switch (sort) {
    case 'price_asc':
      return sql`p.effective_price, p.id`;
    case 'price_desc':
      return sql`p.effective_price desc, p.id`;
    case 'name_asc':
      return sql`lower(p.name), p.id`;
    case 'name_desc':
      return sql`lower(p.name) desc, p.id`;
    default:
      return bestSellersFirst;
  }
}

/** Great-circle distance in km from (lat, lng) to the seller s (haversine). */
export function distanceKm(lat: number, lng: number): SQL {
  return sql`(12742 * asin(least(1, sqrt(
      power(sin(radians(s.latitude - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(s.latitude)) * power(sin(radians(s.longitude - ${lng}::float8) / 2), 2)))))`;
}

/**
 * Sellers within radiusKm of (lat, lng): a bounding box (index seller_companies_location_idx) then the
 * exact distance.
 */
export function withinRadius(lat: number, lng: number, radiusKm: number): SQL {
  const dLat = radiusKm / 111.045;
  const dLng = radiusKm / (111.045 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return sql`(s.latitude between ${lat - dLat}::float8 and ${lat + dLat}::float8
    and s.longitude between ${lng - dLng}::float8 and ${lng + dLng}::float8
    and ${distanceKm(lat, lng)} <= ${radiusKm}::float8)`;
}

export function pageCount(totalCount: number, pageSize: number): number {
  return Math.ceil(totalCount / pageSize);
}

/**
 * How pagedIds reads a listing:
 * - 'window': one statement with `count(*) over ()` — a shop's or a category's products;
 * - 'count': a count, then an ordered scan that stops after the page — the whole catalogue (best sellers);
 * - 'matches': the matching rows first (a MATERIALIZED CTE, so PostgreSQL finds them through the GIN and
 *   scope indexes instead of walking an ordered index and testing the text on every row), then count and
 *   order those — listings filtered by a keyword.
 */
export type PagingMode = 'window' | 'count' | 'matches';

/** A page of product ids and the total, for the products `where` selects (on `products p`). */
export async function pagedIds(
  db: Conn,
  where: SQL,
  orderBy: SQL,
  page: number,
  pageSize: number,
  mode: PagingMode = 'window',
): Promise<{ ids: number[]; totalCount: number }> {
  const limit = sql`limit ${pageSize} offset ${(page - 1) * pageSize}`;
  if (mode === 'count') {
    const [count] = await rows<{ total_count: number }>(
      db,
      sql`select count(*)::int as total_count from products p where ${where}`,
    );
    const totalCount = count?.total_count ?? 0;
    if (totalCount <= (page - 1) * pageSize) return { ids: [], totalCount };
    const found = await rows<{ id: number }>(
      db,
      sql`select p.id from products p where ${where} order by ${orderBy} ${limit}`,
    );
    return { ids: found.map((row) => row.id), totalCount };
  }
  const found = await rows<{ id: number; total_count: number }>(
    db,
    mode === 'matches'
      ? sql`with matches as materialized (
              select p.id, p.name, p.effective_price, p.sold_count from products p where ${where})
            select p.id, (count(*) over ())::int as total_count from matches p order by ${orderBy} ${limit}`
      : sql`select p.id, (count(*) over ())::int as total_count from products p where ${where}
            order by ${orderBy} ${limit}`,
  );
  if (found.length > 0) return { ids: found.map((row) => row.id), totalCount: found[0]!.total_count };
  if (page === 1) return { ids: [], totalCount: 0 };
  const [count] = await rows<{ total_count: number }>(
    db,
    sql`select count(*)::int as total_count from products p where ${where}`,
  );
  return { ids: [], totalCount: count?.total_count ?? 0 };
}

export interface CardRow {
  id: number;
  name: string;
  price: number;
  discounted_price: number;
  selling_unit: string;
  category_id: number;
  tree_stock: number;
  seller_id: number;
  seller_name: string;
  seller_logo: string | null;
  url_handle: string;
  excerpt: string | null;
  photo: string | null;
  has_variations: boolean;
  average_rating: number;
  total_reviews: number;
}

/** Product cards for ids, in the order given: one query for the photos, ratings and sellers of the page. */
export async function loadCards(db: Conn, ids: readonly number[]): Promise<ProductCard[]> {
  return (await cardRows(db, ids)).map(toCard);
}

/** The rows of loadCards (those of ids that exist), in the order given. */
export async function cardRows(db: Conn, ids: readonly number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return rows<CardRow>(
    db,
    sql`select p.id, p.name, p.price::float8 as price, p.discounted_price::float8 as discounted_price,
          p.selling_unit, p.category_id, p.tree_stock, s.id as seller_id, s.name as seller_name, s.logo_url as seller_logo,
          s.url_handle,
          nullif(array_to_string((regexp_split_to_array(regexp_replace(regexp_replace(coalesce(p.description, ''),
            '<[^>]*>', ' ', 'g'), '^\\s+|\\s+$', '', 'g'), '\\s+'))[1:${sql.raw(String(catalogLimits.descriptionExcerptWords))}],
            ' '), '') as excerpt,
          (select i.url from product_images i where i.product_id = p.id
            order by i.is_thumbnail desc, i.sort_order, i.id limit 1) as photo,
          exists (select 1 from products c where c.parent_id = p.id and c.is_active) as has_variations,
          r.average_rating, r.total_reviews
        from unnest(${intArray(ids)}) with ordinality as x(id, ord)
        join products p on p.id = x.id
        join seller_companies s on s.id = p.seller_id
        cross join lateral (select coalesce(round(avg(rv.rating), 2), 0)::float8 as average_rating,
            count(*)::int as total_reviews from reviews rv where rv.product_id = p.id) r
        order by x.ord`,
  );
}

export function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    name: row.name,
    slug: slugify(row.name),
    photo: row.photo,
    price: Number(row.price),
    discounted_price: Number(row.discounted_price),
    selling_unit: row.selling_unit,
    category_id: row.category_id,
    seller: { id: row.seller_id, name: row.seller_name, seller_logo: row.seller_logo, url_handle: row.url_handle },
    description_excerpt: row.excerpt,
    rating: { average_rating: Number(row.average_rating), total: row.total_reviews },
    stocks: row.tree_stock,
    has_variations: row.has_variations,
  };
}

/** `{ items, page, pageSize, totalPages, totalCount }` for a page of ids. */
export async function cardPage(
  db: Conn,
  result: { ids: number[]; totalCount: number },
  page: number,
  pageSize: number,
) {
  return {
    items: await loadCards(db, result.ids),
    page,
    pageSize,
    totalPages: pageCount(result.totalCount, pageSize),
    totalCount: result.totalCount,
  };
}

/** City and province for a seller card. */
export function locationOf(row: { city: string; province: string | null }): string {
  return [row.city, row.province].filter((part) => part?.trim()).join(', ');
}
