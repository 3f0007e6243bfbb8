import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 300_000);

afterAll(async () => {
  await t?.close();
});

/** The robots.txt grammar (RFC 9309): groups of user-agent lines, then allow/disallow rules; sitemap anywhere. */
const knownField = /^(user-agent|allow|disallow|sitemap):\s*\S*$/i;

describe('GET /robots.txt', () => {
  it('answers plain text that a crawler can parse, line by line', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line, 'a robots.txt line').toMatch(knownField);
    expect(lines[0]).toBe('User-agent: *');
  });

  it('keeps crawlers out of the API, the back office, the seller center and the buyer’s own pages', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/robots.txt' })).body;
    const disallowed = body
      .split('\n')
      .filter((line) => line.startsWith('Disallow:'))
      .map((line) => line.slice('Disallow:'.length).trim());
    for (const path of ['/api/', '/admin-v2', '/seller-center', '/checkout', '/paymentmethod', '/Order']) {
      expect(disallowed).toContain(path);
    }
    expect(body).toContain('Allow: /\n');
    // The Sitemap line is an absolute URL of the sitemap the app serves.
    expect(body).toMatch(/^Sitemap: http:\/\/localhost(:\d+)?\/sitemap\.xml$/m);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
  });
});
