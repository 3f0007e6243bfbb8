import type { FastifyInstance } from 'fastify';
import { siteOrigin } from '../../http/site-origin.ts';

/**
 * What crawlers may index: the shop (home, search, categories, shops, items, articles), not the API, the back
 * office, the seller center, nor a buyer's own pages (checkout, payment, orders, profile, address) or the sandboxes.
 * Paths are case-sensitive, as the app's routes are. The Sitemap line (an absolute URL) is added per request.
 */
export const robotsTxt = [
  'User-agent: *',
  'Allow: /',
  'Disallow: /api/',
  'Disallow: /admin-v2',
  'Disallow: /seller-center',
  'Disallow: /checkout',
  'Disallow: /paymentmethod',
  'Disallow: /confirmpayment',
  'Disallow: /payment/',
  'Disallow: /Order',
  'Disallow: /TrackOrder',
  'Disallow: /profile/',
  'Disallow: /change-address/',
  'Disallow: /complete-profile/',
  'Disallow: /reset-password',
  'Disallow: /verify-email',
  'Disallow: /sandbox-gateway/',
  'Disallow: /sandbox-courier/',
  'Disallow: /dev/',
  '',
].join('\n');

/** GET /robots.txt (outside /api: crawlers ask the site's root). */
export async function robotsRoutes(app: FastifyInstance) {
  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${robotsTxt}Sitemap: ${siteOrigin(app, request)}/sitemap.xml\n`),
  );
}
