import { catalogLimits, messages, type SearchResponse, type SearchSort, type searchQuery } from '@tibay/contract';
import type { z } from 'zod';
import type { Conn } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';
import {
  allOf,
  cardPage,
  everything,
  type Filter,
  inCategory,
  listedProducts,
  loadCards,
  locationOf,
  pageCount,
  withinRadius,
} from './catalog.repository.ts';
import type { ListingsMemory } from './listings-memory.ts';
import type { CatalogDeps } from './products.service.ts';
import {
  allMatchesPage,
  bestCandidatesPage,
  deliversWithOwnFleet,
  type FacetRow,
  noRank,
  ofBrand,
  ofSeller,
  priceAtLeast,
  priceAtMost,
  probeSearch,
  relatedShopRows,
  sampleHits,
  searchOrder,
  sellerIdsWhere,
  stocked,
} from './search.repository.ts';
import type { SellerRow } from './search-index.repository.ts';
import type { SearchIndexKeeper } from './search-index.service.ts';
import type { SearchIndex } from './search-index.ts';
import { compileText, type IndexQuery, runQuery } from './search-index-query.ts';
import type { CompiledText } from './search-index-shapes.ts';
import { sellerNameCloseness } from './seller-name-closeness.ts';
import { approvedSeller } from './sellers.repository.ts';
import { type Coordinates, coordinatesFor } from './sellers.service.ts';
import { relevance, textMatches, withTypoTolerance } from './text-match.repository.ts';
import { parseKeyword, type TextMatch, TYPO_THRESHOLD, textWords } from './text-match.ts';

type Query = z.output<typeof searchQuery>;

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
export async function search(
  deps: CatalogDeps,
  query: Query,
  userId: number | undefined,
  searchIndex?: SearchIndexKeeper,
  listings?: ListingsMemory,
): Promise<SearchResponse> {
  const near = query.location === 'near' ? await coordinatesFor(deps, query, userId) : null;
  const match = parseKeyword(query.q, await deps.searchSynonyms.current());
  const index = searchIndex ? await searchIndex.current() : null;
  if (index && searchIndex) {
    const answer = await searchInIndex(deps.db, searchIndex, listings, index, query, match, near);
    if (answer) return answer;
  }
  return withTypoTolerance(deps.db, (db) => searchIn(db, query, match, near));
}

const sortOf = (query: Query, match: TextMatch | null): SearchSort =>
  query.sort === 'relevance' || !query.sort ? (match ? 'relevance' : 'name_asc') : query.sort;

/** Seller-level filters (near, own fleet) as the sellers they leave, or undefined when none applies. */
async function sellerScope(db: Conn, query: Query, coordinates: Coordinates | null): Promise<number[] | undefined> {
  if (query.location !== 'near' && query.deliveryOption !== 'hardware_shipping') return undefined;
  const conditions: Filter[] = [approvedSeller];
  if (query.location === 'near') {
    if (!coordinates) throw new HttpError('VALIDATION', messages.coordinatesRequired);
    conditions.push(withinRadius(coordinates.lat, coordinates.lng, catalogLimits.nearbyRadiusKm));
  }
  if (query.deliveryOption === 'hardware_shipping') conditions.push(deliversWithOwnFleet);
  return sellerIdsWhere(db, allOf(conditions));
}

/**
 * sellerScope from the keeper's sellers (kept in step by NOTIFY on every seller change): the same conditions, the
 * distance by distanceKm's expression term for term (catalog.repository.ts), so the index's searches with "near" or
 * own fleet need no statement (on PGlite one ran on the event loop for each).
 */
function sellerScopeOf(
  sellers: ReadonlyMap<number, SellerRow>,
  query: Query,
  coordinates: Coordinates | null,
): number[] | undefined {
  if (query.location !== 'near' && query.deliveryOption !== 'hardware_shipping') return undefined;
  let near: ((seller: SellerRow) => boolean) | null = null;
  if (query.location === 'near') {
    if (!coordinates) throw new HttpError('VALIDATION', messages.coordinatesRequired);
    near = withinRadiusOf(coordinates.lat, coordinates.lng, catalogLimits.nearbyRadiusKm);
  }
  const ownFleet = query.deliveryOption === 'hardware_shipping';
  const ids: number[] = [];
  for (const seller of sellers.values()) {
    if (seller.approved && (!near || near(seller)) && (!ownFleet || seller.own_fleet)) ids.push(seller.id);
  }
  return ids;
}

