import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { sizedKey } from './image-sizes.ts';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tibay-image-sizes-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#e8590c' } })
    .webp()
    .toBuffer();
  await t.app.storage.put('seed/products/cement.webp', photo, 'image/webp');
  await t.app.storage.put('checkout/12/proof.webp', photo, 'image/webp');
}, 300_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /uploads/KEY?w=WIDTH', () => {
  it('answers the picture scaled to the width, as WebP, cached for a year, and keeps the copy', async () => {
    const response = await t.app.inject({ url: '/uploads/seed/products/cement.webp?w=180' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const size = await sharp(response.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([180, 180]);
    expect(await t.app.storage.exists(sizedKey('seed/products/cement.webp', 180))).toBe(true);
    const again = await t.app.inject({ url: '/uploads/seed/products/cement.webp?w=180' });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('never enlarges, and serves the original for a width it does not offer', async () => {
    const wide = await t.app.inject({ url: '/uploads/seed/products/cement.webp?w=1200' });
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(600);
    const odd = await t.app.inject({ url: '/uploads/seed/products/cement.webp?w=333' });
    expect(odd.statusCode).toBe(200);
    expect((await sharp(odd.rawPayload).metadata()).width).toBe(600);
  });

  it('does not resize private files or missing ones', async () => {
    expect((await t.app.inject({ url: '/uploads/checkout/12/proof.webp?w=180' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/seed/products/none.webp?w=180' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/seed/../checkout/12/proof.webp?w=180' })).statusCode).toBe(404);
  });
});
