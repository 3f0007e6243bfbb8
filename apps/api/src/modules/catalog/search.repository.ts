import { catalogLimits, type SearchSort } from '@tibay/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sellerCompanies } from '../../db/schema/index.ts';
import { type Conn, intArray, rows } from '../../db/sql.ts';
import type { Filter, Order } from './catalog.repository.ts';
import { sellerNameCloseness, sellerNameMatches, textRank, typoMatches } from './text-match.repository.ts';
import type { TextMatch } from './text-match.ts';

/** The SQL of GET /search (search.service.ts says which filters, order and bounds apply). */

/** seller_companies as `s`, the name the text-matching and distance fragments use. */
const s = alias(sellerCompanies, 's');

/** Heap block of p's row: bitmap and sequential scans meet rows in block order. */
const blockOf = sql`((p.ctid::text::point)[0])::int`;

/** A page of a search: its order (of `p` rows with a rank), the rank, and where it starts. */
export interface SearchPage {
  order: SQL;
  rank: SQL;
  pageSize: number;
  offset: number;
}

/** Ordered rows of products p (with their rank) among `from`, as `p` for the page's order. */
const rankedRows = (rank: SQL, from: SQL, where: SQL) =>
  sql`select p.id, p.name, p.effective_price, p.sold_count, ${rank} as rank from ${from} where ${where}`;
const ranked = (rank: SQL, from: SQL, where: SQL) => sql`(${rankedRows(rank, from, where)}) p`;
const pageOf = (page: SearchPage) => sql`order by ${page.order} limit ${page.pageSize} offset ${page.offset}`;

/** Sellers that deliver with their own fleet: they have set at least one hardware shipping rate. */
export const deliversWithOwnFleet: Filter = sql`(s.small_item_fee_fixed > 0 or s.big_item_fee_fixed > 0
  or s.small_item_fee_per_km > 0 or s.big_item_fee_per_km > 0)`;

/** p's effective price is at least `min`. */
export const priceAtLeast = (min: number): Filter => sql`p.effective_price >= ${min}`;
/** p's effective price is at most `max`. */
export const priceAtMost = (max: number): Filter => sql`p.effective_price <= ${max}`;
/** p (its whole tree) is in stock, or out of stock. */
export const stocked = (inStock: boolean): Filter => (inStock ? sql`p.tree_stock > 0` : sql`p.tree_stock = 0`);
/** p is sold by the seller. */
export const ofSeller = (sellerId: number): Filter => sql`p.seller_id = ${sellerId}`;
/** p's brand is the brand (any case). */
export const ofBrand = (brand: string): Filter => sql`lower(p.brand) = lower(${brand})`;

/** The relevance of a hit when the order does not use it. */
export const noRank: SQL = sql`0::real`;

