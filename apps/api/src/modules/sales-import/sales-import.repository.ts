import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/sql.ts';

/** The SQL of the sales order import (decision 0042). */

/** A seller's product (any node of its tree) as the import matches it by its secondary ID. */
export interface ImportProduct {
  secondary_id: string;
  product_id: number;
  root_product_id: number;
  product_name: string;
  variation_name: string | null;
  sub_variation_name: string | null;
  photo: string | null;
  stock: number;
  active: boolean;
}

/** The seller, when it exists and is approved (orders are only placed with approved shops). */
export async function approvedSeller(db: Conn, sellerId: number): Promise<{ id: number; name: string } | null> {
  const [row] = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from seller_companies where id = ${sellerId} and status = 'approved'`,
  );
  return row ?? null;
}

/** The seller's products whose secondary IDs are among `codes` (names as the checkout writes them on orders). */
export async function productsByCode(db: Conn, sellerId: number, codes: readonly string[]): Promise<ImportProduct[]> {
  if (codes.length === 0) return [];
  return rows<ImportProduct>(
    db,
    sql`select n.secondary_id, n.id as product_id, coalesce(n.root_id, n.id) as root_product_id,
               coalesce(r.name, n.name) as product_name,
               case when n.depth = 1 then n.name when n.depth = 2 then v.name end as variation_name,
               case when n.depth = 2 then n.name end as sub_variation_name,
               n.stock,
               (n.is_active and coalesce(v.is_active, true) and coalesce(r.is_active, true)) as active,
               coalesce(
                 (select i.url from product_images i where i.product_id = n.id
                   order by i.is_thumbnail desc, i.sort_order, i.id limit 1),
                 (select i.url from product_images i where i.product_id = n.root_id
                   order by i.is_thumbnail desc, i.sort_order, i.id limit 1)) as photo
        from products n
        left join products r on r.id = n.root_id and r.id <> n.id
        left join products v on v.id = n.parent_id and n.depth = 2
        where n.seller_id = ${sellerId}
          and n.secondary_id in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))
          and not exists (select 1 from products c where c.parent_id = n.id and c.is_active)`,
  );
}

/** Whether `code` is an agent's code. */
export async function isAgentCode(db: Conn, code: string): Promise<boolean> {
  const [row] = await rows<{ id: number }>(db, sql`select id from users where role = 'agent' and agent_code = ${code}`);
  return row !== undefined;
}

/** The customer's saved address, where an imported order is delivered. */
export async function customerAddress(db: Conn, customerId: number) {
  const [row] = await rows<{ address: string | null; latitude: number | null; longitude: number | null }>(
    db,
    sql`select address, latitude, longitude from users where id = ${customerId} and role = 'buyer'`,
  );
  return row ?? null;
}
