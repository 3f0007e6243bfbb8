import { formatPeso, type ProductCard, type SearchResponse } from '@tibay/contract';
import { escapeHtml, type FirstPaintContent, HERO_IMAGE, sizedUses } from './page-meta.ts';

/**
 * The first paint of the shop's most visited pages, written by the server into the HTML before the app's script
 * (decision 0049): the header frame and the page's largest picture (and its heading) at the places the app puts
 * them, so the phone shows them as soon as the HTML and the stylesheet have arrived. The app renders hidden beside
 * it and replaces it in one frame once its first page's data is in (apps/web/src/app/first-paint.ts).
 *
 * The sizes below are the app's (Mantine's xl container, the header's rows, the page components' CSS modules),
 * written out because Mantine's theme variables only exist once the app runs. The browser tests compare the boxes.
 */
export const firstPaintCss = `
#first-paint{min-height:100vh;background:#f8f9fa;color:#1e293b;font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;line-height:1.55;-webkit-font-smoothing:antialiased}
#first-paint *{box-sizing:border-box}
#first-paint h1{font-family:Inter,system-ui,sans-serif;font-weight:800;margin:0}
.fp-header{background:#1e293b;height:90.8px}
.fp-bar{max-width:1320px;height:100%;margin:0 auto;padding:0 16px 12px;display:flex;align-items:flex-end}
.fp-logo{display:block;width:120px;height:32px}
.fp-menu,.fp-search{display:none}
.fp-nav{height:47px;background:#fff;border-bottom:1px solid #dee2e6;box-shadow:0 1px 3px rgba(15,23,42,.06)}
.fp-container{max-width:1320px;margin:0 auto;padding:20px 16px}
.fp-crumbs{display:flex;align-items:center;flex-wrap:wrap;margin-bottom:16px;font-size:14px}
.fp-crumbs>span{line-height:1;white-space:nowrap;color:#c2410c}
.fp-crumbs>span:last-child{color:#5c6670;overflow:hidden;text-overflow:ellipsis;min-width:0}
.fp-crumbs>i{font-style:normal;font-size:16px;line-height:1;margin:0 10px;color:#495057}
.fp-strong>span{font-weight:600}
.fp-upper>span:last-child{text-transform:uppercase}
.fp-nowrap{flex-wrap:nowrap}
.fp-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.fp-banner{aspect-ratio:4/1;overflow:hidden;background:linear-gradient(120deg,#1e293b,#596c8a)}
.fp-banner img,.fp-stage img{display:block;width:100%;height:100%;object-fit:cover}
.fp-card{border:1px solid #dee2e6;border-radius:8px;background:#fff;overflow:hidden}
.fp-rounded{border-radius:8px;background:#1e293b}
.fp-item{padding:16px}
.fp-grid{display:grid;grid-template-columns:1fr 1fr;gap:32px}
.fp-stage{width:100%;max-width:520px;margin:0 auto;aspect-ratio:1;background:#f8f9fa;border:1px solid #dee2e6;border-radius:8px;overflow:hidden}
.fp-stage img{object-fit:contain}
.fp-brand{font-size:14px;color:#5c6670;text-transform:uppercase;margin:0 0 12px}
.fp-item h1{font-size:28px;line-height:1.3}
.fp-hero{position:relative;background:#1e293b;aspect-ratio:1366/420;min-height:340px;overflow:hidden}
.fp-hero img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;object-position:right center}
.fp-shade{position:absolute;inset:0;background:linear-gradient(90deg,rgba(15,23,42,.82) 0%,rgba(15,23,42,.55) 38%,rgba(15,23,42,0) 62%)}
.fp-hero-content{position:relative;height:100%;max-width:1320px;margin:0 auto;padding:24px 64px 40px;display:flex;flex-direction:column;justify-content:center;align-items:flex-start;color:#fff}
.fp-eyebrow{margin:0;font-size:12px;font-weight:700;letter-spacing:1px;text-transform:uppercase;color:#ffc078}
#first-paint .fp-hero h1{margin-top:8px;max-width:560px;font-size:44px;line-height:1.1;text-transform:uppercase;color:#fff}
.fp-hero-text{margin:12px 0 0;max-width:480px;font-size:16px;color:#e2e7ee}
.fp-order{margin-top:16px;display:inline-flex;align-items:center;gap:10px;height:42px;padding:0 14.67px 0 22px;border-radius:4px;background:#c2410c;color:#fff;font-size:16px;font-weight:600;line-height:1;text-decoration:none}
.fp-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-end;gap:12px;margin-bottom:16px}
.fp-head>div:first-child{min-width:0}
#first-paint .fp-head h1{font-size:20px;line-height:1.3;text-transform:uppercase}
.fp-for{margin:0;font-size:14px;line-height:1.45;color:#5c6670;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fp-tools{display:flex;gap:12px;align-items:flex-end}
.fp-filter-button{width:130px;height:42px;border:1px solid #ced4da;border-radius:4px;background:#fff}
.fp-sort{width:170px;height:60.8px;padding-top:2px;display:flex;flex-direction:column;justify-content:space-between;font-size:14px;font-weight:500}
.fp-sort>span{line-height:1.55}
.fp-sort>div{height:36px;padding:0 12px;border:1px solid #ced4da;border-radius:4px;background:#fff;font-size:14px;font-weight:400;line-height:34px}
.fp-filters{display:none}
.fp-results{flex:1;min-width:0;display:flex;flex-direction:column;gap:16px}
#first-paint .fp-shops h2{margin:0 0 10px;font-size:14px;line-height:1.35;font-weight:800;text-transform:uppercase;color:#596c8a}
.fp-shop-grid,.fp-cards{display:grid;grid-template-columns:minmax(0,1fr);gap:12px}
.fp-shop{display:flex;align-items:center;gap:12px;padding:12px;border:1px solid #dee2e6;border-radius:8px;background:#fff}
.fp-shop>div{min-width:0}
.fp-shop b,.fp-shop span{display:block;font-size:12px;line-height:1.4}
.fp-shop b{font-size:14px;line-height:1.45}
.fp-shop span{color:#5c6670;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fp-shop span+span{color:#a8380a;font-weight:600}
.fp-disc{flex:none;width:44px;height:44px;border-radius:50%;background:#f1f3f5;object-fit:cover}
.fp-clamp{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.fp-count{font-size:14px;line-height:1.45;font-weight:700}
.fp-cards{grid-template-columns:repeat(2,minmax(0,1fr))}
.fp-product{display:flex;flex-direction:column;background:#fff;border:1px solid #dee2e6;border-radius:4px;overflow:hidden}
.fp-product img.fp-photo{display:block;width:100%;aspect-ratio:1;object-fit:cover;background:#f1f3f5}
.fp-product-body{flex:1;display:flex;flex-direction:column;gap:4px;padding:8px 10px 10px}
.fp-seller{display:flex;align-items:center;gap:6px}
.fp-seller .fp-disc{width:20px;height:20px;background:#dee2e6}
.fp-seller span{font-size:12px;line-height:1.4;color:#5c6670}
.fp-name{font-size:14px;font-weight:600;line-height:1.3;min-height:2.6em}
.fp-price s{font-size:12px;line-height:1.55;color:#5c6670}
.fp-price b{line-height:1.55;font-weight:800;color:#a8380a}
.fp-price span{font-size:12px;line-height:1.55;font-weight:500;color:#495057;white-space:nowrap}
.fp-actions{margin-top:auto;display:flex;align-items:center;gap:6px}
.fp-view{flex:1;height:30px;border:1px solid #c2410c;border-radius:4px;display:flex;align-items:center;justify-content:center;font-size:12px;font-weight:600;letter-spacing:.3px;color:#c2410c}
.fp-cart{width:34px;height:34px;border-radius:4px;background:#c2410c}
@media (min-width:36em){.fp-shop-grid{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (max-width:48em){.fp-shop-grid>div:nth-child(3){display:none}}
@media (min-width:48em){#first-paint .fp-head h1{font-size:26px}.fp-sort{width:200px}.fp-shop-grid,.fp-cards{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:62em){.fp-filter-button{display:none}.fp-columns{display:flex;gap:20px}.fp-filters{display:block;flex:0 0 calc((100% + 20px) * 3 / 12 - 20px);height:640px;border:1px solid #dee2e6;border-radius:8px;background:#fff}}
@media (max-width:61.99em){
.fp-header{height:129.8px;border-bottom:3px solid #fd7e14}
.fp-bar{display:block;padding:6px 16px}
.fp-row{display:flex;align-items:flex-end;gap:6px;height:42px}
.fp-menu{display:block;width:28px;height:28px}
.fp-search{display:block;margin-top:30.8px;height:42px;background:#fff;border:1px solid #ced4da;border-radius:4px}
.fp-nav{height:36px;background:#1e293b;border:0;box-shadow:none}
.fp-grid{grid-template-columns:1fr;gap:16px}
.fp-grid>div+div{display:none}
#first-paint .fp-hero h1{font-size:34px}
}
@media (max-width:48em){
.fp-hero{aspect-ratio:390/360;min-height:0}
.fp-shade{background:linear-gradient(180deg,rgba(15,23,42,.82) 0%,rgba(15,23,42,.6) 60%,rgba(15,23,42,.3) 100%)}
.fp-hero-content{justify-content:flex-start;padding:28px 16px 40px}
#first-paint .fp-hero h1{font-size:26px}
.fp-hero-text{font-size:14px}
}
@media (max-width:47.99em){#first-paint,#first-paint h1{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}}
`
  .trim()
  .replace(/\n/g, '');

