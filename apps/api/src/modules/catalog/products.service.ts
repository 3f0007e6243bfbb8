import {
  type bestSellersQuery,
  type Category,
  type CategoryProductsResponse,
  catalogLimits,
  type categoryProductsQuery,
  type ListSort,
  messages,
  type ProductDetailResponse,
  type ProductNode,
  paintCategoryId,
  type Review,
  slugify,
  type Variation,
} from '@tibay/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Conn, rows } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';
import type { SynonymMap } from '../../lib/query-synonyms.ts';
import { sanitizeSellerHtml } from '../../lib/sanitize-html.ts';
import { cardPage, listed, listedProducts, pagedIds, parseKeyword, textMatches } from './catalog.sql.ts';

export function listOrder(sort: ListSort): SQL {
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
      return sql`p.sold_count desc nulls last, p.id`;
  }
}

/** GET /categories/:id: the banner data; 404 for an unknown id. */
export async function categoryById(db: Conn, id: number): Promise<Category> {
  const [row] = await rows<{ id: number; name: string; photo_url: string | null; banner_url: string | null }>(
    db,
    sql`select id, name, photo_url, banner_url from categories where id = ${id}`,
  );
  if (!row) throw new HttpError('NOT_FOUND', messages.categoryNotFound);
  return { category_id: row.id, product_category: row.name, photo: row.photo_url, banner: row.banner_url };
}

/** GET /categories/:id/products: the category (for the banner) and a page of its products. */
export async function categoryProducts(
  db: Conn,
  id: number,
  query: z.output<typeof categoryProductsQuery>,
  synonyms: SynonymMap,
): Promise<CategoryProductsResponse> {
  const category = await categoryById(db, id);
  const filters: SQL[] = [await listedProducts(db), sql`p.category_id = ${id}`];
  const match = parseKeyword(query.keyword, synonyms);
  if (match) filters.push(textMatches(match));
  const where = sql.join(filters, sql` and `);
  const paged = await pagedIds(
    db,
    where,
    listOrder(query.sort),
    query.page,
    query.pageSize,
    match ? 'matches' : 'window',
  );
  return { ...(await cardPage(db, paged, query.page, query.pageSize)), category };
}

/** GET /products/best-sellers: by units sold, across every category (0) or one. */
export async function bestSellers(db: Conn, query: z.output<typeof bestSellersQuery>) {
  const filters: SQL[] = [await listedProducts(db)];
  if (query.category > 0) filters.push(sql`p.category_id = ${query.category}`);
  // The whole catalogue: count, then read the page in index order (products_best_sellers_idx).
  const order = sql`p.sold_count desc nulls last, p.id`;
  const paged = await pagedIds(db, sql.join(filters, sql` and `), order, query.page, query.pageSize, 'count');
  return cardPage(db, paged, query.page, query.pageSize);
}

interface DetailRow {
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
  item_rating: { average: number; total: number };
  seller_rating: { average: number; total: number };
}

interface NodeRow {
  id: number;
  parent_id: number;
  depth: number;
  name: string;
  price: number;
  discounted_price: number;
  effective_price: number;
  stock: number;
  quantity_limit: number;
}

const ratingOf = (scope: SQL) =>
  sql`(select json_build_object('average', coalesce(round(avg(r.rating), 2), 0)::float8, 'total', count(*)::int)
        from reviews r where ${scope})`;

