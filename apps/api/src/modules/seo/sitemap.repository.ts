import { sql } from 'drizzle-orm';
import type { Conn } from '../../db/sql.ts';
import { rows } from '../../db/sql.ts';
import { listed } from '../catalog/index.ts';

/** The sitemap's SQL: what a buyer may see (catalog's listing rule), counted and paged by id. */

const listedProducts = sql`from products p join seller_companies s on s.id = p.seller_id where ${listed}`;

export async function countListedProducts(db: Conn): Promise<number> {
  const [counted] = await rows<{ count: number | string }>(db, sql`select count(*) as count ${listedProducts}`);
  return Number(counted?.count ?? 0);
}

export function categoryIds(db: Conn) {
  return rows<{ id: number }>(db, sql`select id from categories order by sort_order, id`);
}

export function approvedShopHandles(db: Conn) {
  return rows<{ url_handle: string }>(
    db,
    sql`select url_handle from seller_companies where status = 'approved' order by id`,
  );
}

export function listedProductPage(db: Conn, page: number, pageSize: number) {
  return rows<{ id: number; name: string; updated_at: string | Date }>(
    db,
    sql`select p.id, p.name, p.updated_at ${listedProducts}
        order by p.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
}
