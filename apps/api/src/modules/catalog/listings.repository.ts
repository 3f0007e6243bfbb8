import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/sql.ts';

/** The SQL of what the in-memory listings hold beside the search index (decision 0047): sellers and categories. */

/** A seller as a shop page's header and a product card show it. */
export interface ListingSeller {
  id: number;
  name: string;
  approved: boolean;
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

/** Every seller (approved or not: a hidden seller's shop is not found, its products not listed). */
export function listingSellers(db: Conn): Promise<ListingSeller[]> {
  return rows<ListingSeller>(
    db,
    sql`select s.id, s.name, s.status = 'approved' as approved, s.logo_url, s.banner_url, s.address, s.city,
          s.province, s.description_html, s.url_handle, s.latitude, s.longitude
        from seller_companies s`,
  );
}

/** A category as its banner and a shop's category list show it. */
export interface ListingCategory {
  id: number;
  name: string;
  photo_url: string | null;
  banner_url: string | null;
  sort_order: number;
}

/** Every category. */
export function listingCategories(db: Conn): Promise<ListingCategory[]> {
  return rows<ListingCategory>(db, sql`select c.id, c.name, c.photo_url, c.banner_url, c.sort_order from categories c`);
}

/** The ids of the best-selling listed products (depth 0, active), most sold first: whose cards are read ahead. */
export async function bestSellingIds(db: Conn, limit: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`select id from products where depth = 0 and is_active order by sold_count desc, id limit ${limit}`,
  );
  return found.map((row) => row.id);
}
