import { catalogLimits, type ProductCard, searchWords, slugify } from '@tibay/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type Conn, intArray, rows } from '../../db/sql.ts';
import {
  everyWordKnown,
  expandQuery,
  type QueryPart,
  queryPhrasings,
  type SynonymMap,
} from '../../lib/query-synonyms.ts';

/**
 * SQL shared by the discovery queries: raw rows, the listed-product predicate, keyword matching and the
 * product card loader. Money leaves PostgreSQL as float8 (exact for integers below 2^53) so both drivers
 * return numbers.
 */

/**
 * The lowest word similarity (0..1) for the trigram match `name %> term`. PostgreSQL's default (0.6) misses
 * one-letter typos in short words ("cemnt" vs cement scores 0.5).
 */
export const TYPO_THRESHOLD = 0.45;

/** Connections (pg clients, or the PGlite instance) whose session already has the TYPO_THRESHOLD. */
const tolerant = new WeakSet<object>();

/**
 * Runs fn in a transaction whose trigram threshold is TYPO_THRESHOLD. The first time a connection runs
 * one, the threshold is set for its session (set_config(..., false)), so the next requests on that pooled
 * connection skip the extra round trip; a rolled-back first transaction takes the setting back and does not
 * count. Every `%>` of the app either runs here or sets its own transaction-local threshold (suggestions).
 */
export async function withTypoTolerance<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let configured: object | null = null;
  const result = await db.transaction(async (tx) => {
    const client = (tx as unknown as { session?: { client?: object } }).session?.client;
    if (!client || !tolerant.has(client)) {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, false)`);
      configured = client ?? null;
    }
    return fn(tx);
  });
  if (configured) tolerant.add(configured);
  return result;
}

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
 * A keyword as the discovery queries match it: a prefix full-text query in which the words a search synonym
 * rule names also accept the rule's synonyms (`(yero:* | (corrugated:* & gi:* & sheet:*)) & 26:*`), and the
 * words as typed for the trigram (typo) match.
 */
export interface TextMatch {
  tsquery: string;
  term: string;
  /**
   * Whether a name within a typo of term also matches. Not when every word is a synonym rule's term: a known
   * word is no typo ("semento" means cement, not the similar "Casement").
   */
  typos: boolean;
  /** The query as typed and with its synonyms: relevance ranks names by closeness to the nearest. */
  phrasings: string[];
}

/** Up to 8 words of the keyword, expanded by the search synonyms (lib/query-synonyms.ts). */
export function parseKeyword(keyword: string | undefined, synonyms: SynonymMap): TextMatch | null {
  if (!keyword) return null;
  const words = searchWords(keyword).slice(0, 8);
  if (words.length === 0) return null;
  const parts = expandQuery(words, synonyms);
  return {
    tsquery: parts.map(partQuery).join(' & '),
    term: words.join(' '),
    typos: !everyWordKnown(parts),
    phrasings: queryPhrasings(parts),
  };
}

const prefixQuery = (words: readonly string[]) => words.map((word) => `${word}:*`).join(' & ');

/** A part's words as prefixes; with synonyms, any one of its phrasings. */
function partQuery(part: QueryPart): string {
  if (part.alternatives.length === 0) return prefixQuery(part.words);
  return `(${[part.words, ...part.alternatives].map((words) => `(${prefixQuery(words)})`).join(' | ')})`;
}

/**
 * p (a depth-0 product) matches a keyword: full text (word prefixes, weighted document) or a name within a
 * typo (trigram word similarity). Both GIN indexes are partial on `depth = 0`, the same predicate every
 * listing has, so PostgreSQL combines them with a BitmapOr (and, in a shop or a category, a BitmapAnd with
 * the scope's index) and rechecks only the candidates. Measured on 100k products this beats a UNION of
 * the two matches joined back to products, which hashes every id and scans the table (bench/README.md).
 */
export function textMatches(match: TextMatch): SQL {
  const fullText = sql`p.search @@ to_tsquery('english', ${match.tsquery})`;
  return match.typos ? sql`(${fullText} or p.name %> ${match.term})` : fullText;
}

/** p's name is within a typo of the keyword (false for known words: see TextMatch.typos). */
export function typoMatches(match: TextMatch): SQL {
  return match.typos ? sql`p.name %> ${match.term}` : sql`false`;
}

/**
 * Relevance of p to a keyword: the weighted full-text rank (A name 1.0, B brand 0.4, C category and
 * seller 0.2, D description 0.1) plus how close the name is to the term (0..1, catches typos).
 */
export function relevance(match: TextMatch): SQL {
  return sql`(${textRank(match)} + ${nameCloseness(match)})`;
}

/**
 * How close p's name is to what the buyer meant (0..1): the word similarity to the query as typed or, with
 * synonyms, to the nearest of its phrasings ("semento": Portland Cement is as close as "cement").
 */
export function nameCloseness(match: TextMatch): SQL {
  if (match.phrasings.length <= 1) return sql`word_similarity(${match.term}, p.name)`;
  return sql`greatest(${sql.join(
    match.phrasings.map((phrasing) => sql`word_similarity(${phrasing}, p.name)`),
    sql`, `,
  )})`;
}

/** The full-text part of relevance: cheap (it reads the document already fetched), unlike word_similarity. */
export function textRank(match: TextMatch): SQL {
  return sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', p.search, to_tsquery('english', ${match.tsquery}))`;
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

interface CardRow {
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
  if (ids.length === 0) return [];
  const found = await rows<CardRow>(
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
  return found.map(toCard);
}

function toCard(row: CardRow): ProductCard {
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
