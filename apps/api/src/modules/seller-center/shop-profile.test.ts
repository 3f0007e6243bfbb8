import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerCompanies } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, signedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let sellerHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const seller = await signedIn(t.app, { role: 'seller' });
  sellerHeaders = seller.headers;
  await t.app.db.insert(sellerCompanies).values({
    ownerUserId: seller.user.id,
    name: 'First Day Hardware',
    urlHandle: 'first-day-hardware',
    descriptionHtml: '<p>Steel &amp; cement.</p>',
    address: 'Dasmariñas City, Cavite',
    city: 'Dasmariñas City',
    latitude: 14.33,
    longitude: 120.94,
  });
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

async function upload(bytes: Buffer) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'banner.png');
  const encoded = new Response(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/seller/shop-profile/banner',
    headers: { ...sellerHeaders, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

describe("the seller center's first day", () => {
  it('says what is missing, then each step is done: profile, banner (checked by content)', async () => {
    // Other shops' products do not count as this shop's first product.
    const category = await insertCategory(t.app, 901, 'Tools');
    const other = await insertSeller(t.app);
    for (let i = 0; i < 3; i += 1) {
      await insertProduct(t.app, { sellerId: other.id, categoryId: category.id, name: `Other hammer ${i}` });
    }
    const first = await t.app.inject({ url: '/api/v1/seller/shop-profile', headers: sellerHeaders });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      description: 'Steel & cement.',
      phone: null,
      setup: { profile: false, banner: false, product: false },
    });

    const badPhone = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/seller/shop-profile',
      headers: sellerHeaders,
      payload: { description: 'Steel', phone: '12' },
    });
    expect(badPhone.statusCode).toBe(400);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/seller/shop-profile',
      headers: sellerHeaders,
      payload: { description: 'Steel <b>&</b> cement.\n\nOpen daily.', phone: '09171234567' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      description: 'Steel <b>&</b> cement.\n\nOpen daily.',
      setup: { profile: true, banner: false },
    });

    const fake = await upload(Buffer.from('GIF89a not really'));
    expect(fake.statusCode).toBe(415);
    const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#334155' } })
      .png()
      .toBuffer();
    const banner = await upload(png);
    expect(banner.statusCode, banner.body).toBe(200);
    expect(banner.json().banner_url).toMatch(/^\/uploads\/sellers\/\d+\/banner-.+\.webp$/);
    expect(banner.json().setup).toMatchObject({ profile: true, banner: true, product: false });
  });

  it('is for sellers only', async () => {
    const buyer = await signedIn(t.app);
    const res = await t.app.inject({ url: '/api/v1/seller/shop-profile', headers: buyer.headers });
    expect(res.statusCode).toBe(403);
  });
});
