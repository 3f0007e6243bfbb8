import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@tibay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { GeocoderUnavailableError } from './geocoder.ts';
import { NominatimGeocoder } from './nominatim-geocoder.ts';

// A stand-in for a Nominatim server on 127.0.0.1, answering with the documented jsonv2 shapes.
type Handler = (url: URL, request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler;
const seen: { url: URL; userAgent: string | undefined }[] = [];
let server: Server;
let baseUrl: string;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const cubao = {
  place_id: 123,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright',
  osm_type: 'relation',
  osm_id: 456,
  lat: '14.6197',
  lon: '121.0533',
  category: 'place',
  type: 'quarter',
  place_rank: 22,
  importance: 0.4,
  addresstype: 'quarter',
  name: 'Cubao',
  display_name: 'Cubao, Quezon City, Eastern Manila District, Metro Manila, 1109, Philippines',
  address: {
    quarter: 'Cubao',
    city: 'Quezon City',
    state_district: 'Eastern Manila District',
    region: 'Metro Manila',
    postcode: '1109',
    country: 'Philippines',
    country_code: 'ph',
  },
  boundingbox: ['14.60', '14.63', '121.04', '121.06'],
};
const cebuCity = {
  ...cubao,
  lat: '10.2930',
  lon: '123.9020',
  type: 'administrative',
  addresstype: 'city',
  name: 'Cebu City',
  display_name: 'Cebu City, Cebu, Central Visayas, 6000, Philippines',
  address: { city: 'Cebu City', state: 'Cebu', region: 'Central Visayas', country: 'Philippines', country_code: 'ph' },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    seen.push({ url, userAgent: request.headers['user-agent'] });
    handler(url, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  seen.length = 0;
});

const geocoder = (timeoutMs = 5000) =>
  new NominatimGeocoder({ baseUrl, userAgent: 'Tibay/1.0 (+http://localhost:3000)', timeoutMs, cacheSize: 0 });

describe('NominatimGeocoder', () => {
  it('searches the Philippines only and turns results into places', async () => {
    handler = (_url, _request, response) => json(response, 200, [cubao, cebuCity]);
    const places = await geocoder().autocomplete('cubao');
    expect(places).toEqual([
      {
        label: 'Cubao, Quezon City',
        kind: 'barangay',
        latitude: 14.6197,
        longitude: 121.0533,
        barangay: 'Cubao',
        city: 'Quezon City',
        province: null,
        region: 'Metro Manila',
        approximate: false,
      },
      {
        label: 'Cebu City, Cebu',
        kind: 'city',
        latitude: 10.293,
        longitude: 123.902,
        barangay: null,
        city: 'Cebu City',
        province: 'Cebu',
        region: 'Central Visayas',
        approximate: false,
      },
    ]);
    const [request] = seen;
    expect(request!.url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(request!.url.searchParams)).toMatchObject({
      format: 'jsonv2',
      countrycodes: 'ph',
      q: 'cubao',
      limit: '8',
    });
    expect(request!.userAgent).toBe('Tibay/1.0 (+http://localhost:3000)');
  });

  it('drops results outside the Philippines and an empty answer is an empty list', async () => {
    handler = (_url, _request, response) =>
      json(response, 200, [{ ...cubao, address: { ...cubao.address, country_code: 'my' } }]);
    expect(await geocoder().autocomplete('cubao')).toEqual([]);
    handler = (_url, _request, response) => json(response, 200, []);
    expect(await geocoder().autocomplete('nowhere')).toEqual([]);
  });

  it('reverse-geocodes a point', async () => {
    handler = (_url, _request, response) => json(response, 200, cebuCity);
    const place = await geocoder().reverse(10.3157, 123.8854);
    expect(place).toMatchObject({ city: 'Cebu City', province: 'Cebu', label: 'Cebu City, Cebu' });
    const [request] = seen;
    expect(request!.url.pathname).toBe('/nominatim/reverse');
    expect(Object.fromEntries(request!.url.searchParams)).toMatchObject({
      format: 'jsonv2',
      lat: '10.3157',
      lon: '123.8854',
    });
  });

  it('finds no address where Nominatim answers "Unable to geocode" or a foreign country', async () => {
    handler = (_url, _request, response) => json(response, 200, { error: 'Unable to geocode' });
    expect(await geocoder().reverse(14.5, 118.5)).toBeNull();
    handler = (_url, _request, response) =>
      json(response, 200, { ...cebuCity, address: { city: 'Kota Kinabalu', country_code: 'my' } });
    expect(await geocoder().reverse(5.98, 116.07)).toBeNull();
  });

  it('fails on a server error, a non-JSON answer, an unexpected shape and a timeout', async () => {
    handler = (_url, _request, response) => json(response, 500, { error: 'boom' });
    await expect(geocoder().autocomplete('cubao')).rejects.toBeInstanceOf(GeocoderUnavailableError);
    await expect(geocoder().reverse(14.6, 121)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    handler = (_url, _request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    };
    await expect(geocoder().autocomplete('cubao')).rejects.toBeInstanceOf(GeocoderUnavailableError);
    handler = (_url, _request, response) => json(response, 200, { unexpected: true });
    await expect(geocoder().autocomplete('cubao')).rejects.toBeInstanceOf(GeocoderUnavailableError);
    await expect(geocoder().reverse(14.6, 121)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    handler = () => {}; // never answers
    const started = Date.now();
    await expect(geocoder(300).reverse(14.6, 121)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('caches answers', async () => {
    let calls = 0;
    handler = (_url, _request, response) => {
      calls++;
      json(response, 200, [cubao]);
    };
    const cached = new NominatimGeocoder({ baseUrl, userAgent: 'Tibay test', timeoutMs: 2000 });
    await cached.autocomplete('cubao');
    await cached.autocomplete('cubao');
    expect(calls).toBe(1);
    await cached.autocomplete('cebu');
    expect(calls).toBe(2);
  });
});

describe('the geocoding API with GEOCODER=nominatim', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ GEOCODER: 'nominatim', NOMINATIM_URL: baseUrl, NOMINATIM_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => {
    await testApp?.close();
  });
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('passes autocomplete and reverse through to the service', async () => {
    handler = (url, _request, response) =>
      url.pathname.endsWith('/search') ? json(response, 200, [cubao]) : json(response, 200, cebuCity);
    const list = await get('/api/v1/geocoding/autocomplete?q=cubao');
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ label: 'Cubao, Quezon City', kind: 'barangay' });
    const reverse = await get('/api/v1/geocoding/reverse?lat=10.3157&lng=123.8854');
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json()).toEqual({
      address: 'Cebu City, Cebu',
      barangay: null,
      city: 'Cebu City',
      province: 'Cebu',
      region: 'Central Visayas',
      latitude: 10.3157,
      longitude: 123.8854,
    });
  });

  it('answers 404 "No address found for the given coordinates." when the service knows no address', async () => {
    handler = (_url, _request, response) => json(response, 200, { error: 'Unable to geocode' });
    const response = await get('/api/v1/geocoding/reverse?lat=14.5&lng=118.5');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('No address found for the given coordinates.');
  });

  it('answers 502 "Error fetching geocoding data." when the service fails or times out', async () => {
    handler = (_url, _request, response) => json(response, 503, {});
    for (const url of ['/api/v1/geocoding/reverse?lat=14.6&lng=121', '/api/v1/geocoding/autocomplete?q=makati']) {
      const response = await get(url);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: { code: 'UPSTREAM_UNAVAILABLE', message: messages.geocodingError } });
    }
    expect(messages.geocodingError).toBe('Error fetching geocoding data.');
    handler = () => {};
    const slow = await get('/api/v1/geocoding/reverse?lat=14.61&lng=121.01');
    expect(slow.statusCode).toBe(502);
    expect(slow.json().error.message).toBe('Error fetching geocoding data.');
  });
});