/** Order of the hits (columns of the `base` rows, aliased p). */
export function searchOrder(sort: SearchSort): Order {
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

/** The ids of the sellers `where` selects (on `seller_companies s`). */
export async function sellerIdsWhere(db: Conn, where: SQL): Promise<number[]> {
  const found = await db.select({ id: s.id }).from(s).where(where);
  return found.map((row) => row.id);
}

/** A facet count: by category, by seller or by brand (grouping() is 0 for the column grouped by). */
export interface FacetRow {
  g_category: number;
  g_seller: number;
  category_id: number | null;
  seller_id: number | null;
  brand: string | null;
  category_name: string | null;
  seller_name: string | null;
  count: number;
}

export interface Probe {
  /** Matching rows read (at most sample + 1). */
  sample_size: number;
  /** Of those, the rows that also pass the category, seller and brand filters. */
  hit_count: number;
  /** Highest heap block the sample came from, and the table's size in blocks. */
  last_block: number | null;
  blocks: number;
  /** The page's ids, when the search is exact. */
  ids: number[];
  facets: FacetRow[];
}

/**
 * One statement: reads at most `sample + 1` of the products `where` selects (`base`), and gives their count,
 * how many of them are hits (`hit`: the category, seller and brand filters), the last heap block read, the
 * page of hits when the sample is every match, and the facet counts of the sample.
 */
export async function probeSearch(
  db: Conn,
  { where, hit, sample, ...page }: SearchPage & { where: SQL; hit: SQL; sample: number },
): Promise<Probe> {
  const { order, rank } = page;
  const [probe] = await rows<Probe>(
    db,
    sql`with base as materialized (
          select p.id, p.category_id, p.seller_id, nullif(btrim(p.brand), '') as brand, (${hit}) as hit,
            ${blockOf} as block, p.name, p.effective_price, p.sold_count, p.search
          from products p where ${where} limit ${sample + 1}
        ), exact as (
          select count(*) <= ${sample} as yes from base
        ), page as (
          select p.id, row_number() over (order by ${order}) as rn
          from ${ranked(rank, sql`base p`, sql`p.hit and (select yes from exact)`)}
          ${pageOf(page)}
        ), facet_counts as (
          select grouping(p.category_id) as g_category, grouping(p.seller_id) as g_seller,
            p.category_id, p.seller_id, p.brand, count(*)::int as count
          from base p group by grouping sets ((p.category_id), (p.seller_id), (p.brand))
        )
        select (select count(*)::int from base) as sample_size,
          (select count(*)::int from base where hit) as hit_count,
          (select max(block) from base) as last_block,
          (pg_relation_size('products') / current_setting('block_size')::int)::int as blocks,
          (select coalesce(array_agg(id order by rn), '{}') from page) as ids,
          (select coalesce(json_agg(json_build_object('g_category', f.g_category, 'g_seller', f.g_seller,
              'category_id', f.category_id, 'seller_id', f.seller_id, 'brand', f.brand, 'count', f.count,
              'category_name', c.name, 'seller_name', fs.name)
              order by f.count desc, coalesce(c.name, fs.name, f.brand)), '[]'::json)
            from facet_counts f
            left join categories c on f.g_category = 0 and c.id = f.category_id
            left join seller_companies fs on f.g_seller = 0 and fs.id = f.seller_id) as facets`,
  );
  if (!probe) throw new Error('search: no probe row');
  return probe;
}

/** How many of the products `where` selects were read (at most sample + 1), and the last heap block read. */
export async function sampleHits(db: Conn, where: SQL, sample: number) {
  const [hits] = await rows<{ count: number; last_block: number | null }>(
    db,
    sql`select count(*)::int as count, max(block) as last_block from (
          select ${blockOf} as block from products p where ${where} limit ${sample + 1}) p`,
  );
  return hits ?? { count: 0, last_block: null };
}

/**
 * A relevance page ranked among the best `candidates`: the full-text matches with the best text rank (ts_rank
 * is cheap; word_similarity, the expensive half of relevance, is left for these), ties by popularity; when
 * those are too few (a typo has no full-text match), also the closest trigram matches (word_similarity on
 * each: the typo's cost). `filters` are every filter but the text, `narrowed` the category, seller and brand.
 */
export async function bestCandidatesPage(
  db: Conn,
  filters: SQL,
  narrowed: SQL,
  match: TextMatch,
  candidates: number,
  page: SearchPage,
): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`with best as (
          select p.id from products p
          where ${filters} and p.search @@ to_tsquery('english', ${match.tsquery}) and ${narrowed}
          order by ${textRank(match)} desc, p.sold_count desc nulls last, p.id limit ${candidates}
        ), typos as (
          select p.id from products p
          where (select count(*) from best) < ${candidates}
            and ${filters} and ${typoMatches(match)} and ${narrowed}
          order by word_similarity(${match.term}, p.name) desc, p.sold_count desc nulls last, p.id
          limit ${candidates}
        ), pool as (
          select id from best union select id from typos
        )
        select p.id from ${ranked(page.rank, sql`pool c join products p on p.id = c.id`, sql`true`)} ${pageOf(page)}`,
  );
  return found.map((row) => row.id);
}

/** A page of every product `where` selects: the matches first (a MATERIALIZED CTE), then sorted. */
export async function allMatchesPage(db: Conn, where: SQL, page: SearchPage): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`with matches as materialized (${rankedRows(page.rank, sql`products p`, where)})
        select p.id from matches p ${pageOf(page)}`,
  );
  return found.map((row) => row.id);
}

/**
 * Approved sellers whose name matches the text (sellerNameMatches) first, the closest first, then the sellers `top`
 * names in its order; at most `relatedShops`.
 */
export async function relatedShopRows(db: Conn, text: string, top: number[]) {
  const nameMatch = sellerNameMatches(text);
  const closeness = sellerNameCloseness(text);
  return db
    .select({
      id: s.id,
      name: s.name,
      logoUrl: s.logoUrl,
      city: s.city,
      province: s.province,
      urlHandle: s.urlHandle,
    })
    .from(s)
    .where(and(eq(s.status, 'approved'), or(nameMatch, sql`${s.id} = any(${intArray(top)})`)))
    .orderBy(
      sql`${nameMatch} desc`,
      sql`case when ${nameMatch} then ${closeness} end desc nulls last`,
      sql`array_position(${intArray(top)}, ${s.id})`,
      s.id,
    )
    .limit(catalogLimits.relatedShops);
}
