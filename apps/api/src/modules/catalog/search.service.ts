import { catalogLimits, messages, type SearchResponse, type SearchSort, type searchQuery } from '@tibay/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Conn, intArray, rows } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';
import { cardPage, listedProducts, locationOf, withinRadius } from './catalog.repository.ts';
import type { CatalogDeps } from './products.service.ts';
import { type Coordinates, coordinatesFor } from './sellers.service.ts';
import {
  parseKeyword,
  relevance,
  sellerNameCloseness,
  sellerNameMatches,
  type TextMatch,
  textMatches,
  textRank,
  typoMatches,
  withTypoTolerance,
} from './text-match.ts';

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

/**
 * How much of a search's matches one request reads (decision 0006). At most `sample + 1` matching rows are
 * read, in the order the bitmap scan meets them (the table's physical order). When that is all of them the
 * search is exact. When there are more (a very common word: "cement" matches 16k of 100k products), the
 * search is *large*: the total and the facet counts are estimated from the sample, and the relevance page
 * is ranked among the `candidates` full-text matches with the best text rank, ties by popularity (a
 * typo: among the closest trigram matches). Price and name sorts and relevance pages beyond the
 * candidates stay exact. Mutable for tests.
 */
export const searchBounds = { sample: 1000, candidates: 300 };

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

