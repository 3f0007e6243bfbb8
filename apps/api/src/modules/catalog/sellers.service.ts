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
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { sanitizeSellerHtml } from '../../lib/sanitize-html.ts';
import {
  allOf,
  cardPage,
  distanceKm,
  type Filter,
  inCategory,
  locationOf,
  pageCount,
  pagedIds,
  withinRadius,
} from './catalog.repository.ts';
import { shopFromMemory } from './listings.service.ts';
import type { ListingsMemory } from './listings-memory.ts';
import type { CatalogDeps } from './products.service.ts';
import {
  approvedSeller,
  countSellers,
  findApprovedSeller,
  findMicrosite,
  type ShopSeller,
  savedCoordinates,
  sellerNamesMatching,
  sellerOrder,
  sellerPage,
  sellerProductPhotos,
  shopCategories,
  shopOrder,
  shopProducts,
  unknownDistance,
} from './sellers.repository.ts';
import { scopedBestSellerNames, scopedNamesMatching } from './suggestions.repository.ts';
import { sellerNameMatches, textMatches, withTypoTolerance } from './text-match.repository.ts';
import { parseKeyword } from './text-match.ts';

export interface Coordinates {
  lat: number;
  lng: number;
}

/**
 * Where "near" is: the coordinates sent (lat and lng), else the signed-in customer's saved location, else
 * unknown.
 */
export async function coordinatesFor(
  deps: Pick<Deps, 'db'>,
  query: { lat?: number; lng?: number },
  userId: number | undefined,
): Promise<Coordinates | null> {
  if (query.lat !== undefined && query.lng !== undefined) return { lat: query.lat, lng: query.lng };
  if (userId === undefined) return null;
  return savedCoordinates(deps.db, userId);
}

/**
 * GET /sellers. Nearby: approved sellers within the radius, nearest first. Global: every approved seller
 * by name. The distance is given whenever coordinates are known (the query's, else the customer's saved place).
 */
