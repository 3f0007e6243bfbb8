import type { FastifyInstance } from 'fastify';
import {
  categories,
  productImages,
  products,
  productVideos,
  reviews,
  sellerCompanies,
  stockMovements,
  users,
} from '../db/schema/index.ts';
import type { IndexRow } from '../modules/catalog/search-index-shapes.ts';
import type { Role } from '../plugins/auth.ts';
import { actorClaim } from './factories.ts';

/**
 * Small catalogue fixtures for the discovery and cart tests, written straight to the database.
 * Stock arrives the way the ledger says it must: with a 'receive' movement in the same transaction.
 */

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

/** Known places (latitude, longitude) for distance tests. */
export const places = {
  manila: { lat: 14.5995, lng: 120.9842 },
  makati: { lat: 14.5547, lng: 121.0244 },
  quezonCity: { lat: 14.676, lng: 121.0437 },
  antipolo: { lat: 14.5862, lng: 121.1761 },
  baguio: { lat: 16.4023, lng: 120.596 },
  cebu: { lat: 10.3157, lng: 123.8854 },
} as const;

export async function insertCategory(app: FastifyInstance, id: number, name: string) {
  await app.db
    .insert(categories)
    .values({ id, name, photoUrl: `/img/category-${id}.jpg`, bannerUrl: `/img/banner-${id}.jpg`, sortOrder: id });
  return { id, name };
}

export interface SellerOptions {
  name?: string;
  urlHandle?: string;
  at?: { lat: number; lng: number };
  city?: string;
  province?: string | null;
  status?: string;
  micrositeHandle?: string;
  micrositeBrand?: string;
  descriptionHtml?: string;
  logoUrl?: string | null;
  /** Sets a hardware (own fleet) shipping rate. */
  hardwareShipping?: boolean;
}

export async function insertSeller(app: FastifyInstance, options: SellerOptions = {}) {
  const n = next();
  const at = options.at ?? places.manila;
  const [row] = await app.db
    .insert(sellerCompanies)
    .values({
      name: options.name ?? `Seller ${n}`,
      urlHandle: options.urlHandle ?? `seller-${n}`,
      address: `${n} Rizal Avenue`,
      city: options.city ?? 'Manila',
      province: options.province === undefined ? 'Metro Manila' : options.province,
      latitude: at.lat,
      longitude: at.lng,
      status: options.status ?? 'approved',
      micrositeHandle: options.micrositeHandle ?? null,
      micrositeBrand: options.micrositeBrand ?? null,
      descriptionHtml: options.descriptionHtml ?? null,
      logoUrl: options.logoUrl === undefined ? `/img/logo-${n}.png` : options.logoUrl,
      bannerUrl: `/img/banner-seller-${n}.jpg`,
      smallItemFeeFixed: options.hardwareShipping ? 15000 : 0,
    })
    .returning();
  return row!;
}

export interface NodeOptions {
  name: string;
  price?: number;
  discountedPrice?: number;
  stock?: number;
  quantityLimit?: number;
  isActive?: boolean;
}

export interface VariationOptions extends NodeOptions {
  subVariations?: NodeOptions[];
}

export interface ProductOptions extends NodeOptions {
  sellerId: number;
  categoryId: number;
  brand?: string | null;
  description?: string | null;
  soldCount?: number;
  images?: Array<{ url: string; isThumbnail?: boolean }>;
  videos?: string[];
  variations?: VariationOptions[];
}

export interface InsertedProduct {
  id: number;
  variations: Array<{ id: number; subVariations: number[] }>;
}