/** The logo as the header draws it (apps/web/src/components/tibay-logo.tsx). */
const logo =
  '<svg class="fp-logo" viewBox="0 0 150 40" width="120" height="32" aria-hidden="true"><rect width="40" height="40" rx="8" fill="#e8590c"/><path d="M8.5 11h23v6h-8.2v15h-6.6V17H8.5z" fill="#fff"/><text x="50" y="29" fill="#fff" font-family="Inter,system-ui,sans-serif" font-size="26" font-weight="800" letter-spacing="1.5">TIBAY</text></svg>';

const frameTop = `<div class="fp-header"><div class="fp-bar"><div class="fp-row"><span class="fp-menu"></span>${logo}</div><div class="fp-search"></div></div></div><div class="fp-nav"></div>`;

/** A stored picture with the srcset and sizes the app gives it, so both ask for the same file. */
function picture(url: string, use: 'photo' | 'banner' | 'card', alt = '', className = '', eager = true): string {
  const src = escapeHtml(url);
  const sized = use !== 'photo' && url.startsWith('/uploads/') && /\.(webp|png|jpe?g)$/i.test(url);
  const srcset = sized
    ? ` srcset="${sizedUses[use].widths.map((width) => `${src}?w=${width} ${width}w`).join(', ')}" sizes="${sizedUses[use].sizes}"`
    : '';
  const loading = eager ? ' fetchpriority="high"' : ' loading="lazy"';
  const classAttribute = className ? ` class="${className}"` : '';
  return `<img src="${src}"${srcset}${classAttribute} alt="${escapeHtml(alt)}"${loading} />`;
}

