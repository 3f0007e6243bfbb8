import { catalogLimits, messages, type SearchResponse, type SearchSort, type searchQuery } from '@tibay/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import {
  type Conn,
  cardPage,
  intArray,
  listedProducts,
  locationOf,
  parseKeyword,
  relevance,
  rows,
  textMatches,
  withinRadius,
} from './catalog.sql.ts';
import type { Coordinates } from './sellers.service.ts';

type Query = z.output<typeof searchQuery>;

/** Sellers that deliver with their own fleet: they have set at least one hardware shipping rate. */
const hardwareShipping = sql`(s.small_item_fee_fixed > 0 or s.big_item_fee_fixed > 0
  or s.small_item_fee_per_km > 0 or s.big_item_fee_per_km > 0)`;

/** Order of the hits (columns of the `base` rows, aliased p). */
function orderFor(sort: SearchSort): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`p.effective_price, p.id`;
    case 'price_desc':
      return sql`p.effective_price desc, p.id`;
    case 'name_desc':
      return sql`lower(p.name) desc, p.id`;
    case 'relevance':
      return sql`p.rank desc, p.sold_count desc nulls last, p.id`;
    default:
      return sql`lower(p.name), p.id`;
  }
}

interface FacetRow {
  g_category: number;
  g_seller: number;
  category_id: number | null;
  seller_id: number | null;
  brand: string | null;
  category_name: string | null;
  seller_name: string | null;
  count: number;
}

/**
 * GET /search: a page of matching products, the sidebar's facets and up to 3 related shops.
 * The matching set is computed once (`base`: every filter but category, seller and brand); the page, the
 * total and the facet counts come from it in the same statement. Then the cards, then the related shops.
 */
export async function search(db: Conn, query: Query, coordinates: Coordinates | null): Promise<SearchResponse> {
  const match = parseKeyword(query.q);
  const sort: SearchSort = query.sort === 'relevance' || !query.sort ? (match ? 'relevance' : 'name_asc') : query.sort;

  // Seller-level filters become a list of seller ids first, so the product query needs no join.
  let sellerIds: number[] | undefined;
  if (query.location === 'near' || query.deliveryOption === 'hardware_shipping') {
    const conditions: SQL[] = [sql`s.status = 'approved'`];
    if (query.location === 'near') {
      if (!coordinates) throw new HttpError('VALIDATION', messages.coordinatesRequired);
      conditions.push(withinRadius(coordinates.lat, coordinates.lng, catalogLimits.nearbyRadiusKm));
    }
    if (query.deliveryOption === 'hardware_shipping') conditions.push(hardwareShipping);
    const found = await rows<{ id: number }>(
      db,
      sql`select s.id from seller_companies s where ${sql.join(conditions, sql` and `)}`,
    );
    sellerIds = found.map((row) => row.id);
  }

  const common: SQL[] = [await listedProducts(db, sellerIds)];
  if (match) common.push(textMatches(match));
  if (query.priceMin !== undefined) common.push(sql`p.effective_price >= ${query.priceMin}`);
  if (query.priceMax !== undefined) common.push(sql`p.effective_price <= ${query.priceMax}`);
  common.push(query.availability === 'inStock' ? sql`p.tree_stock > 0` : sql`p.tree_stock = 0`);

  const narrow: SQL[] = [sql`true`];
  if (query.category) narrow.push(sql`p.category_id = ${query.category}`);
  if (query.seller) narrow.push(sql`p.seller_id = ${query.seller}`);
  if (query.brand) narrow.push(sql`lower(p.brand) = lower(${query.brand})`);

  const rank = sort === 'relevance' && match ? relevance(match) : sql`0::real`;
  const order = orderFor(sort);
  const [result] = await rows<{ total_count: number; ids: number[]; facets: FacetRow[] }>(
    db,
    sql`with base as materialized (
          select p.id, p.category_id, p.seller_id, nullif(btrim(p.brand), '') as brand, p.name,
            p.effective_price, p.sold_count, ${rank} as rank
          from products p where ${sql.join(common, sql` and `)}
        ), hits as (
          select * from base p where ${sql.join(narrow, sql` and `)}
        ), page as (
          select p.id, row_number() over (order by ${order}) as rn from hits p
          order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
        ), facet_counts as (
          select grouping(p.category_id) as g_category, grouping(p.seller_id) as g_seller,
            p.category_id, p.seller_id, p.brand, count(*)::int as count
          from base p group by grouping sets ((p.category_id), (p.seller_id), (p.brand))
        )
        select (select count(*)::int from hits) as total_count,
          (select coalesce(array_agg(id order by rn), '{}') from page) as ids,
          (select coalesce(json_agg(json_build_object('g_category', f.g_category, 'g_seller', f.g_seller,
              'category_id', f.category_id, 'seller_id', f.seller_id, 'brand', f.brand, 'count', f.count,
              'category_name', c.name, 'seller_name', fs.name)
              order by f.count desc, coalesce(c.name, fs.name, f.brand)), '[]'::json)
            from facet_counts f
            left join categories c on f.g_category = 0 and c.id = f.category_id
            left join seller_companies fs on f.g_seller = 0 and fs.id = f.seller_id) as facets`,
  );
  const totalCount = result?.total_count ?? 0;
  const list = await cardPage(db, { ids: (result?.ids ?? []).map(Number), totalCount }, query.page, query.pageSize);
  const facets = facetsOf(result?.facets ?? []);
  const related = match ? await relatedShops(db, query.q ?? '', facets.sellers) : [];
  return { ...list, sort, facets, related_shops: related };
}

