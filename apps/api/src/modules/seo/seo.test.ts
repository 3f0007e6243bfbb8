import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProduct, insertReview, insertSeller, insertUser } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Tibay — the online marketplace for building materials in the Philippines." />
    <title>Tibay — Building materials marketplace</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let t: TestApp;
let dist: string;
let cementId: number;
let hiddenId: number;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'tibay-seo-dist-'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  t = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://tibay.example', FIRST_PAINT: 'on' });
  await insertCategory(t.app, 2, 'CEMENT');
  const seller = await insertSeller(t.app, {
    name: 'Bulacan Hardware',
    urlHandle: 'bulacan-hardware',
    descriptionHtml: '<p>Cement, steel &amp; roofing since 1998.</p>',
  });
  const hiddenSeller = await insertSeller(t.app, {
    name: 'Pending Depot',
    urlHandle: 'pending-depot',
    status: 'pending',
  });
  const cement = await insertProduct(t.app, {
    sellerId: seller.id,
    categoryId: 2,
    name: 'Portland Cement <Type 1> 40kg',
    brand: 'Republic',
    description: '<p>General-purpose cement for "all" works.</p>',
    price: 26000,
    discountedPrice: 25000,
    stock: 40,
    images: [{ url: '/uploads/seed/products/cement.webp', isThumbnail: true }],
  });
  cementId = cement.id;
  const buyer = await insertUser(t.app);
  await insertReview(t.app, { productId: cementId, sellerId: seller.id, customerId: buyer.id, rating: 4 });
  hiddenId = (await insertProduct(t.app, { sellerId: hiddenSeller.id, categoryId: 2, name: 'Hidden Cement' })).id;
  await insertProduct(t.app, { sellerId: seller.id, categoryId: 2, name: 'Inactive Cement', isActive: false });
}, 300_000);

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

function head(html: string) {
  const meta = (attribute: string, name: string) =>
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
  return {
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
    descriptions: [...html.matchAll(/<meta name="description"/g)].length,
    description: meta('name', 'description'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ogTitle: meta('property', 'og:title'),
    ogImage: meta('property', 'og:image'),
    ogType: meta('property', 'og:type'),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    ),
  };
}

describe('the head of the item page, written by the server', () => {
  it('names the product, its price, its photo and its canonical URL', async () => {
    const response = await t.app.inject({ url: `/item/${cementId}` });
    expect(response.statusCode).toBe(200);
    const tags = head(response.body);
    expect(tags.titles).toEqual(['Portland Cement &lt;Type 1&gt; 40kg | Tibay']);
    expect(tags.descriptions).toBe(1);
    expect(tags.description).toBe('General-purpose cement for &quot;all&quot; works.');
    expect(tags.canonical).toBe(`https://tibay.example/item/${cementId}/portland-cement-type-1-40kg`);
    expect(tags.ogType).toBe('product');
    expect(tags.ogTitle).toBe('Portland Cement &lt;Type 1&gt; 40kg | Tibay');
    expect(tags.ogImage).toBe('https://tibay.example/uploads/seed/products/cement.webp');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('carries schema.org Product and Offer JSON-LD: price in PHP, availability', async () => {
    const tags = head((await t.app.inject({ url: `/item/${cementId}/any-slug` })).body);
    expect(tags.jsonLd).toHaveLength(1);
    expect(tags.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Portland Cement <Type 1> 40kg',
      brand: { '@type': 'Brand', name: 'Republic' },
      image: ['https://tibay.example/uploads/seed/products/cement.webp'],
      offers: {
        '@type': 'Offer',
        priceCurrency: 'PHP',
        price: '250.00',
        availability: 'https://schema.org/InStock',
        url: `https://tibay.example/item/${cementId}/portland-cement-type-1-40kg`,
        seller: { '@type': 'Organization', name: 'Bulacan Hardware' },
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 },
    });
  });

  it('has the browser fetch the product’s answer and its photo at once, alongside the app', async () => {
    const html = (await t.app.inject({ url: `/item/${cementId}` })).body;
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/v1/products/${cementId}" />`);
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/seed/products/cement.webp" fetchpriority="high" />',
    );
  });

  it('keeps the default head for a product that is not listed', async () => {
    const tags = head((await t.app.inject({ url: `/item/${hiddenId}` })).body);
    expect(tags.titles).toEqual(['Tibay — Building materials marketplace']);
    expect(tags.jsonLd).toHaveLength(0);
    expect(tags.canonical).toBeUndefined();
  });
});

