/** Pages search engines read: each page's head written by the server, the search hints, and the sitemap. */
export { firstPaintCss, firstPaintHtml } from './first-paint.ts';
export { headTags, pageMetaFor } from './page-meta.ts';
export { searchPage } from './search-hints.ts';
export { SITEMAP_PAGE_SIZE, sitemapRoutes } from './sitemap.routes.ts';