function crumbs(parts: string[], className: string): string {
  const items = parts.map((part) => `<span>${escapeHtml(part)}</span>`).join('<i>SEP</i>');
  return `<div class="fp-crumbs ${className}">${items}</div>`;
}

/** The home page's first hero slide (apps/web/src/features/home/components/hero-slide.tsx). */
const arrow =
  '<svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M5 12l14 0"/><path d="M13 18l6 -6"/><path d="M13 6l6 6"/></svg>';
const hero = `<section class="fp-hero"><img src="${HERO_IMAGE}" alt="" fetchpriority="high" /><div class="fp-shade"></div><div class="fp-hero-content"><p class="fp-eyebrow">Cement · Steel bars · Roofing · Paint · Tools</p><h1>Building materials, delivered to your site</h1><p class="fp-hero-text">Order from trusted hardware sellers near you and compare prices in one place.</p><a class="fp-order" href="/shopbyseller?page=1">ORDER NOW${arrow}</a></div></section>`;

/** A small round picture (a seller's logo), or a grey disc without one. */
function disc(url: string | null, lazy = false): string {
  if (!url) return '<i class="fp-disc"></i>';
  return `<img class="fp-disc" src="${escapeHtml(url)}" alt=""${lazy ? ' loading="lazy"' : ''} />`;
}

/** A result card as the app's ProductCard draws it (apps/web/src/components/product-card.tsx and its CSS module). */
function productCard(product: ProductCard, index: number): string {
  const photo = picture(product.photo ?? '/placeholder-product.svg', 'card', '', 'fp-photo', index < 2);
  const price =
    product.discounted_price >= 100
      ? `<s>${formatPeso(product.price)}</s> <b>${formatPeso(product.discounted_price)}</b>`
      : `<b>${formatPeso(product.price)}</b>`;
  const seller = `<div class="fp-seller">${disc(product.seller.seller_logo, true)}<span class="fp-clamp">${escapeHtml(product.seller.name)}</span></div>`;
  const name = `<div class="fp-name fp-clamp">${escapeHtml(product.name)}</div>`;
  const perUnit = `<span> / ${escapeHtml(product.selling_unit)}</span>`;
  const actions = '<div class="fp-actions"><span class="fp-view">VIEW ITEM</span><span class="fp-cart"></span></div>';
  return `<div class="fp-product"><div>${photo}</div><div class="fp-product-body">${seller}${name}<div class="fp-price">${price}${perUnit}</div>${actions}</div></div>`;
}