describe('the head of the shop, category and home pages', () => {
  it('shop: its name, its About text and its logo', async () => {
    const tags = head((await t.app.inject({ url: '/shop/bulacan-hardware' })).body);
    expect(tags.titles).toEqual(['Bulacan Hardware | Tibay']);
    expect(tags.description).toBe('Cement, steel &amp; roofing since 1998.');
    expect(tags.canonical).toBe('https://tibay.example/shop/bulacan-hardware');
    expect(tags.ogImage).toMatch(/^https:\/\/tibay\.example\/img\/logo-\d+\.png$/);
  });

  it('category: its name and product count', async () => {
    const tags = head((await t.app.inject({ url: '/category/2?category=CEMENT' })).body);
    expect(tags.titles).toEqual(['CEMENT | Tibay']);
    expect(tags.description).toContain('1 products');
    expect(tags.canonical).toBe('https://tibay.example/category/2');
    expect(tags.ogImage).toBe('https://tibay.example/img/banner-2.jpg');
  });

  it('home: the site’s title, description and canonical URL', async () => {
    const tags = head((await t.app.inject({ url: '/' })).body);
    expect(tags.titles).toEqual(['Tibay — Building materials marketplace']);
    expect(tags.canonical).toBe('https://tibay.example/');
  });
});

describe('hints of a plain search page', () => {
  it('names the search answer the app will ask for and the first photos, at the widths the cards use', async () => {
    const html = (await t.app.inject({ url: '/search?q=portland' })).body;
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/v1/search?page=1&amp;pageSize=9&amp;q=portland&amp;availability=inStock&amp;deliveryOption=all&amp;location=all" />',
    );
    expect(html).toContain(
      'imagesrcset="/uploads/seed/products/cement.webp?w=180 180w, /uploads/seed/products/cement.webp?w=360 360w, /uploads/seed/products/cement.webp?w=600 600w"',
    );
  });

  it('gives none to a filtered search (its answer is another URL)', async () => {
    const html = (await t.app.inject({ url: '/search?q=portland&sort=price_asc' })).body;
    expect(html).not.toContain('rel="preload"');
  });
});

/** The server's drawing of the page (decision 0049): what is between `#first-paint` and the app's root. */
function firstPaint(html: string): string | undefined {
  return /<div id="first-paint" inert aria-hidden="true">([\s\S]*?)<\/div><div id="root"><\/div>/.exec(html)?.[1];
}

