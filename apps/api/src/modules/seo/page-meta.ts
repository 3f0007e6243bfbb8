import type { CategoryProductsResponse, ProductDetailResponse, SearchResponse, ShopResponse } from '@tibay/contract';
import { formatPeso } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';

/** A picture the page shows first: a product photo as it is, a banner or a grid card at the app's widths. */
export interface LeadImage {
  url: string;
  use: 'photo' | 'banner' | 'card';
}

/**
 * The srcset widths and sizes the web app gives these pictures (apps/web/src/lib/image-sizes.ts): a preload with
 * the same ones makes the browser pick the same file for both.
 */
export const sizedUses = {
  banner: { widths: [600, 800, 1200], sizes: '(min-width: 75em) 1200px, 100vw' },
  card: {
    widths: [180, 360, 600],
    sizes: '(min-width: 75em) 20vw, (min-width: 62em) 25vw, (min-width: 48em) 33vw, 50vw',
  },
} as const;

/** What the server writes into a page's <head> before the app loads (decision 0027). */
/** What the server draws of a page before the app runs (first-paint.ts, decision 0049). */
export type FirstPaintContent =
  | { page: 'home' }
  /** A plain search (`?q=` only) carries the answer the app will show; any other search draws the frame only. */
  | { page: 'search'; q?: string; found?: Pick<SearchResponse, 'items' | 'related_shops' | 'totalCount'> }
  | { page: 'item'; category: string; name: string; brand: string | null; photo: string | null }
  | { page: 'shop'; name: string; banner: string | null }
  | { page: 'category'; name: string; banner: string | null };

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the page's canonical URL (no query unless it names the page). */
  canonicalPath: string;
  /** Absolute or site-relative URL of the picture chat apps show with a pasted link. */
  image?: string | null;
  type: 'website' | 'product';
  /** schema.org JSON-LD (product pages). */
  jsonLd?: Record<string, unknown>;
  /** The page's largest picture, fetched at once instead of after the app has rendered (decision 0026). */
  leadImage?: LeadImage | null;
  /** The API answer the page asks for first, fetched alongside the app's script. */
  leadData?: string;
  /** What the server draws in the page before the app runs (decision 0049). */
  firstPaint?: FirstPaintContent;
}

export const SITE_NAME = 'Tibay';
/** The home page's first hero picture (apps/web/public), its largest paint. */
export const HERO_IMAGE = '/hero-build.svg';
export const HOME_TITLE = 'Tibay — Building materials marketplace';
export const HOME_DESCRIPTION = 'Tibay — the online marketplace for building materials in the Philippines.';

const homeMeta: PageMeta = {
  title: HOME_TITLE,
  description: HOME_DESCRIPTION,
  canonicalPath: '/',
  type: 'website',
  leadImage: { url: HERO_IMAGE, use: 'photo' },
  firstPaint: { page: 'home' },
};

/** The page's data, read through the public API routes themselves (the same answer the app will get). */
async function getJson<T>(app: FastifyInstance, url: string): Promise<T | null> {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) return null;
  return response.json() as T;
}

/** Plain text from the sanitized HTML of a description, shortened for a meta description. */
export function plainSummary(html: string | null | undefined, fallback: string, maxLength = 160): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  const summary = text || fallback;
  return summary.length <= maxLength ? summary : `${summary.slice(0, maxLength - 1).trimEnd()}…`;
}

/** The unit price buyers pay: the discounted price when it is at least ₱1, otherwise the list price. */
function effectivePrice(product: { price: number; discounted_price: number }): number {
  return product.discounted_price >= 100 ? product.discounted_price : product.price;
}

function productMeta(data: ProductDetailResponse, absolute: (path: string) => string): PageMeta {
  const { product, item_reviews: reviews } = data;
  const path = `/item/${product.id}/${product.slug}`;
  const price = effectivePrice(product);
  const seller = product.seller.company_name;
  const image = product.photo ?? product.product_images[0]?.url ?? null;
  // The picture the item page's gallery opens on (its first image; a first video shows no picture).
  const galleryPhoto =
    product.product_images[0]?.url ?? (product.product_videos.length > 0 ? null : product.photo) ?? null;
  const priceText = `${formatPeso(price)} / ${product.selling_unit}`;
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    url: absolute(path),
    priceCurrency: 'PHP',
    price: (price / 100).toFixed(2),
    availability: product.stocks > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: seller },
  };
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: String(product.id),
    category: product.category.product_category,
    description: plainSummary(product.description, product.name, 500),
    ...(image ? { image: [absolute(image)] } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers: offer,
    ...(reviews.total > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: reviews.average_rating,
            reviewCount: reviews.total,
          },
        }
      : {}),
  };
  return {
    title: `${product.name} | ${SITE_NAME}`,
    description: plainSummary(
      product.description,
      `${product.name} — ${priceText} from ${seller} on Tibay, the building materials marketplace.`,
    ),
    canonicalPath: path,
    image,
    type: 'product',
    jsonLd,
    leadImage: galleryPhoto ? { url: galleryPhoto, use: 'photo' } : null,
    leadData: `/api/v1/products/${product.id}`,
    firstPaint: {
      page: 'item',
      category: product.category.product_category,
      name: product.name,
      brand: product.brand || null,
      photo: galleryPhoto,
    },
  };
}