/** A related shop as the search page's RelatedShops draws it (apps/web/src/features/search/components). */
function relatedShop(shop: SearchResponse['related_shops'][number]): string {
  const count = `${shop.product_count.toLocaleString('en-PH')} ${shop.product_count === 1 ? 'product' : 'products'}`;
  return `<div class="fp-shop">${disc(shop.logo)}<div><b class="fp-clamp">${escapeHtml(shop.name)}</b><span>${escapeHtml(shop.location)}</span><span>${count}</span></div></div>`;
}

/**
 * The search page (apps/web/src/features/search/search-page.tsx): its heading and sort, the filters' column, the
 * related shops, the count and the first result cards, from the answer the app is about to receive.
 */
function searchBody(content: Extract<FirstPaintContent, { page: 'search' }>): string {
  if (!content.found) return '';
  const { q, found } = content;
  const head = `<div class="fp-head"><div><h1>Search results</h1><p class="fp-for">for “${escapeHtml(q ?? '')}”</p></div><div class="fp-tools"><span class="fp-filter-button"></span><div class="fp-sort"><span>Sort by</span><div>Relevance</div></div></div></div>`;
  const shops = found.related_shops.slice(0, 3);
  const related = shops.length
    ? `<section class="fp-shops"><h2>Shops related to your search</h2><div class="fp-shop-grid">${shops.map(relatedShop).join('')}</div></section>`
    : '';
  const count = `<div class="fp-count">${found.totalCount.toLocaleString('en-PH')} ITEMS</div>`;
  const cards = found.items.length
    ? `<div class="fp-cards">${found.items.slice(0, 6).map(productCard).join('')}</div>`
    : '';
  return `<div class="fp-container">${head}<div class="fp-columns"><div class="fp-filters"></div><div class="fp-results">${related}${count}${cards}</div></div></div>`;
}

/** What a page's first paint shows under the frame. */
function pageBody(content: FirstPaintContent): string {
  switch (content.page) {
    case 'home':
      return hero;
    case 'search':
      return searchBody(content);
    case 'item': {
      const trail = crumbs(['Home', content.category, content.name], '').replace(/SEP/g, '›');
      const photo = content.photo ? picture(content.photo, 'photo', content.name) : '';
      const brand = content.brand ? `<p class="fp-brand">${escapeHtml(content.brand)}</p>` : '';
      return `<div class="fp-container fp-item">${trail}<div class="fp-grid"><div><div class="fp-stage">${photo}</div></div><div>${brand}<h1>${escapeHtml(content.name)}</h1></div></div></div>`;
    }
    case 'shop': {
      const trail = crumbs(['SHOP', 'SHOP BY SELLER', content.name], 'fp-strong fp-upper fp-nowrap').replace(
        /SEP/g,
        '/',
      );
      const banner = content.banner ? picture(content.banner, 'banner') : '';
      return `<div class="fp-container">${trail}<div class="fp-card"><div class="fp-banner">${banner}</div></div></div>`;
    }
    case 'category': {
      const trail = crumbs(['SHOP', 'SHOP BY CATEGORY', content.name], 'fp-strong fp-upper').replace(/SEP/g, '/');
      const banner = content.banner
        ? `<div class="fp-banner fp-rounded"><h1 class="fp-hidden">${escapeHtml(content.name)}</h1>${picture(content.banner, 'banner')}</div>`
        : '';
      return `<div class="fp-container">${trail}${banner}</div>`;
    }
  }
}

/**
 * The markup that goes into the page before the app's root: inert (no focus, not read out) because it is only a
 * picture of the page, replaced by the app within a few hundred milliseconds of its script running.
 */
export function firstPaintHtml(content: FirstPaintContent): string {
  return `<div id="first-paint" inert aria-hidden="true">${frameTop}<div>${pageBody(content)}</div></div>`;
}
