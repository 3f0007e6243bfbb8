import { catalogLimits, messages, type SearchResponse, type SearchSort, type searchQuery } from '@tibay/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import {
  type Conn,
  cardPage,
  intArray,
  listed,
  locationOf,
  matchingIds,
  pagedIds,
  parseKeyword,
  relevance,
  rows,
  type TextMatch,
  withinRadius,
} from './catalog.sql.ts';
import type { Coordinates } from './sellers.service.ts';

type Query = z.output<typeof searchQuery>;

/** Sellers that deliver with their own fleet: they have set at least one hardware shipping rate. */
const hardwareShipping = sql`(s.small_item_fee_fixed > 0 or s.big_item_fee_fixed > 0
  or s.small_item_fee_per_km > 0 or s.big_item_fee_per_km > 0)`;

function orderFor(sort: SearchSort, match: TextMatch | null): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`p.effective_price, p.id`;
    case 'price_desc':
      return sql`p.effective_price desc, p.id`;
    case 'name_desc':
      return sql`lower(p.name) desc, p.id`;
    case 'relevance':
      if (match) return sql`${relevance(match)} desc, p.sold_count desc, p.id`;
      return sql`lower(p.name), p.id`;
    default:
      return sql`lower(p.name), p.id`;
  }
}

/**
 * GET /search: a page of matching products, the sidebar's facets and up to 3 related shops.
 * Queries: page (with total), cards, facets, related shops.
 */
export async function search(db: Conn, query: Query, coordinates: Coordinates | null): Promise<SearchResponse> {
  const match = parseKeyword(query.q);
  const sort: SearchSort = query.sort === 'relevance' || !query.sort ? (match ? 'relevance' : 'name_asc') : query.sort;

  // Filters the facets keep (everything but category, seller and brand) ...
  const common: SQL[] = [listed];
  if (match) common.push(sql`p.id in ${matchingIds(match)}`);
  if (query.priceMin !== undefined) common.push(sql`p.effective_price >= ${query.priceMin}`);
  if (query.priceMax !== undefined) common.push(sql`p.effective_price <= ${query.priceMax}`);
  common.push(query.availability === 'inStock' ? sql`p.tree_stock > 0` : sql`p.tree_stock = 0`);
  if (query.deliveryOption === 'hardware_shipping') common.push(hardwareShipping);
  if (query.location === 'near') {
    if (!coordinates) throw new HttpError('VALIDATION', messages.coordinatesRequired);
    common.push(withinRadius(coordinates.lat, coordinates.lng, catalogLimits.nearbyRadiusKm));
  }
  // ... and the ones that narrow the results further.
  const all = [...common];
  if (query.category) all.push(sql`p.category_id = ${query.category}`);
  if (query.seller) all.push(sql`p.seller_id = ${query.seller}`);
  if (query.brand) all.push(sql`lower(btrim(p.brand)) = lower(${query.brand})`);

  const join = sql`from products p join seller_companies s on s.id = p.seller_id`;
  const from = sql`${join} where ${sql.join(all, sql` and `)}`;
  const paged = await pagedIds(db, from, orderFor(sort, match), query.page, query.pageSize);
  const list = await cardPage(db, paged, query.page, query.pageSize);
  const facets = await searchFacets(db, sql`${join} where ${sql.join(common, sql` and `)}`);
  const related = match ? await relatedShops(db, query.q ?? '', facets.sellers) : [];
  return { ...list, sort, facets, related_shops: related };
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

/** Category, seller and brand counts over the matching products, in one grouping-sets query. */
async function searchFacets(db: Conn, from: SQL): Promise<SearchResponse['facets']> {
  const found = await rows<FacetRow>(
    db,
    sql`select f.g_category, f.g_seller, f.category_id, f.seller_id, f.brand, f.count,
          c.name as category_name, fs.name as seller_name
        from (select grouping(p.category_id) as g_category, grouping(p.seller_id) as g_seller,
                p.category_id, p.seller_id, nullif(btrim(p.brand), '') as brand, count(*)::int as count
              ${from}
              group by grouping sets ((p.category_id), (p.seller_id), (nullif(btrim(p.brand), '')))) f
        left join categories c on f.g_category = 0 and c.id = f.category_id
        left join seller_companies fs on f.g_seller = 0 and fs.id = f.seller_id
        order by f.count desc, coalesce(c.name, fs.name, f.brand)`,
  );
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
