import { catalogLimits, type SellerListMode, type shopQuery } from '@tibay/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { sellerCompanies, users } from '../../db/schema/index.ts';
import { type Conn, intArray, rows } from '../../db/sql.ts';
import { bestSellersFirst, type Filter, type Order } from './catalog.repository.ts';
import { sellerNameCloseness, sellerNameMatches } from './text-match.repository.ts';

/** The SQL of sellers: the listing, names for the search box, microsites, shops and the buyer's saved place. */

/** seller_companies as `s`, the name the text-matching and distance fragments use. */
const s = alias(sellerCompanies, 's');

/** s is an approved seller. */
export const approvedSeller: Filter = sql`s.status = 'approved'`;

/** A seller's distance when no place is known. */
export const unknownDistance: SQL = sql`null::float8`;

/** The order of GET /sellers: nearest first (sellerPage's distance_km), or by name. */
export function sellerOrder(mode: SellerListMode): SQL {
  return mode === 'nearby' ? sql`distance_km, s.id` : sql`lower(s.name), s.id`;
}

/** The saved coordinates of a customer, when both are set. */
export async function savedCoordinates(db: Conn, userId: number) {
  const [row] = await db.select({ lat: users.latitude, lng: users.longitude }).from(users).where(eq(users.id, userId));
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}

/** How many sellers `where` selects (on `seller_companies s`). */
export async function countSellers(db: Conn, where: SQL): Promise<number> {
  const [row] = await rows<{ total_count: number }>(
    db,
    sql`select count(*)::int as total_count from seller_companies s where ${where}`,
  );
  return row?.total_count ?? 0;
}

/** A page of the sellers `where` selects, with their distance (a `distance` expression, or null). */
export async function sellerPage(db: Conn, where: SQL, distance: SQL, orderBy: SQL, limit: number, offset: number) {
  return db
    .select({
      id: s.id,
      name: s.name,
      logoUrl: s.logoUrl,
      city: s.city,
      province: s.province,
      urlHandle: s.urlHandle,
      latitude: s.latitude,
      longitude: s.longitude,
      distanceKm: sql<number | null>`${distance}`.as('distance_km'),
    })
    .from(s)
    .where(where)
    .orderBy(orderBy)
    .limit(limit)
    .offset(offset);
}

/** Up to `sellerCardPhotos` best-selling products (id, photo) per seller, for all the page's sellers in one query. */
export async function sellerProductPhotos(db: Conn, sellerIds: number[]) {
  if (sellerIds.length === 0) return [];
  return rows<{ seller_id: number; id: number; photo: string | null }>(
    db,
    sql`select x.seller_id, p.id,
          (select i.url from product_images i where i.product_id = p.id
            order by i.is_thumbnail desc, i.sort_order, i.id limit 1) as photo
        from unnest(${intArray(sellerIds)}) as x(seller_id)
        cross join lateral (select p.id from products p
          where p.seller_id = x.seller_id and p.depth = 0 and p.is_active
          order by p.sold_count desc nulls last, p.id limit ${catalogLimits.sellerCardPhotos}) p`,
  );
}

/** Approved sellers `match` selects (on `seller_companies s`), ordered by `orderBy`. */
export async function sellerNames(db: Conn, match: SQL, orderBy: SQL, limit: number) {
  return db
    .select({
      id: s.id,
      name: s.name,
      urlHandle: s.urlHandle,
      logoUrl: s.logoUrl,
    })
    .from(s)
    .where(and(eq(s.status, 'approved'), match))
    .orderBy(orderBy)
    .limit(limit);
}

export type SellerName = Awaited<ReturnType<typeof sellerNames>>[number];

/** Approved sellers whose name matches the text (sellerNameMatches), closest names first. */
export function sellerNamesMatching(db: Conn, text: string, limit: number) {
  return sellerNames(db, sellerNameMatches(text), sql`${sellerNameCloseness(text)} desc, lower(s.name), s.id`, limit);
}

/** The approved seller whose microsite handle this is (any case). */
export async function findMicrosite(db: Conn, handle: string) {
  const [row] = await db
    .select({
      id: sellerCompanies.id,
      micrositeHandle: sellerCompanies.micrositeHandle,
      brand: sql<string>`coalesce(nullif(${sellerCompanies.micrositeBrand}, ''), ${sellerCompanies.name})`,
      urlHandle: sellerCompanies.urlHandle,
    })
    .from(sellerCompanies)
    .where(
      and(sql`lower(${sellerCompanies.micrositeHandle}) = lower(${handle})`, eq(sellerCompanies.status, 'approved')),
    );
  return row;
}

/** An approved seller by url_handle (any case) or numeric id (the handle wins). */
export async function findApprovedSeller(db: Conn, handleOrId: string) {
  const numericId = /^\d{1,9}$/.test(handleOrId) ? Number(handleOrId) : null;
  const byHandle = sql`lower(${sellerCompanies.urlHandle}) = lower(${handleOrId})`;
  const [row] = await db
    .select({
      id: sellerCompanies.id,
      name: sellerCompanies.name,
      logoUrl: sellerCompanies.logoUrl,
      bannerUrl: sellerCompanies.bannerUrl,
      address: sellerCompanies.address,
      city: sellerCompanies.city,
      province: sellerCompanies.province,
      descriptionHtml: sellerCompanies.descriptionHtml,
      urlHandle: sellerCompanies.urlHandle,
      latitude: sellerCompanies.latitude,
      longitude: sellerCompanies.longitude,
    })
    .from(sellerCompanies)
    .where(
      and(
        eq(sellerCompanies.status, 'approved'),
        numericId === null ? byHandle : sql`(${byHandle} or ${sellerCompanies.id} = ${numericId})`,
      ),
    )
    .orderBy(sql`(${byHandle}) desc`)
    .limit(1);
  return row;
}

export type ShopSeller = NonNullable<Awaited<ReturnType<typeof findApprovedSeller>>>;

/** A shop's categories with how many of its listed products each holds, in the categories' order. */
export async function shopCategories(db: Conn, shopProducts: SQL) {
  return rows<{ category_id: number; product_category: string; count: number }>(
    db,
    sql`select c.id as category_id, c.name as product_category, count(*)::int as count
        from products p join categories c on c.id = p.category_id
        where ${shopProducts}
        group by c.id, c.name, c.sort_order order by c.sort_order, c.name`,
  );
}

/** The listed products of a shop already known to be approved (findApprovedSeller). */
export function shopProducts(sellerId: number): Filter {
  return sql`p.depth = 0 and p.is_active and p.seller_id = ${sellerId}`;
}

/** The order of a shop's products: by price (asc, desc), else best sellers first. */
export function shopOrder(sort: z.output<typeof shopQuery>['sort']): Order {
  if (sort === 'asc') return sql`p.effective_price, p.id`;
  if (sort === 'desc') return sql`p.effective_price desc, p.id`;
  return bestSellersFirst;
}