/** withinRadius (catalog.repository.ts) in memory: its bounding box, then distanceKm's haversine. */
function withinRadiusOf(lat: number, lng: number, radiusKm: number): (seller: SellerRow) => boolean {
  const dLat = radiusKm / 111.045;
  const dLng = radiusKm / (111.045 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const radians = (degrees: number) => degrees * (Math.PI / 180);
  return ({ latitude, longitude }) => {
    if (latitude < lat - dLat || latitude > lat + dLat || longitude < lng - dLng || longitude > lng + dLng)
      return false;
    const h =
      Math.sin(radians(latitude - lat) / 2) ** 2 +
      Math.cos(radians(lat)) * Math.cos(radians(latitude)) * Math.sin(radians(longitude - lng) / 2) ** 2;
    return 12742 * Math.asin(Math.min(1, Math.sqrt(h))) <= radiusKm;
  };
}

/** What the index runs for a search: its text compiled (compileText), the sellers in scope (sellerScope) if any. */
export function indexQueryOf(
  query: Query,
  match: TextMatch | null,
  text: CompiledText | null,
  sellerIds?: number[] | null,
): IndexQuery {
  return {
    text,
    priceMin: query.priceMin,
    priceMax: query.priceMax,
    inStock: query.availability === 'inStock',
    sellerIds: sellerIds ? new Set(sellerIds) : undefined,
    category: query.category,
    seller: query.seller,
    brand: query.brand?.toLowerCase(),
    sort: sortOf(query, match),
    offset: (query.page - 1) * query.pageSize,
    pageSize: query.pageSize,
  };
}

/**
 * The search from the in-memory index (decision 0043): matches, exact counts and the page in this process, then
 * the page's cards (kept in memory with the listings', listings-memory.ts; the others in one statement). Null when the text is beyond what the index evaluates (the SQL answers).
 */
async function searchInIndex(
  db: Conn,
  keeper: SearchIndexKeeper,
  listings: ListingsMemory | undefined,
  index: SearchIndex,
  query: Query,
  match: TextMatch | null,
  coordinates: Coordinates | null,
): Promise<SearchResponse | null> {
  const sort = sortOf(query, match);
  const sellerIds = sellerScopeOf(keeper.sellerRows, query, coordinates);
  let text: CompiledText | null = null;
  if (match) {
    const words = match.parts.flatMap((part) => [part.words, ...part.alternatives].flat());
    text = compileText(match, await keeper.stemsOf(words));
    if (text.operands.length > 31) return null;
  }
  const answer = runQuery(index, indexQueryOf(query, match, text, sellerIds));
  const list = {
    items: (await listings?.cardsFor(index, answer.ids)) ?? (await loadCards(db, answer.ids)),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: pageCount(answer.total, query.pageSize),
    totalCount: answer.total,
  };
  const facets = facetsOf(answer.facets);
  const related = match ? relatedShopsOf(keeper, query.q ?? '', facets.sellers) : [];
  return { ...list, sort, facets, related_shops: related };
}

/** The approved sellers whose name matches a text, kept per text for each map of sellers (replaced on any change). */
const namedSellers = new WeakMap<ReadonlyMap<number, SellerRow>, Map<string, NamedSeller[]>>();
const namedSellerBounds = { texts: 2_000 };
interface NamedSeller {
  row: SellerRow;
  closeness: number;
}

/** sellerNameMatches in memory: every word of the text in the name, or the name within a typo of the text. */
function sellersNamed(sellers: ReadonlyMap<number, SellerRow>, text: string): NamedSeller[] {
  let byText = namedSellers.get(sellers);
  if (!byText) {
    byText = new Map();
    namedSellers.set(sellers, byText);
  }
  let named = byText.get(text);
  if (!named) {
    const words = textWords(text);
    const closenessOf = sellerNameCloseness(sellers, words.join(' '));
    named = [];
    for (const row of sellers.values()) {
      if (!row.approved) continue;
      const name = row.name.toLowerCase();
      const closeness = closenessOf(row.id);
      if (words.every((word) => name.includes(word)) || closeness >= TYPO_THRESHOLD) named.push({ row, closeness });
    }
    if (byText.size >= namedSellerBounds.texts) byText.clear();
    byText.set(text, named);
  }
  return named;
}

/** relatedShops from the keeper's sellers: the same rules as relatedShopRows (sellerNameMatches), in memory. */
function relatedShopsOf(keeper: SearchIndexKeeper, text: string, sellerFacet: Array<{ id: number; count: number }>) {
  const counts = new Map(sellerFacet.map((row) => [row.id, row.count]));
  const top = sellerFacet.slice(0, catalogLimits.relatedShops).map((row) => row.id);
  const named = sellersNamed(keeper.sellerRows, text);
  // The sellers named by the text, then those of the facet's top not named (approved ones).
  const shops = named.map(({ row, closeness }) => ({ row, matches: true, closeness, at: top.indexOf(row.id) }));
  for (const [at, id] of top.entries()) {
    const row = keeper.sellerRows.get(id);
    if (row?.approved && !named.some((shop) => shop.row.id === id))
      shops.push({ row, matches: false, closeness: 0, at });
  }
  const found = shops
    .sort(
      (a, b) =>
        Number(b.matches) - Number(a.matches) ||
        (a.matches ? b.closeness - a.closeness : 0) ||
        (a.at < 0 ? 1e9 : a.at) - (b.at < 0 ? 1e9 : b.at) ||
        a.row.id - b.row.id,
    )
    .slice(0, catalogLimits.relatedShops);
  return found.map(({ row }) => ({
    id: row.id,
    name: row.name,
    logo: row.logo_url,
    location: locationOf(row),
    url_handle: row.url_handle,
    product_count: counts.get(row.id) ?? 0,
  }));
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
  const sort = sortOf(query, match);
  // Seller-level filters become a list of seller ids first, so the product query needs no join.
  const sellerIds = await sellerScope(db, query, coordinates);

  // Every filter but the text, then with it.
  const filters: Filter[] = [await listedProducts(db, sellerIds)];
  if (query.priceMin !== undefined) filters.push(priceAtLeast(query.priceMin));
  if (query.priceMax !== undefined) filters.push(priceAtMost(query.priceMax));
  filters.push(stocked(query.availability === 'inStock'));
  const common = match ? [...filters, textMatches(match)] : filters;

  const narrow: Filter[] = [];
  if (query.category) narrow.push(inCategory(query.category));
  if (query.seller) narrow.push(ofSeller(query.seller));
  if (query.brand) narrow.push(ofBrand(query.brand));
  const narrowed = narrow.length > 0 ? allOf(narrow) : everything;

  const { sample, candidates } = searchBounds;
  const rank = sort === 'relevance' && match ? relevance(match) : noRank;
  const order = searchOrder(sort);
  const offset = (query.page - 1) * query.pageSize;
  const probe = await probeSearch(db, {
    where: allOf(common),
    hit: narrowed,
    order,
    rank,
    sample,
    pageSize: query.pageSize,
    offset,
  });

  let ids = probe.ids.map(Number);
  let totalCount = probe.hit_count;
  let facetRows = probe.facets;
  if (probe.sample_size > sample) {
    // Large: estimate the counts from the sample, then find the page.
    const estimate = (count: number) => scale(count, probe.last_block, probe.blocks);
    facetRows = facetRows.map((row) => ({ ...row, count: estimate(row.count) }));
    const where = allOf([...common, narrowed]);
    if (narrow.length === 0) totalCount = estimate(probe.sample_size);
    else {
      const hits = await sampleHits(db, where, sample);
      totalCount = hits.count > sample ? scale(hits.count, hits.last_block, probe.blocks) : hits.count;
    }
    const page = { order, rank, pageSize: query.pageSize, offset };
    if (sort === 'relevance' && match && offset + query.pageSize <= candidates) {
      // The full-text matches with the best text rank, ties by popularity, then (too few: a typo) the closest
      // trigram matches; the page ranked among those.
      ids = await bestCandidatesPage(db, allOf(filters), narrowed, match, candidates, page);
    } else {
      // Every match first (bitmap scans), then sorted: exact. Walking the price index instead tests the
      // trigram match on each row it passes, and the cheapest products seldom match (0.3 s for "portland
      // cement" by price at 100k products).
      ids = await allMatchesPage(db, where, page);
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
  const found = await relatedShopRows(db, text, top);
  return found.map((row) => ({
    id: row.id,
    name: row.name,
    logo: row.logoUrl,
    location: locationOf(row),
    url_handle: row.urlHandle,
    product_count: counts.get(row.id) ?? 0,
  }));
}