export async function listSellers(
  deps: Pick<Deps, 'db'>,
  query: z.output<typeof sellerListQuery>,
  userId: number | undefined,
): Promise<SellerListResponse> {
  const coordinates = await coordinatesFor(deps, query, userId);
  const mode: SellerListMode = query.mode ?? (coordinates ? 'nearby' : 'global');
  if (mode === 'nearby' && !coordinates) throw new HttpError('VALIDATION', messages.coordinatesRequired);
  const radius = catalogLimits.nearbyRadiusKm;
  const filters: Filter[] = [approvedSeller];
  if (mode === 'nearby' && coordinates) filters.push(withinRadius(coordinates.lat, coordinates.lng, radius));
  if (query.keyword) filters.push(sellerNameMatches(query.keyword));
  const where = allOf(filters);
  const distance = coordinates ? distanceKm(coordinates.lat, coordinates.lng) : unknownDistance;
  const orderBy = sellerOrder(mode);

  const { totalCount, found, photos } = await withTypoTolerance(deps.db, async (db) => {
    const totalCount = await countSellers(db, where);
    const found = await sellerPage(db, where, distance, orderBy, query.pageSize, (query.page - 1) * query.pageSize);
    const photos = await sellerProductPhotos(
      db,
      found.map((row) => row.id),
    );
    return { totalCount, found, photos };
  });
  const photosOf = new Map<number, Array<{ id: number; photo: string | null }>>();
  for (const row of photos)
    photosOf.set(row.seller_id, [...(photosOf.get(row.seller_id) ?? []), { id: row.id, photo: row.photo }]);
  const items: SellerCard[] = found.map((row) => ({
    id: row.id,
    name: row.name,
    logo: row.logoUrl,
    location: locationOf(row),
    url_handle: row.urlHandle,
    latitude: row.latitude,
    longitude: row.longitude,
    distance_km: row.distanceKm === null ? null : Math.round(row.distanceKm * 100) / 100,
    products: photosOf.get(row.id) ?? [],
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

/** GET /sellers/search: seller names for the search box, closest names first. */
export async function searchSellers(deps: Pick<Deps, 'db'>, query: z.output<typeof sellerSearchQuery>) {
  const found = await withTypoTolerance(deps.db, (db) => sellerNamesMatching(db, query.q, query.limit));
  return {
    items: found.map((row) => ({ id: row.id, name: row.name, url_handle: row.urlHandle, logo: row.logoUrl })),
  };
}

/** GET /microsites/:handle */
export async function micrositeByHandle(deps: Pick<Deps, 'db'>, handle: string): Promise<Microsite> {
  const row = await findMicrosite(deps.db, handle);
  if (!row) throw new HttpError('NOT_FOUND', messages.micrositeNotFound);
  return { id: row.id, microsite: row.micrositeHandle ?? handle, brand: row.brand, url_handle: row.urlHandle };
}

/** An approved seller by url_handle (any case) or numeric id; 404 otherwise. */
export async function findShop(deps: Pick<Deps, 'db'>, handleOrId: string): Promise<ShopSeller> {
  const row = await findApprovedSeller(deps.db, handleOrId);
  if (!row) throw new HttpError('NOT_FOUND', messages.shopNotFound);
  return row;
}

/**
 * GET /sellers/:handleOrId/shop: the header, its categories and one page of filtered, sorted products. Without a
 * keyword from memory once the search index is ready (decision 0047), else in SQL.
 */
export async function shop(
  deps: CatalogDeps,
  handleOrId: string,
  query: z.output<typeof shopQuery>,
  listings?: ListingsMemory,
): Promise<ShopResponse> {
  const match = parseKeyword(query.keyword, await deps.searchSynonyms.current());
  if (listings && !match) {
    const answer = await shopFromMemory(listings, handleOrId, query);
    if (answer) return answer;
  }
  const seller = await findShop(deps, handleOrId);
  const filters: Filter[] = [shopProducts(seller.id)];
  if (query.category) filters.push(inCategory(query.category));
  if (match) filters.push(textMatches(match));
  const orderBy = shopOrder(query.sort);
  const where = allOf(filters);
  const { categories, list } = await withTypoTolerance(deps.db, async (db) => {
    const categories = await shopCategories(db, shopProducts(seller.id));
    const paged = await pagedIds(db, where, orderBy, query.page, query.pageSize, match ? 'matches' : 'window');
    return { categories, list: await cardPage(db, paged, query.page, query.pageSize) };
  });
  const productCount = categories.reduce((sum, row) => sum + row.count, 0);
  return {
    ...list,
    seller_company: {
      id: seller.id,
      seller_name: seller.name,
      seller_logo: seller.logoUrl,
      seller_banner_img: seller.bannerUrl,
      address: seller.address,
      location: locationOf(seller),
      // Stored sanitized; cleaned again on the way out in case a row was written some other way.
      seller_description: seller.descriptionHtml ? sanitizeSellerHtml(seller.descriptionHtml) : null,
      url_handle: seller.urlHandle,
      latitude: seller.latitude,
      longitude: seller.longitude,
      product_count: productCount,
    },
    categories,
  };
}

/** The listed products of an approved shop (404 otherwise), for its suggestions. */
export async function shopScope(deps: Pick<Deps, 'db'>, handleOrId: string): Promise<Filter> {
  return shopProducts((await findShop(deps, handleOrId)).id);
}

/**
 * Product-name suggestions among the products `scope` selects (a shop's, a category's): the keyword rule of
 * the listings (text-match.ts); names starting with the text first, then by how close the name is (typos
 * tolerated); best sellers first among equals. Without text: the best sellers.
 */
export async function productNameSuggestions(
  deps: CatalogDeps,
  scope: Filter,
  query: z.output<typeof shopSuggestionQuery>,
): Promise<NameSuggestions> {
  const match = parseKeyword(query.q, await deps.searchSynonyms.current());
  const found = await withTypoTolerance(deps.db, (db) =>
    match
      ? scopedNamesMatching(db, scope, match, query.q?.toLowerCase() ?? '', query.limit)
      : scopedBestSellerNames(db, scope, query.limit),
  );
  return { items: found.map((row) => ({ id: row.id, name: row.name })) };
}
