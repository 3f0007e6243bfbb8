import { sql } from 'drizzle-orm';
import { type Conn, intArray, rows } from '../../db/sql.ts';
import { deliversWithOwnFleet } from './search.repository.ts';
import type { IndexRow } from './search-index-shapes.ts';

/** The SQL of the in-memory search index (decision 0043): what it reads from PostgreSQL, the source of truth. */

/**
 * The NOTIFY channel of catalogue changes: `p:<ids>` for products, `o` for sellers and categories (the triggers of
 * migrations search_index and listings_notify), `m:<n>` a keeper's own mark (SearchIndexKeeper.caughtUp).
 */
export const SEARCH_CHANNEL = 'catalog_search';

/** Announces a payload on the channel (when the surrounding transaction, if any, commits). */
export async function announce(db: Conn, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SEARCH_CHANNEL}, ${payload})`);
}

const productColumns = sql`p.id, p.seller_id, p.category_id, p.brand, p.name, p.effective_price::float8 as price,
  p.sold_count, p.tree_stock, p.is_active, p.search::text as search`;

/** Products (depth 0) after `afterId`, by id, at most `limit`: one batch of the index's build. */
export function productBatch(db: Conn, afterId: number, limit: number): Promise<IndexRow[]> {
  return rows<IndexRow>(
    db,
    sql`select ${productColumns} from products p where p.depth = 0 and p.id > ${afterId} order by p.id limit ${limit}`,
  );
}

/** How many products (depth 0) a build will read: the index makes room for them at once (SearchIndex.reserve). */
export async function productCount(db: Conn): Promise<number> {
  const [row] = await rows<{ count: number }>(db, sql`select count(*)::int as count from products p where p.depth = 0`);
  return row?.count ?? 0;
}

/** The products (depth 0) among `ids`: those missing were deleted or are variations. */
export function productsWithIds(db: Conn, ids: readonly number[]): Promise<IndexRow[]> {
  return rows<IndexRow>(
    db,
    sql`select ${productColumns} from products p where p.depth = 0 and p.id = any(${intArray(ids)})`,
  );
}

export interface SellerRow {
  id: number;
  name: string;
  approved: boolean;
  logo_url: string | null;
  city: string;
  province: string | null;
  url_handle: string;
  latitude: number;
  longitude: number;
  /** The seller has set hardware shipping rates (search.repository.ts deliversWithOwnFleet). */
  own_fleet: boolean;
}

/** Every seller: listed or hidden, and what a related shop shows. */
export function allSellers(db: Conn): Promise<SellerRow[]> {
  return rows<SellerRow>(
    db,
    sql`select s.id, s.name, s.status = 'approved' as approved, s.logo_url, s.city, s.province, s.url_handle,
          s.latitude, s.longitude, ${deliversWithOwnFleet} as own_fleet
        from seller_companies s`,
  );
}

/** Every category's name. */
export function allCategories(db: Conn): Promise<Array<{ id: number; name: string }>> {
  return rows(db, sql`select c.id, c.name from categories c`);
}

/** A text[] literal of search words (letters and digits; quoted all the same). */
const textArray = (words: readonly string[]) =>
  `{${words.map((word) => `"${word.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/** The lexemes of each word as a prefix query (`to_tsquery('english', word:*)`): none for a stop word. */
export async function stemsOf(db: Conn, words: readonly string[]): Promise<Map<string, string[]>> {
  const found = await rows<{ word: string; query: string }>(
    db,
    sql`select w as word, to_tsquery('english', w || ':*')::text as query from unnest(${textArray(words)}::text[]) as w`,
  );
  const stems = new Map<string, string[]>();
  for (const row of found) {
    const lexemes = [...row.query.matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] ?? '').replaceAll("''", "'"));
    stems.set(row.word, lexemes);
  }
  return stems;
}
