import type { sellerListQuery, sellerSearchQuery, shopQuery, shopSuggestionQuery } from '@tibay/contract';
import {
  catalogLimits,
  type Microsite,
  messages,
  type NameSuggestions,
  type SellerCard,
  type SellerListMode,
  type SellerListResponse,
  type ShopResponse,
} from '@tibay/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Conn, escapeLike, intArray, rows } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';
import type { SynonymMap } from '../../lib/query-synonyms.ts';
import { sanitizeSellerHtml } from '../../lib/sanitize-html.ts';
import {
  cardPage,
  distanceKm,
  locationOf,
  nameCloseness,
  pageCount,
  pagedIds,
  parseKeyword,
  textMatches,
  withinRadius,
} from './catalog.sql.ts';

export interface Coordinates {
  lat: number;
  lng: number;
}

interface SellerRow {
  id: number;
  name: string;
  logo_url: string | null;
  city: string;
  province: string | null;
  url_handle: string;
  latitude: number;
  longitude: number;
  distance_km: number | null;
}

/** Seller names matching a keyword: a substring or a name within a typo (trigram index on name). */
function sellerNameMatches(keyword: string): SQL {
  const escaped = escapeLike(keyword);
  return sql`(s.name ilike ${`%${escaped}%`} or s.name %> ${keyword.toLowerCase()})`;
}

/**
 * GET /sellers. Nearby: approved sellers within the radius, nearest first. Global: every approved seller
 * by name. The distance is given whenever coordinates are known.
 */
