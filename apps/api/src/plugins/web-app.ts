import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { siteOrigin } from '../http/site-origin.ts';
import { firstPaintCss, firstPaintHtml, headTags, pageMetaFor, searchPage } from '../modules/seo/index.ts';
import { routePreloads } from './web-app-preloads.ts';

/** Hashed build output (`/assets/name-HASH.js`): a new build writes new names, so a copy never goes stale. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The page itself and unhashed public files: the browser asks again each time (a 304 when unchanged). */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * index.html with a marker where each page's head tags go, in place of the build's title and description, which are
 * kept as the head of pages that have none of their own.
 */
function pageTemplate(indexHtml: string): { template: string; defaultHead: string } {
  const title = /\s*(<title>[\s\S]*?<\/title>)/.exec(indexHtml);
  const description = /\s*(<meta name="description"[^>]*>)/.exec(indexHtml);
  let template = indexHtml;
  for (const found of [title, description]) if (found) template = template.replace(found[0], '');
  return {
    template: template
      .replace('</head>', '  <!--page-head-->\n  </head>')
      .replace('<div id="root"></div>', '<!--first-paint--><div id="root"></div>'),
    defaultHead: [title?.[1], description?.[1]].filter(Boolean).join('\n    '),
  };
}

/**
 * A page with a first paint shows without the app's script (decision 0049): the script and its preloads are fetched
 * at low priority, after the stylesheet and the pictures that paint, and the entry runs only after the browser has
 * painted (public/start-after-paint.js adds it then).
 */
function scriptsAfterFirstPaint(html: string): string {
  return html
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="$1">\n    <script defer src="/start-after-paint.js" data-entry="$1"></script>',
    )
    .replace(/<link rel="modulepreload" crossorigin /g, '<link rel="modulepreload" fetchpriority="low" crossorigin ');
}

/**
 * What only the app needs of a page with a first paint (its modules, route stylesheets and first API answer),
 * held in a template that start-after-paint.js adds when it starts the app: on a slow line the drawing's stylesheet,
 * font and pictures get the bandwidth first (decision 0049).
 */
function modulesAfterFirstPaint(html: string): string {
  const links: string[] = [];
  const rest = html.replace(/\s*<link rel="(?:modulepreload|preload" as="(?:style|fetch))"[^>]*>/g, (link) => {
    links.push(link.trim());
    return '';
  });
  return rest.replace('</head>', () => `  <template id="after-first-paint">${links.join('')}</template>\n  </head>`);
}

/**
 * The built React app (decision 0026). Files come precompressed (the build writes .br and .gz beside each) with
 * long immutable caching under /assets/; any other GET outside /api is a page: index.html with the page's title,
 * description, canonical URL, Open Graph tags and JSON-LD written in by the server (decision 0027), revalidated by
 * ETag on every visit. The app then renders in the browser as before.
 */
export async function webAppPlugin(app: FastifyInstance, options: { root: string; firstPaint?: boolean }) {
  const root = path.resolve(options.root);
  const indexPath = path.join(root, 'index.html');
  if (!existsSync(indexPath)) return;
  const { template, defaultHead } = pageTemplate(readFileSync(indexPath, 'utf8'));
  const preloadsFor = routePreloads(root);

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });

  // The errors plugin owns the not-found handler (Fastify allows one per prefix): a catch-all route serves the pages.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const origin = siteOrigin(app, request);
    const absolute = (value: string) => (/^https?:\/\//.test(value) ? value : `${origin}${value}`);
    const pathname = request.url.split('?')[0] ?? '/';
    const meta = await pageMetaFor(app, pathname, absolute).catch((error: unknown) => {
      request.log.warn({ err: error }, 'page head not rendered');
      return null;
    });
    const search = await searchPage(app, request.url).catch(() => null);
    // The page's first paint, drawn before the app runs (decision 0049): the five most visited pages.
    const firstPaint = options.firstPaint ? (meta?.firstPaint ?? search?.firstPaint ?? null) : null;
    const head = [
      meta ? headTags(meta, absolute) : defaultHead,
      firstPaint ? `<style>${firstPaintCss}</style>` : '',
      preloadsFor(pathname, Boolean(firstPaint)),
      search?.hints,
    ].filter(Boolean);
    const page = (firstPaint ? scriptsAfterFirstPaint(template) : template)
      .replace('<!--page-head-->', () => head.join('\n    '))
      .replace('<!--first-paint-->', () => (firstPaint ? firstPaintHtml(firstPaint) : ''));
    const html = firstPaint ? modulesAfterFirstPaint(page) : page;
    const etag = `"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', REVALIDATE_CACHE).header('etag', etag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(html);
  });
}
