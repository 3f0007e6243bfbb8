import { messages } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('GET /api/v1/geocoding/autocomplete (sandbox)', () => {
  it('lists up to 8 places in the Philippines, best first', async () => {
    const response = await get('/api/v1/geocoding/autocomplete?q=quezon');
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toHaveLength(8);
    expect(items[0]).toEqual({
      label: 'Quezon City, Metro Manila',
      kind: 'city',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      barangay: null,
      city: 'Quezon City',
      province: 'Metro Manila',
      region: 'Metro Manila',
      approximate: false,
    });
  });

  it.each([
    ['Cubao', 'Cubao, Quezon City, Metro Manila'],
    ['cubao quezon', 'Cubao, Quezon City, Metro Manila'],
    ['makati', 'Makati City, Metro Manila'],
    ['Cebu City', 'Cebu City, Cebu'],
    ['davao', 'Davao City, Davao del Sur'],
    ['lapu lapu', 'Lapu-Lapu City, Cebu'],
    ['Biñan', 'Biñan City, Laguna'],
    ['Nueva Ecija', 'Nueva Ecija, Central Luzon'],
    ['bulacan bulacan', 'Bulacan, Bulacan'],
  ])('%s -> %s', async (q, label) => {
    const response = await get(`/api/v1/geocoding/autocomplete?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().items[0].label).toBe(label);
  });

  it('gives an empty list under 2 characters and for no match', async () => {
    for (const q of ['', 'q', '  c  ', 'zzqx']) {
      const response = await get(`/api/v1/geocoding/autocomplete?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ items: [] });
    }
    expect((await get('/api/v1/geocoding/autocomplete')).json()).toEqual({ items: [] });
  });

  it('refuses more than 100 characters', async () => {
    const response = await get(`/api/v1/geocoding/autocomplete?q=${'a'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
  });
});

describe('GET /api/v1/geocoding/reverse (sandbox)', () => {
  it.each([
    [14.676, 121.044, 'Quezon City', 'Metro Manila'],
    [10.3157, 123.8854, 'Cebu City', 'Cebu'],
    [7.0731, 125.6128, 'Davao City', 'Davao del Sur'],
  ])('%s,%s is in %s', async (lat, lng, city, province) => {
    const response = await get(`/api/v1/geocoding/reverse?lat=${lat}&lng=${lng}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ city, province, latitude: lat, longitude: lng });
    expect(body.address).toContain(`${city}, ${province}`);
  });

  it('says "No address found for the given coordinates." at sea and abroad', async () => {
    for (const [lat, lng] of [
      [14.5, 118.5],
      [35.6812, 139.7671],
    ]) {
      const response = await get(`/api/v1/geocoding/reverse?lat=${lat}&lng=${lng}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: messages.noAddressFound } });
      expect(messages.noAddressFound).toBe('No address found for the given coordinates.');
    }
  });

  it.each([
    ['lat=abc&lng=121'],
    ['lat=91&lng=121'],
    ['lat=14&lng=-181'],
    ['lat=&lng=121'],
    ['lng=121'],
    ['lat=14'],
    ['lat=Infinity&lng=121'],
  ])('refuses bad coordinates (%s)', async (query) => {
    const response = await get(`/api/v1/geocoding/reverse?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION' });
    expect(response.json().error.message).toMatch(/^Please enter a valid (latitude|longitude)\.$/);
  });
});
