import {
  type bestSellersQuery,
  type Category,
  type CategoryProductsResponse,
  type categoryProductsQuery,
  messages,
  type ProductDetailResponse,
  type ProductNode,
  paintCategoryId,
  slugify,
  type Variation,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { sanitizeSellerHtml } from '../../lib/sanitize-html.ts';
import {
  allOf,
  bestSellersFirst,
  cardPage,
  type Filter,
  inCategory,
  listedProducts,
  listOrder,
  pagedIds,
} from './catalog.repository.ts';
import { categoryProductsFromMemory } from './listings.service.ts';
import type { ListingsMemory } from './listings-memory.ts';
import {
  findCategory,
  findListedProduct,
  latestReviews,
  type ProductNodeRow,
  productNodes,
} from './products.repository.ts';
import { textMatches, withTypoTolerance } from './text-match.repository.ts';
import { parseKeyword } from './text-match.ts';

/** What the catalog's services use: the database and the search synonyms. */
export type CatalogDeps = Pick<Deps, 'db' | 'searchSynonyms'>;

/** GET /categories/:id: the banner data; 404 for an unknown id. */
export async function categoryById(deps: Pick<Deps, 'db'>, id: number): Promise<Category> {
  const row = await findCategory(deps.db, id);
  if (!row) throw new HttpError('NOT_FOUND', messages.categoryNotFound);
  return { category_id: row.id, product_category: row.name, photo: row.photoUrl, banner: row.bannerUrl };
}

/**
 * GET /categories/:id/products: the category (for the banner) and a page of its products. Without a keyword from
 * memory once the search index is ready (decision 0047), else in SQL.
 */
export async function categoryProducts(
  deps: CatalogDeps,
  id: number,
  query: z.output<typeof categoryProductsQuery>,
  listings?: ListingsMemory,
): Promise<CategoryProductsResponse> {
  const match = parseKeyword(query.keyword, await deps.searchSynonyms.current());
  if (listings && !match) {
    const answer = await categoryProductsFromMemory(listings, id, query);
    if (answer) return answer;
  }
  const category = await categoryById(deps, id);
  return withTypoTolerance(deps.db, async (db) => {
    const filters: Filter[] = [await listedProducts(db), inCategory(id)];
    if (match) filters.push(textMatches(match));
    const where = allOf(filters);
    const paged = await pagedIds(
      db,
      where,
      listOrder(query.sort),
      query.page,
      query.pageSize,
      match ? 'matches' : 'window',
    );
    return { ...(await cardPage(db, paged, query.page, query.pageSize)), category };
  });
}

/** The listed products of a category (for its suggestions). */
export async function categoryScope(deps: Pick<Deps, 'db'>, id: number): Promise<Filter> {
  const found = await categoryById(deps, id);
  return allOf([await listedProducts(deps.db), inCategory(found.category_id)]);
}

/** GET /products/best-sellers: by units sold, across every category (0) or one. */
export async function bestSellers({ db }: Pick<Deps, 'db'>, query: z.output<typeof bestSellersQuery>) {
  const filters: Filter[] = [await listedProducts(db)];
  if (query.category > 0) filters.push(inCategory(query.category));
  // The whole catalogue: count, then read the page in index order (products_best_sellers_idx).
  const paged = await pagedIds(db, allOf(filters), bestSellersFirst, query.page, query.pageSize, 'count');
  return cardPage(db, paged, query.page, query.pageSize);
}

/** GET /products/:id: the product tree, media, seller and both review summaries (4 queries). */
export async function productDetail({ db }: Pick<Deps, 'db'>, id: number): Promise<ProductDetailResponse> {
  const row = await findListedProduct(db, id);
  if (!row) throw new HttpError('NOT_FOUND', messages.productNotFound);

  const nodes = await productNodes(db, id);
  const reviews = await latestReviews(db, id, row.seller_id);

  const variations = buildVariations(id, nodes);
  const leafPrices = leafEffectivePrices(nodes, variations);
  const prices = leafPrices.length > 0 ? leafPrices : [Number(row.effective_price)];
  const reviewItems = (kind: 'item' | 'seller') =>
    reviews.filter((r) => r.kind === kind).map(({ kind: _kind, ...review }) => review);

  return {
    product: {
      id: row.id,
      name: row.name,
      slug: slugify(row.name),
      description: row.description,
      brand: row.brand,
      category: { category_id: row.category_id, product_category: row.category_name },
      photo: row.images[0]?.url ?? null,
      product_images: row.images,
      product_videos: row.videos,
      price: Number(row.price),
      discounted_price: Number(row.discounted_price),
      price_range: { min: Math.min(...prices), max: Math.max(...prices) },
      selling_unit: row.selling_unit,
      stocks: row.tree_stock,
      quantity_limit: row.quantity_limit,
      is_paint: row.category_id === paintCategoryId,
      sold_count: row.sold_count,
      rating: { average_rating: Number(row.item_rating.average), total: row.item_rating.total },
      seller: {
        id: row.seller_id,
        name: row.seller_name,
        company_name: row.seller_name,
        seller_logo: row.seller_logo,
        address: row.seller_address,
        description: row.seller_description ? sanitizeSellerHtml(row.seller_description) : null,
        url_handle: row.url_handle,
        latitude: row.latitude,
        longitude: row.longitude,
      },
      variations,
    },
    item_reviews: {
      average_rating: Number(row.item_rating.average),
      total: row.item_rating.total,
      items: reviewItems('item'),
    },
    seller_reviews: {
      average_rating: Number(row.seller_rating.average),
      total: row.seller_rating.total,
      items: reviewItems('seller'),
    },
  };
}

function nodeOf(row: ProductNodeRow, stocks: number): ProductNode {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    discounted_price: row.discountedPrice,
    stocks,
    quantity_limit: row.quantityLimit,
  };
}

/** Variations (depth 1 under the product) with their sub-variations; a variation's stock sums its leaves'. */
function buildVariations(rootId: number, nodes: ProductNodeRow[]): Variation[] {
  return nodes
    .filter((node) => node.depth === 1 && node.parentId === rootId)
    .map((variation) => {
      const subs = nodes.filter((node) => node.depth === 2 && node.parentId === variation.id);
      const stocks = subs.length > 0 ? subs.reduce((sum, sub) => sum + sub.stock, 0) : variation.stock;
      return { ...nodeOf(variation, stocks), sub_variations: subs.map((sub) => nodeOf(sub, sub.stock)) };
    });
}

function leafEffectivePrices(nodes: ProductNodeRow[], variations: Variation[]): number[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const leafIds = variations.flatMap((v) => (v.sub_variations.length > 0 ? v.sub_variations.map((s) => s.id) : [v.id]));
  return leafIds.map((leafId) => byId.get(leafId)?.effectivePrice ?? 0);
}