export async function listSellers(
  db: Conn,
  query: z.output<typeof sellerListQuery>,
  coordinates: Coordinates | null,
): Promise<SellerListResponse> {
  const mode: SellerListMode = query.mode ?? (coordinates ? 'nearby' : 'global');
  if (mode === 'nearby' && !coordinates) throw new HttpError('VALIDATION', messages.coordinatesRequired);
  const radius = catalogLimits.nearbyRadiusKm;
  const filters: SQL[] = [sql`s.status = 'approved'`];
  if (mode === 'nearby' && coordinates) filters.push(withinRadius(coordinates.lat, coordinates.lng, radius));
  if (query.keyword) filters.push(sellerNameMatches(query.keyword));
  const where = sql.join(filters, sql` and `);
  const distance = coordinates ? distanceKm(coordinates.lat, coordinates.lng) : sql`null::float8`;
  const orderBy = mode === 'nearby' ? sql`distance_km, s.id` : sql`lower(s.name), s.id`;

  const [{ total_count: totalCount } = { total_count: 0 }] = await rows<{ total_count: number }>(
    db,
    sql`select count(*)::int as total_count from seller_companies s where ${where}`,
  );
  const found = await rows<SellerRow>(
    db,
    sql`select s.id, s.name, s.logo_url, s.city, s.province, s.url_handle, s.latitude, s.longitude,
          ${distance} as distance_km
        from seller_companies s where ${where}
        order by ${orderBy} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const photos = await sellerProductPhotos(
    db,
    found.map((row) => row.id),
  );
  const items: SellerCard[] = found.map((row) => ({
    id: row.id,
    name: row.name,
    logo: row.logo_url,
    location: locationOf(row),
    url_handle: row.url_handle,
    latitude: row.latitude,
    longitude: row.longitude,
    distance_km: row.distance_km === null ? null : Math.round(row.distance_km * 100) / 100,
    products: photos.get(row.id) ?? [],
  }));
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    totalPages: pageCount(totalCount, query.pageSize),
    totalCount,
    mode,
    radius_km: radius,
  };
}

/** Up to 4 best-selling products (id, photo) per seller, for all the page's sellers in one query. */
async function sellerProductPhotos(db: Conn, sellerIds: number[]) {
  const byId = new Map<number, Array<{ id: number; photo: string | null }>>();
  if (sellerIds.length === 0) return byId;
  const found = await rows<{ seller_id: number; id: number; photo: string | null }>(
    db,
    sql`select x.seller_id, p.id,
          (select i.url from product_images i where i.product_id = p.id
            order by i.is_thumbnail desc, i.sort_order, i.id limit 1) as photo
        from unnest(${intArray(sellerIds)}) as x(seller_id)
        cross join lateral (select p.id from products p
          where p.seller_id = x.seller_id and p.depth = 0 and p.is_active
          order by p.sold_count desc nulls last, p.id limit ${catalogLimits.sellerCardPhotos}) p`,
  );
  for (const row of found) {
    const list = byId.get(row.seller_id) ?? [];
    list.push({ id: row.id, photo: row.photo });
    byId.set(row.seller_id, list);
  }
  return byId;
}

/** GET /sellers/search: seller names for the search box, closest names first. */
export async function searchSellers(db: Conn, query: z.output<typeof sellerSearchQuery>) {
  const found = await rows<{ id: number; name: string; url_handle: string; logo_url: string | null }>(
    db,
    sql`select s.id, s.name, s.url_handle, s.logo_url from seller_companies s
        where s.status = 'approved' and ${sellerNameMatches(query.q)}
        order by word_similarity(${query.q.toLowerCase()}, s.name) desc, lower(s.name), s.id
        limit ${query.limit}`,
  );
  return {
    items: found.map((row) => ({ id: row.id, name: row.name, url_handle: row.url_handle, logo: row.logo_url })),
  };
}

/** GET /microsites/:handle */
export async function micrositeByHandle(db: Conn, handle: string): Promise<Microsite> {
  const [row] = await rows<{ id: number; microsite_handle: string; brand: string; url_handle: string }>(
    db,
    sql`select s.id, s.microsite_handle, coalesce(nullif(s.microsite_brand, ''), s.name) as brand, s.url_handle
        from seller_companies s
        where lower(s.microsite_handle) = lower(${handle}) and s.status = 'approved'`,
  );
  if (!row) throw new HttpError('NOT_FOUND', messages.micrositeNotFound);
  return { id: row.id, microsite: row.microsite_handle, brand: row.brand, url_handle: row.url_handle };
}

interface ShopRow {
  id: number;
  name: string;
  logo_url: string | null;
  banner_url: string | null;
  address: string;
  city: string;
  province: string | null;
  description_html: string | null;
  url_handle: string;
  latitude: number;
  longitude: number;
}

/** An approved seller by url_handle (any case) or numeric id; 404 otherwise. */
export async function findShop(db: Conn, handleOrId: string): Promise<ShopRow> {
  const numericId = /^\d{1,9}$/.test(handleOrId) ? Number(handleOrId) : null;
  const [row] = await rows<ShopRow>(
    db,
    sql`select s.id, s.name, s.logo_url, s.banner_url, s.address, s.city, s.province, s.description_html,
          s.url_handle, s.latitude, s.longitude
        from seller_companies s
        where s.status = 'approved'
          and (lower(s.url_handle) = lower(${handleOrId}) ${numericId === null ? sql`` : sql`or s.id = ${numericId}`})
        order by (lower(s.url_handle) = lower(${handleOrId})) desc
        limit 1`,
  );
  if (!row) throw new HttpError('NOT_FOUND', messages.shopNotFound);
  return row;
}

/** GET /sellers/:handleOrId/shop: the header, its categories and one page of filtered, sorted products. */
export async function shop(
  db: Conn,
  handleOrId: string,
  query: z.output<typeof shopQuery>,
  synonyms: SynonymMap,
): Promise<ShopResponse> {
  const seller = await findShop(db, handleOrId);
  const categories = await rows<{ category_id: number; product_category: string; count: number }>(
    db,
    sql`select c.id as category_id, c.name as product_category, count(*)::int as count
        from products p join categories c on c.id = p.category_id
        where ${shopProducts(seller.id)}
        group by c.id, c.name, c.sort_order order by c.sort_order, c.name`,
  );
  const productCount = categories.reduce((sum, row) => sum + row.count, 0);

  const filters: SQL[] = [shopProducts(seller.id)];
  if (query.category) filters.push(sql`p.category_id = ${query.category}`);
  const match = parseKeyword(query.keyword, synonyms);
  if (match) filters.push(textMatches(match));
  const orderBy =
    query.sort === 'asc'
      ? sql`p.effective_price, p.id`
      : query.sort === 'desc'
        ? sql`p.effective_price desc, p.id`
        : sql`p.sold_count desc nulls last, p.id`;
  const where = sql.join(filters, sql` and `);
  const paged = await pagedIds(db, where, orderBy, query.page, query.pageSize, match ? 'matches' : 'window');
  const list = await cardPage(db, paged, query.page, query.pageSize);
  return {
    ...list,
    seller_company: {
      id: seller.id,
      seller_name: seller.name,
      seller_logo: seller.logo_url,
      seller_banner_img: seller.banner_url,
      address: seller.address,
      location: locationOf(seller),
      // Stored sanitized; cleaned again on the way out in case a row was written some other way.
      seller_description: seller.description_html ? sanitizeSellerHtml(seller.description_html) : null,
      url_handle: seller.url_handle,
      latitude: seller.latitude,
      longitude: seller.longitude,
      product_count: productCount,
    },
    categories,
  };
}

/** The listed products of a shop already known to be approved (findShop). */
export function shopProducts(sellerId: number): SQL {
  return sql`p.depth = 0 and p.is_active and p.seller_id = ${sellerId}`;
}

/**
 * Product-name suggestions among the products `where` selects (a shop's, a category's): names starting with
 * the text first, then by how close the name is (typos tolerated); best sellers first among equals.
 * Without text: the best sellers.
 */
export async function productNameSuggestions(
  db: Conn,
  where: SQL,
  query: z.output<typeof shopSuggestionQuery>,
  synonyms: SynonymMap,
): Promise<NameSuggestions> {
  const match = parseKeyword(query.q, synonyms);
  const text = query.q?.toLowerCase() ?? '';
  const escaped = escapeLike(text);
  const found = await rows<{ id: number; name: string }>(
    db,
    match
      ? sql`select p.id, p.name from products p
            where ${where} and ${textMatches(match)}
            order by (lower(p.name) like ${`${escaped}%`}) desc, ${nameCloseness(match)} desc,
              p.sold_count desc nulls last, p.id
            limit ${query.limit}`
      : sql`select p.id, p.name from products p where ${where} order by p.sold_count desc nulls last, p.id limit ${query.limit}`,
  );
  return { items: found.map((row) => ({ id: row.id, name: row.name })) };
}
