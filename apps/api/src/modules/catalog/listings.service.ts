import {
  type CategoryProductsResponse,
  type categoryProductsQuery,
  type ListSort,
  messages,
  type ShopResponse,
  type shopQuery,
} from '@tibay/contract';
import type { z } from 'zod';
import { HttpError } from '../../http/http-error.ts';
import { locationOf, pageCount } from './catalog.repository.ts';
import type { ListingSeller } from './listings.repository.ts';
import type { ListingsMemory, Owners } from './listings-memory.ts';
import type { SearchIndex } from './search-index.ts';
import { type ListingOrder, listingPage, sellerCategoryCounts } from './search-index-listings.ts';
import { compareText } from './search-index-shapes.ts';

/**
 * Category listings and shop pages from memory (decision 0047): which products and in which order from the
 * search index, the cards and owners from ListingsMemory; the same answers as products.service.ts and
 * sellers.service.ts give in SQL (which still answer a keyword, and everything while the index is built).
 */

const listOrders: Record<ListSort, ListingOrder> = {
  best_selling: 'best',
  price_asc: 'price_asc',
  price_desc: 'price_desc',
  name_asc: 'name_asc',
  name_desc: 'name_desc',
};

async function pageOfCards(
  memory: ListingsMemory,
  index: SearchIndex,
  owners: Owners,
  paged: { ids: number[]; totalCount: number },
  page: number,
  pageSize: number,
) {
  return {
    items: await memory.cards(index, owners, paged.ids),
    page,
    pageSize,
    totalPages: pageCount(paged.totalCount, pageSize),
    totalCount: paged.totalCount,
  };
}

/** GET /categories/:id/products without a keyword; null while the index is being built. */
export async function categoryProductsFromMemory(
  memory: ListingsMemory,
  id: number,
  query: z.output<typeof categoryProductsQuery>,
): Promise<CategoryProductsResponse | null> {
  const current = await memory.current();
  if (!current) return null;
  const { index, owners } = current;
  const row = owners.categories.get(id);
  if (!row) throw new HttpError('NOT_FOUND', messages.categoryNotFound);
  const category = { category_id: row.id, product_category: row.name, photo: row.photo_url, banner: row.banner_url };
  const paged = listingPage(
    index,
    { kind: 'category', id },
    listOrders[query.sort],
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  return { ...(await pageOfCards(memory, index, owners, paged, query.page, query.pageSize)), category };
}

/** An approved seller by url_handle (any case) or numeric id, the handle first (findApprovedSeller). */
function findShopIn(owners: Owners, handleOrId: string): ListingSeller {
  const byHandle = owners.byHandle.get(handleOrId.toLowerCase());
  if (byHandle) return byHandle;
  const byId = /^\d{1,9}$/.test(handleOrId) ? owners.sellers.get(Number(handleOrId)) : undefined;
  if (byId?.approved) return byId;
  throw new HttpError('NOT_FOUND', messages.shopNotFound);
}

/** GET /sellers/:handleOrId/shop without a keyword; null while the index is being built. */
export async function shopFromMemory(
  memory: ListingsMemory,
  handleOrId: string,
  query: z.output<typeof shopQuery>,
): Promise<ShopResponse | null> {
  const current = await memory.current();
  if (!current) return null;
  const { index, owners } = current;
  const seller = findShopIn(owners, handleOrId);
  const order: ListingOrder = query.sort === 'asc' ? 'price_asc' : query.sort === 'desc' ? 'price_desc' : 'best';
  const only = query.category;
  const paged = listingPage(
    index,
    { kind: 'seller', id: seller.id },
    order,
    (query.page - 1) * query.pageSize,
    query.pageSize,
    only ? (slot) => index.category[slot] === only : undefined,
  );
  const list = await pageOfCards(memory, index, owners, paged, query.page, query.pageSize);
  const categories = [...sellerCategoryCounts(index, seller.id)]
    .map(([id, count]) => ({ row: owners.categories.get(id), id, count }))
    .filter((entry) => entry.row !== undefined)
    .sort(
      (a, b) =>
        (a.row?.sort_order ?? 0) - (b.row?.sort_order ?? 0) ||
        compareText(a.row?.name ?? '', b.row?.name ?? '') ||
        a.id - b.id,
    )
    .map((entry) => ({ category_id: entry.id, product_category: entry.row?.name ?? '', count: entry.count }));
  return {
    ...list,
    seller_company: {
      id: seller.id,
      seller_name: seller.name,
      seller_logo: seller.logo_url,
      seller_banner_img: seller.banner_url,
      address: seller.address,
      location: locationOf(seller),
      seller_description: owners.descriptions.get(seller.id) ?? null,
      url_handle: seller.url_handle,
      latitude: seller.latitude,
      longitude: seller.longitude,
      product_count: categories.reduce((sum, row) => sum + row.count, 0),
    },
    categories,
  };
}