function shopMeta(data: ShopResponse): PageMeta {
  const shop = data.seller_company;
  return {
    title: `${shop.seller_name} | ${SITE_NAME}`,
    description: plainSummary(
      shop.seller_description,
      `${shop.seller_name}, ${shop.location}: ${shop.product_count} building materials on Tibay.`,
    ),
    canonicalPath: `/shop/${encodeURIComponent(shop.url_handle)}`,
    image: shop.seller_logo ?? shop.seller_banner_img,
    type: 'website',
    leadImage: shop.seller_banner_img ? { url: shop.seller_banner_img, use: 'banner' } : null,
    firstPaint: { page: 'shop', name: shop.seller_name, banner: shop.seller_banner_img },
  };
}

function categoryMeta(data: CategoryProductsResponse): PageMeta {
  const { category } = data;
  return {
    title: `${category.product_category} | ${SITE_NAME}`,
    description: `Shop ${category.product_category.toLowerCase()} from sellers across the Philippines on Tibay: ${data.totalCount} products.`,
    canonicalPath: `/category/${category.category_id}`,
    image: category.banner ?? category.photo,
    type: 'website',
    leadImage: category.banner ? { url: category.banner, use: 'banner' } : null,
    firstPaint: { page: 'category', name: category.product_category, banner: category.banner },
  };
}

const itemPath = /^\/item\/(\d{1,9})(?:\/[^/]*)?\/?$/;
const shopPath = /^\/shop\/([^/]{1,120})\/?$/;
const categoryPath = /^\/category\/(\d{1,9})\/?$/;

/**
 * The head of the page at `pathname`: the item, shop, category and home pages get their own; any other page (or
 * one whose data is not found) gets null and the app's default head.
 */
export async function pageMetaFor(
  app: FastifyInstance,
  pathname: string,
  absolute: (path: string) => string,
): Promise<PageMeta | null> {
  if (pathname === '/' || pathname === '') return homeMeta;
  const item = itemPath.exec(pathname);
  if (item) {
    const data = await getJson<ProductDetailResponse>(app, `/api/v1/products/${item[1]}`);
    return data ? productMeta(data, absolute) : null;
  }
  const shop = shopPath.exec(pathname);
  if (shop) {
    let handle: string;
    try {
      handle = decodeURIComponent(shop[1]!);
    } catch {
      return null;
    }
    const data = await getJson<ShopResponse>(app, `/api/v1/sellers/${encodeURIComponent(handle)}/shop?pageSize=1`);
    return data ? shopMeta(data) : null;
  }
  const category = categoryPath.exec(pathname);
  if (category) {
    const data = await getJson<CategoryProductsResponse>(app, `/api/v1/categories/${category[1]}/products?pageSize=1`);
    return data ? categoryMeta(data) : null;
  }
  return null;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside <script>: `<` escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A high-priority preload of a picture the page shows first. */
export function leadImageTag(image: LeadImage): string {
  const href = escapeHtml(image.url);
  const sized = image.url.startsWith('/uploads/') && /\.(webp|png|jpe?g)$/i.test(image.url);
  if (image.use !== 'photo' && sized) {
    const { widths, sizes } = sizedUses[image.use];
    const srcset = widths.map((width) => `${href}?w=${width} ${width}w`).join(', ');
    return `<link rel="preload" as="image" href="${href}" imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high" />`;
  }
  return `<link rel="preload" as="image" href="${href}" fetchpriority="high" />`;
}

/** The <head> tags of a page. */
export function headTags(meta: PageMeta, absolute: (path: string) => string): string {
  const url = absolute(meta.canonicalPath);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
  ];
  if (meta.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(absolute(meta.image))}" />`);
    tags.push('<meta name="twitter:card" content="summary_large_image" />');
  }
  if (meta.leadImage) tags.push(leadImageTag(meta.leadImage));
  if (meta.leadData) tags.push(`<link rel="preload" as="fetch" crossorigin href="${escapeHtml(meta.leadData)}" />`);
  if (meta.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(meta.jsonLd)}</script>`);
  return tags.join('\n    ');
}