interface Probe {
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

const and = (parts: SQL[]) => sql.join(parts, sql` and `);

/** Heap block of p's row: bitmap and sequential scans meet rows in block order. */
const blockOf = sql`((p.ctid::text::point)[0])::int`;

/**
 * The sample read the matching rows up to `block` of `blocks`: scales a count in the sample to the whole
 * table. Bitmap and sequential scans read in block order, so for rows spread over the table the share of
 * blocks read is the share of matches seen; the estimate is never below what was counted.
 */
function scale(count: number, lastBlock: number | null, blocks: number): number {
  if (lastBlock === null) return count;
  const read = lastBlock + 1;
  return Math.max(count, Math.round((count * Math.max(blocks, read)) / read));
}

/**
 * GET /search: a page of matching products, the sidebar's facets and up to 3 related shops. "near" is the
 * coordinates sent, else the signed-in customer's (userId) saved place.
 */
export async function search(deps: CatalogDeps, query: Query, userId: number | undefined): Promise<SearchResponse> {
  const near = query.location === 'near' ? await coordinatesFor(deps, query, userId) : null;
  const match = parseKeyword(query.q, await deps.searchSynonyms.current());
  return withTypoTolerance(deps.db, (db) => searchIn(db, query, match, near));
}

/**
 * One statement reads a bounded sample of the matches (`base`: every filter but category, seller and brand)
 * and, when that is every match, also gives the exact page, total and facets. A large search then pages in
 * a second statement and estimates the counts (searchBounds). Then the cards, then the related shops.
 */
async function searchIn(
  db: Conn,
  query: Query,
  match: TextMatch | null,
  coordinates: Coordinates | null,
): Promise<SearchResponse> {
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

  // Every filter but the text, then with it.
  const filters: SQL[] = [await listedProducts(db, sellerIds)];
  if (query.priceMin !== undefined) filters.push(sql`p.effective_price >= ${query.priceMin}`);
  if (query.priceMax !== undefined) filters.push(sql`p.effective_price <= ${query.priceMax}`);
  filters.push(query.availability === 'inStock' ? sql`p.tree_stock > 0` : sql`p.tree_stock = 0`);
  const common = match ? [...filters, textMatches(match)] : filters;

  const narrow: SQL[] = [];
  if (query.category) narrow.push(sql`p.category_id = ${query.category}`);
  if (query.seller) narrow.push(sql`p.seller_id = ${query.seller}`);
  if (query.brand) narrow.push(sql`lower(p.brand) = lower(${query.brand})`);
  const narrowed = narrow.length > 0 ? and(narrow) : sql`true`;

  const { sample, candidates } = searchBounds;
  const rank = sort === 'relevance' && match ? relevance(match) : sql`0::real`;
  const order = orderFor(sort);
  const offset = (query.page - 1) * query.pageSize;
  // Ordered rows of products p (with their rank) among `from`, as `p` for orderFor.
  const rankedRows = (from: SQL, where: SQL) =>
    sql`select p.id, p.name, p.effective_price, p.sold_count, ${rank} as rank from ${from} where ${where}`;
  const ranked = (from: SQL, where: SQL) => sql`(${rankedRows(from, where)}) p`;

  const [probe] = await rows<Probe>(
    db,
    sql`with base as materialized (
          select p.id, p.category_id, p.seller_id, nullif(btrim(p.brand), '') as brand, (${narrowed}) as hit,
            ${blockOf} as block, p.name, p.effective_price, p.sold_count, p.search
          from products p where ${and(common)} limit ${sample + 1}
        ), exact as (
          select count(*) <= ${sample} as yes from base
        ), page as (
          select p.id, row_number() over (order by ${order}) as rn
          from ${ranked(sql`base p`, sql`p.hit and (select yes from exact)`)}
          order by ${order} limit ${query.pageSize} offset ${offset}
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

  let ids = probe.ids.map(Number);
  let totalCount = probe.hit_count;
  let facetRows = probe.facets;
  if (probe.sample_size > sample) {
    // Large: estimate the counts from the sample, then find the page.
    const estimate = (count: number) => scale(count, probe.last_block, probe.blocks);
    facetRows = facetRows.map((row) => ({ ...row, count: estimate(row.count) }));
    if (narrow.length === 0) totalCount = estimate(probe.sample_size);
    else {
      const [hits] = await rows<{ count: number; last_block: number | null }>(
        db,
        sql`select count(*)::int as count, max(block) as last_block from (
              select ${blockOf} as block from products p where ${and(common)} and ${narrowed} limit ${sample + 1}) p`,
      );
      totalCount =
        (hits?.count ?? 0) > sample ? scale(hits!.count, hits!.last_block, probe.blocks) : (hits?.count ?? 0);
    }
    const where = and([...common, narrowed]);
    const page = sql`order by ${order} limit ${query.pageSize} offset ${offset}`;
    if (sort === 'relevance' && match && offset + query.pageSize <= candidates) {
      // The full-text matches with the best text rank (ts_rank is cheap; word_similarity, the expensive
      // half of relevance, is left for these), ties by popularity; when those are too few (a typo has no
      // full-text match), also the closest trigram matches (word_similarity on each: the typo's cost).
      const found = await rows<{ id: number }>(
        db,
        sql`with best as (
              select p.id from products p
              where ${and(filters)} and p.search @@ to_tsquery('english', ${match.tsquery}) and ${narrowed}
              order by ${textRank(match)} desc, p.sold_count desc nulls last, p.id limit ${candidates}
            ), typos as (
              select p.id from products p
              where (select count(*) from best) < ${candidates}
                and ${and(filters)} and ${typoMatches(match)} and ${narrowed}
              order by word_similarity(${match.term}, p.name) desc, p.sold_count desc nulls last, p.id
              limit ${candidates}
            ), pool as (
              select id from best union select id from typos
            )
            select p.id from ${ranked(sql`pool c join products p on p.id = c.id`, sql`true`)} ${page}`,
      );
      ids = found.map((row) => row.id);
    } else {
      // Every match first (bitmap scans), then sorted: exact. Walking the price index instead tests the
      // trigram match on each row it passes, and the cheapest products seldom match (0.3 s for "portland
      // cement" by price at 100k products).
      const found = await rows<{ id: number }>(
        db,
        sql`with matches as materialized (${rankedRows(sql`products p`, where)})
            select p.id from matches p ${page}`,
      );
      ids = found.map((row) => row.id);
    }
  }

  const list = await cardPage(db, { ids, totalCount }, query.page, query.pageSize);
  const facets = facetsOf(facetRows);
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
  const nameMatch = sellerNameMatches(text);
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
        order by ${nameMatch} desc, case when ${nameMatch} then ${sellerNameCloseness(text)} end desc nulls last,
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