/** Category, seller and brand counts, most products first. */
function facetsOf(found: FacetRow[]): SearchResponse['facets'] {
  const limit = catalogLimits.facetValues;
  const categories = found
    .filter((row) => row.g_category === 0 && row.category_id !== null)
    .slice(0, limit)
    .map((row) => ({ category_id: row.category_id!, product_category: row.category_name ?? '', count: row.count }));
  const sellers = found
    .filter((row) => row.g_seller === 0 && row.seller_id !== null)
    .slice(0, limit)
    .map((row) => ({ id: row.seller_id!, name: row.seller_name ?? '', count: row.count }));
  const brands = found
    .filter((row) => row.g_category === 1 && row.g_seller === 1 && row.brand !== null)
    .slice(0, limit)
    .map((row) => ({ brand: row.brand!, count: row.count }));
  return { categories, sellers, brands };
}

/** Sellers whose name matches the text first, then those with the most matching products. */
async function relatedShops(db: Conn, text: string, sellerFacet: Array<{ id: number; count: number }>) {
  const counts = new Map(sellerFacet.map((row) => [row.id, row.count]));
  const top = sellerFacet.slice(0, catalogLimits.relatedShops).map((row) => row.id);
  const term = text.toLowerCase();
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  const nameMatch = sql`(s.name ilike ${`%${escaped}%`} or s.name %> ${term})`;
  const found = await rows<{
    id: number;
    name: string;
    logo_url: string | null;
    city: string;
    province: string | null;
    url_handle: string;
  }>(
    db,
    sql`select s.id, s.name, s.logo_url, s.city, s.province, s.url_handle from seller_companies s
        where s.status = 'approved' and (${nameMatch} or s.id = any(${intArray(top)}))
        order by ${nameMatch} desc, case when ${nameMatch} then word_similarity(${term}, s.name) end desc nulls last,
          array_position(${intArray(top)}, s.id), s.id
        limit ${catalogLimits.relatedShops}`,
  );
  return found.map((row) => ({
    id: row.id,
    name: row.name,
    logo: row.logo_url,
    location: locationOf(row),
    url_handle: row.url_handle,
    product_count: counts.get(row.id) ?? 0,
  }));
}
