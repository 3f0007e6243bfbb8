import { slugify } from '@tibay/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { siteOrigin } from '../../http/site-origin.ts';
import * as repository from './sitemap.repository.ts';

/** Products per sitemap file: well under the protocol's 50,000 URLs and 50 MB. */
export const SITEMAP_PAGE_SIZE = 10_000;

/** The shop's public pages that are not data: home, the two directories and the articles. */
const staticPaths = [
  '/',
  '/shopbyseller',
  '/shopbycategory',
  '/About',
  '/Contact',
  '/FAQs',
  '/Blogs',
  '/Privacy-Policy',
];

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function sendXml(reply: FastifyReply, xml: string) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`);
}

function urlSet(urls: { loc: string; lastmod?: string }[]): string {
  const entries = urls.map(
    (url) => `<url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>`;
}

/**
 * GET /sitemap.xml (an index), /sitemaps/pages.xml (home, directories, articles, every category and shop) and
 * /sitemaps/products-N.xml (active products, SITEMAP_PAGE_SIZE a file, by id). Decision 0027.
 */
export async function sitemapRoutes(app: FastifyInstance) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = siteOrigin(app, request);
    const productFiles = Math.max(1, Math.ceil((await repository.countListedProducts(app.db)) / SITEMAP_PAGE_SIZE));
    const files = [
      `${origin}/sitemaps/pages.xml`,
      ...Array.from({ length: productFiles }, (_, index) => `${origin}/sitemaps/products-${index + 1}.xml`),
    ];
    const entries = files.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
    return sendXml(
      reply,
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>`,
    );
  });

  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = siteOrigin(app, request);
    const categories = await repository.categoryIds(app.db);
    const shops = await repository.approvedShopHandles(app.db);
    return sendXml(
      reply,
      urlSet([
        ...staticPaths.map((path) => ({ loc: `${origin}${path}` })),
        ...categories.map((row) => ({ loc: `${origin}/category/${row.id}` })),
        ...shops.map((row) => ({ loc: `${origin}/shop/${encodeURIComponent(row.url_handle)}` })),
      ]),
    );
  });

  app.get(
    '/sitemaps/products-:page.xml',
    { schema: { hide: true, params: z.object({ page: z.coerce.number().int().min(1).max(100_000) }) } },
    async (request, reply) => {
      const { page } = request.params as { page: number };
      const origin = siteOrigin(app, request);
      const products = await repository.listedProductPage(app.db, page, SITEMAP_PAGE_SIZE);
      if (products.length === 0 && page > 1) return reply.callNotFound();
      return sendXml(
        reply,
        urlSet(
          products.map((row) => ({
            loc: `${origin}/item/${row.id}/${slugify(row.name)}`,
            lastmod: new Date(row.updated_at).toISOString().slice(0, 10),
          })),
        ),
      );
    },
  );
}