describe('the first paint the server draws before the app runs', () => {
  it('item: the header, the breadcrumb, the product’s photo and its name as the heading, escaped', async () => {
    const html = (await t.app.inject({ url: `/item/${cementId}` })).body;
    const drawn = firstPaint(html);
    expect(drawn).toContain('<div class="fp-header">');
    expect(drawn).toContain(
      '<span>Home</span><i>›</i><span>CEMENT</span><i>›</i><span>Portland Cement &lt;Type 1&gt; 40kg</span>',
    );
    expect(drawn).toContain(
      '<div class="fp-stage"><img src="/uploads/seed/products/cement.webp" alt="Portland Cement &lt;Type 1&gt; 40kg" fetchpriority="high" /></div>',
    );
    expect(drawn).toContain('<p class="fp-brand">Republic</p><h1>Portland Cement &lt;Type 1&gt; 40kg</h1>');
    expect(html).toMatch(/<style>#first-paint\{[^<]*<\/style>/);
  });

  it('item: the app’s script runs after that paint; its modules and first answer wait until the pictures are in', async () => {
    const html = (await t.app.inject({ url: `/item/${cementId}` })).body;
    expect(html).toContain(
      '<script defer src="/start-after-paint.js" data-entry="/assets/index-Ab12Cd34.js"></script>',
    );
    expect(html).not.toContain('<script type="module"');
    // Held in a template that start-after-paint.js adds: on a slow line the photo gets the bandwidth first.
    const held = /<template id="after-first-paint">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(held).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-Ab12Cd34.js">',
    );
    expect(held).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/v1/products/${cementId}" />`);
    const rest = html.replace(/<template id="after-first-paint">[\s\S]*?<\/template>/, '');
    expect(rest).not.toMatch(/modulepreload|as="fetch"/);
    expect(rest).toContain(
      '<link rel="preload" as="image" href="/uploads/seed/products/cement.webp" fetchpriority="high" />',
    );
  });

  it('shop: the breadcrumb and the shop’s banner', async () => {
    const drawn = firstPaint((await t.app.inject({ url: '/shop/bulacan-hardware' })).body);
    expect(drawn).toContain(
      '<span>SHOP</span><i>/</i><span>SHOP BY SELLER</span><i>/</i><span>Bulacan Hardware</span>',
    );
    expect(drawn).toMatch(/<div class="fp-card"><div class="fp-banner"><img src="\/img\/banner-seller-\d+\.jpg"/);
  });

  it('category: the breadcrumb, the banner and the category’s name as the (visually hidden) heading', async () => {
    const drawn = firstPaint((await t.app.inject({ url: '/category/2' })).body);
    expect(drawn).toContain('<span>SHOP BY CATEGORY</span><i>/</i><span>CEMENT</span>');
    expect(drawn).toContain(
      '<h1 class="fp-hidden">CEMENT</h1><img src="/img/banner-2.jpg" alt="" fetchpriority="high" />',
    );
  });

  it('home: the first hero slide, its picture preloaded', async () => {
    const html = (await t.app.inject({ url: '/' })).body;
    const drawn = firstPaint(html);
    expect(drawn).toContain('<img src="/hero-build.svg" alt="" fetchpriority="high" />');
    expect(drawn).toContain('<h1>Building materials, delivered to your site</h1>');
    expect(drawn).toContain('ORDER NOW');
    expect(html).toContain('<link rel="preload" as="image" href="/hero-build.svg" fetchpriority="high" />');
  });

  it('search: the heading and the first result cards, from the answer the app will get', async () => {
    const drawn = firstPaint((await t.app.inject({ url: '/search?q=portland' })).body);
    expect(drawn).toContain('<h1>Search results</h1><p class="fp-for">for “portland”</p>');
    expect(drawn).toContain('<div class="fp-count">1 ITEMS</div>');
    expect(drawn).toContain(
      '<img src="/uploads/seed/products/cement.webp" srcset="/uploads/seed/products/cement.webp?w=180 180w, /uploads/seed/products/cement.webp?w=360 360w, /uploads/seed/products/cement.webp?w=600 600w" sizes="(min-width: 75em) 20vw, (min-width: 62em) 25vw, (min-width: 48em) 33vw, 50vw" class="fp-photo" alt="" fetchpriority="high" />',
    );
    expect(drawn).toContain('<div class="fp-name fp-clamp">Portland Cement &lt;Type 1&gt; 40kg</div>');
  });

  it('search with filters: the header frame only (its answer is another URL)', async () => {
    const drawn = firstPaint((await t.app.inject({ url: '/search?q=portland&sort=price_asc' })).body);
    expect(drawn).toContain('<div class="fp-header">');
    expect(drawn).not.toContain('<h1');
    expect(drawn).not.toContain('<img');
  });

  it('draws nothing on other pages or for a product that is not listed: the app renders as before', async () => {
    for (const url of ['/login', `/item/${hiddenId}`, '/category/999999']) {
      const html = (await t.app.inject({ url })).body;
      expect(html, url).not.toContain('first-paint');
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>');
    }
  });
});

describe('sitemap', () => {
  it('indexes a pages file and the product files', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    expect(response.body).toContain('<loc>https://tibay.example/sitemaps/pages.xml</loc>');
    expect(response.body).toContain('<loc>https://tibay.example/sitemaps/products-1.xml</loc>');
    expect(response.body).not.toContain('products-2.xml');
  });

  it('lists the categories and approved shops, and only the active products of approved shops', async () => {
    const pages = (await t.app.inject({ url: '/sitemaps/pages.xml' })).body;
    expect(pages).toContain('<loc>https://tibay.example/</loc>');
    expect(pages).toContain('<loc>https://tibay.example/category/2</loc>');
    expect(pages).toContain('<loc>https://tibay.example/shop/bulacan-hardware</loc>');
    expect(pages).not.toContain('pending-depot');
    const products = (await t.app.inject({ url: '/sitemaps/products-1.xml' })).body;
    expect(products).toContain(`<loc>https://tibay.example/item/${cementId}/portland-cement-type-1-40kg</loc>`);
    expect(products).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(products).not.toContain('hidden-cement');
    expect(products).not.toContain('inactive-cement');
    expect((await t.app.inject({ url: '/sitemaps/products-2.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemaps/products-x.xml' })).statusCode).toBe(400);
  });
});