/** GET /products/:id: the product tree, media, seller and both review summaries (4 queries). */
export async function productDetail(db: Conn, id: number): Promise<ProductDetailResponse> {
  const [row] = await rows<DetailRow>(
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
  if (!row) throw new HttpError('NOT_FOUND', messages.productNotFound);

  const nodes = await rows<NodeRow>(
    db,
    sql`select id, parent_id, depth, name, price::float8 as price, discounted_price::float8 as discounted_price,
          effective_price::float8 as effective_price, stock, quantity_limit
        from products where root_id = ${id} and depth > 0 and is_active order by id`,
  );
  const reviews = await rows<Review & { kind: 'item' | 'seller' }>(
    db,
    sql`(select 'item' as kind, r.id, u.first_name || ' ' || left(u.last_name, 1) || '.' as customer_name,
            r.rating::int as rate, r.review, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            r.product_id, rp.name as product_name
          from reviews r join users u on u.id = r.customer_id join products rp on rp.id = r.product_id
          where r.product_id = ${id} order by r.created_at desc, r.id desc limit ${catalogLimits.reviewsShown})
        union all
        (select 'seller' as kind, r.id, u.first_name || ' ' || left(u.last_name, 1) || '.' as customer_name,
            r.rating::int as rate, r.review, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            r.product_id, rp.name as product_name
          from reviews r join users u on u.id = r.customer_id join products rp on rp.id = r.product_id
          where r.seller_id = ${row.seller_id} order by r.created_at desc, r.id desc limit ${catalogLimits.reviewsShown})`,
  );

  const variations = buildVariations(id, nodes);
  const leafPrices = leafEffectivePrices(nodes, variations);
  const prices = leafPrices.length > 0 ? leafPrices : [Number(row.effective_price)];
  const reviewItems = (kind: 'item' | 'seller') =>
    reviews.filter((r) => r.kind === kind).map(({ kind: _kind, ...review }) => review);

  return {
    product: {
      id: row.id,
      name: row.name,
      slug: slugify(row.name),
      description: row.description,
      brand: row.brand,
      category: { category_id: row.category_id, product_category: row.category_name },
      photo: row.images[0]?.url ?? null,
      product_images: row.images,
      product_videos: row.videos,
      price: Number(row.price),
      discounted_price: Number(row.discounted_price),
      price_range: { min: Math.min(...prices), max: Math.max(...prices) },
      selling_unit: row.selling_unit,
      stocks: row.tree_stock,
      quantity_limit: row.quantity_limit,
      is_paint: row.category_id === paintCategoryId,
      sold_count: row.sold_count,
      rating: { average_rating: Number(row.item_rating.average), total: row.item_rating.total },
      seller: {
        id: row.seller_id,
        name: row.seller_name,
        company_name: row.seller_name,
        seller_logo: row.seller_logo,
        address: row.seller_address,
        description: row.seller_description ? sanitizeSellerHtml(row.seller_description) : null,
        url_handle: row.url_handle,
        latitude: row.latitude,
        longitude: row.longitude,
      },
      variations,
    },
    item_reviews: {
      average_rating: Number(row.item_rating.average),
      total: row.item_rating.total,
      items: reviewItems('item'),
    },
    seller_reviews: {
      average_rating: Number(row.seller_rating.average),
      total: row.seller_rating.total,
      items: reviewItems('seller'),
    },
  };
}

function nodeOf(row: NodeRow, stocks: number): ProductNode {
  return {
    id: row.id,
    name: row.name,
    price: Number(row.price),
    discounted_price: Number(row.discounted_price),
    stocks,
    quantity_limit: row.quantity_limit,
  };
}

/** Variations (depth 1 under the product) with their sub-variations; a variation's stock sums its leaves'. */
function buildVariations(rootId: number, nodes: NodeRow[]): Variation[] {
  return nodes
    .filter((node) => node.depth === 1 && node.parent_id === rootId)
    .map((variation) => {
      const subs = nodes.filter((node) => node.depth === 2 && node.parent_id === variation.id);
      const stocks = subs.length > 0 ? subs.reduce((sum, sub) => sum + sub.stock, 0) : variation.stock;
      return { ...nodeOf(variation, stocks), sub_variations: subs.map((sub) => nodeOf(sub, sub.stock)) };
    });
}

function leafEffectivePrices(nodes: NodeRow[], variations: Variation[]): number[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const leafIds = variations.flatMap((v) => (v.sub_variations.length > 0 ? v.sub_variations.map((s) => s.id) : [v.id]));
  return leafIds.map((leafId) => Number(byId.get(leafId)?.effective_price ?? 0));
}
