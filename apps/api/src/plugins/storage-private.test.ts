import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const SETUP_TIMEOUT = 300_000;
let t: TestApp;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.storage.put('checkout/7/proof-of-payment-abc.png', png, 'image/png');
  await t.app.storage.put('profiles/7/face-abc.png', png, 'image/png');
  await t.app.storage.put('seed/products/cement.png', png, 'image/png');
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

describe('the public /uploads route', () => {
  it('serves catalogue images', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/seed/products/cement.png' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    '/uploads/checkout/7/proof-of-payment-abc.png',
    '/uploads/profiles/7/face-abc.png',
    '/uploads/./checkout/7/proof-of-payment-abc.png',
    '/uploads//profiles/7/face-abc.png',
    '/uploads/%63heckout/7/proof-of-payment-abc.png',
    '/uploads/seed/../checkout/7/proof-of-payment-abc.png',
  ])('never serves proofs of payment or identity images: %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });

  it('answers a malformed address with a client error, not a crash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/%E0%A4%A' });
    expect([400, 404]).toContain(res.statusCode);
  });

  it('keeps them readable to the routes that check who asks', async () => {
    expect(await t.app.storage.read('checkout/7/proof-of-payment-abc.png')).toEqual(png);
  });
});
