import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { sellerCompanies } from '../../db/schema/index.ts';
import { insertCategory, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, bearer, createUser, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The seller-center test files share one set-up: an app with two shops (the seller's and another's), a buyer,
 * and helpers that call the seller center. useSellerCenterApp() starts it in beforeAll; the bindings below are
 * filled then (ES module bindings are live, and vitest gives each test file its own copy of this module).
 */

type Headers = Record<string, string>;

export let t: TestApp;
/** The seller of "Mine Hardware", the shop the tests change. */
export let seller: Headers;
export let sellerId: number;
/** The seller of "Other Hardware". */
export let other: Headers;
export let buyer: Headers;

async function shopOwner(name: string) {
  const user = await createUser(t.app, { role: 'seller' });
  const shop = await insertSeller(t.app, { name });
  await t.app.db.update(sellerCompanies).set({ ownerUserId: user.id }).where(eq(sellerCompanies.id, shop.id));
  return { headers: bearer(await tokenFor(t.app, user)), sellerId: shop.id, userId: user.id };
}

export function useSellerCenterApp() {
  beforeAll(async () => {
    t = await createTestApp();
    await insertCategory(t.app, 2, 'CEMENT');
    await insertCategory(t.app, 13, 'TOOLS');
    const mine = await shopOwner('Mine Hardware');
    seller = mine.headers;
    sellerId = mine.sellerId;
    other = (await shopOwner('Other Hardware')).headers;
    buyer = bearer(await tokenFor(t.app, await createUser(t.app)));
  }, APP_START_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  }, APP_START_TIMEOUT);
}

export const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'Steel Hammer',
  price: 45_000,
  discounted_price: 39_900,
  quantity_limit: 50,
  category_id: 13,
  brand: 'Stanley',
  description: 'A 16 oz claw hammer.',
  is_big_item: false,
  weight_grams: 800,
  variations: [
    {
      name: '16 oz',
      price: 45_000,
      sub_variations: [
        { name: 'Wood handle', price: 45_000 },
        { name: 'Fibreglass handle', price: 52_000, discounted_price: 50_000 },
      ],
    },
    { name: '20 oz', price: 55_000 },
  ],
  ...overrides,
});

export function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Creates a product of the seller's shop (the hammer, with these changes). */
export async function create(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/seller/products', seller, product(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export function upload(url: string, headers: Headers, bytes: Buffer, type = 'image/png', name = 'photo.png') {
  const boundary = `----tibay${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

export const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#e67e22' } })
    .png()
    .toBuffer();

/** The id of a variation (or of its sub-variation) of a product, by name. */
export const leafOf = (
  p: { variations: Array<{ id: number; name: string; sub_variations: Array<{ id: number; name: string }> }> },
  v: string,
  s?: string,
) => {
  const variation = p.variations.find((x) => x.name === v)!;
  return s ? variation.sub_variations.find((x) => x.name === s)!.id : variation.id;
};