/** A product with its variations and sub-variations, images, videos and received stock. */
export async function insertProduct(app: FastifyInstance, options: ProductOptions): Promise<InsertedProduct> {
  return app.db.transaction(async (tx) => {
    const node = async (values: NodeOptions, parentId: number | null, rootId: number | null, depth: number) => {
      const [row] = await tx
        .insert(products)
        .values({
          sellerId: options.sellerId,
          categoryId: options.categoryId,
          parentId,
          rootId,
          depth,
          name: values.name,
          brand: depth === 0 ? (options.brand ?? null) : null,
          description: depth === 0 ? (options.description ?? null) : null,
          price: values.price ?? 10000,
          discountedPrice: values.discountedPrice ?? 0,
          stock: values.stock ?? 0,
          quantityLimit: values.quantityLimit ?? 1200,
          isActive: values.isActive ?? true,
          soldCount: depth === 0 ? (options.soldCount ?? 0) : 0,
        })
        .returning({ id: products.id });
      if (values.stock) {
        await tx
          .insert(stockMovements)
          .values({ productId: row!.id, kind: 'receive', quantity: values.stock, reference: 'fixture' });
      }
      return row!.id;
    };
    const id = await node(options, null, null, 0);
    const variations: InsertedProduct['variations'] = [];
    for (const variation of options.variations ?? []) {
      const variationId = await node(variation, id, id, 1);
      const subVariations: number[] = [];
      for (const sub of variation.subVariations ?? []) subVariations.push(await node(sub, variationId, id, 2));
      variations.push({ id: variationId, subVariations });
    }
    for (const [index, image] of (options.images ?? []).entries()) {
      await tx
        .insert(productImages)
        .values({ productId: id, url: image.url, isThumbnail: image.isThumbnail ?? false, sortOrder: index });
    }
    for (const url of options.videos ?? []) await tx.insert(productVideos).values({ productId: id, url });
    return { id, variations };
  });
}

export async function insertUser(
  app: FastifyInstance,
  options: {
    role?: Role;
    firstName?: string;
    lastName?: string;
    at?: { lat: number; lng: number };
    agentId?: number;
  } = {},
) {
  const n = next();
  const [row] = await app.db
    .insert(users)
    .values({
      email: `catalog-user-${n}-${Date.now()}@example.test`,
      passwordHash: 'not-used-by-these-tests',
      firstName: options.firstName ?? 'Juan',
      lastName: options.lastName ?? 'Dela Cruz',
      role: options.role ?? 'buyer',
      latitude: options.at?.lat ?? null,
      longitude: options.at?.lng ?? null,
      address: options.at ? 'Saved address' : null,
      agentId: options.agentId ?? null,
      emailVerifiedAt: new Date(),
    })
    .returning();
  return row!;
}

/** Authorization headers for a user (an agent acting for a customer with actingAgentId). */
export async function authHeaders(
  app: FastifyInstance,
  user: { id: number; role: Role; sessionVersion: number },
  actingAgentId?: number,
) {
  const act = actingAgentId ? await actorClaim(app, actingAgentId) : undefined;
  const { token } = await app.signSession(
    {
      sub: String(user.id),
      role: user.role,
      sv: user.sessionVersion,
      ...(act ? { act } : {}),
    },
    3600,
  );
  return { authorization: `Bearer ${token}` };
}

export async function insertReview(
  app: FastifyInstance,
  values: { productId: number; sellerId: number; customerId: number; rating: number; review?: string; at?: Date },
) {
  const [row] = await app.db
    .insert(reviews)
    .values({
      productId: values.productId,
      sellerId: values.sellerId,
      customerId: values.customerId,
      orderReference: `ORD-${next()}`,
      rating: values.rating,
      review: values.review ?? '',
      createdAt: values.at ?? new Date(),
    })
    .returning();
  return row!;
}

/** GET helper returning status and parsed JSON. */
export async function getJson<T = any>(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as T };
}

/** A search-index row of just a name (one seller, one category, in stock), for tests of the index's text rules. */
export function indexRowOfName(name: string, id: number): IndexRow {
  return {
    id,
    seller_id: 1,
    category_id: 1,
    brand: null,
    name,
    price: 100,
    sold_count: 0,
    tree_stock: 1,
    is_active: true,
    search: null,
  };
}
