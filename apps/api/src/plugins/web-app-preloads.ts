import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The shop's most visited pages and the lazily loaded module of each (apps/web/src/app/router.tsx). A page not
 * listed here loads as before; one listed whose module the build no longer has gets no hints.
 */
const routeModules: Array<{ path: RegExp; source: string }> = [
  { path: /^\/$/, source: 'src/features/home/home-page.tsx' },
  { path: /^\/search\/?$/i, source: 'src/features/search/search-page.tsx' },
  { path: /^\/item\/\d+(\/[^/]*)?\/?$/i, source: 'src/features/item/item-page.tsx' },
  { path: /^\/shop\/[^/]+\/?$/i, source: 'src/features/shop/seller-shop-page.tsx' },
  { path: /^\/category\/\d+\/?$/i, source: 'src/features/categories/category-products-page.tsx' },
  { path: /^\/shopbyseller(\/[^/]*)?\/?$/i, source: 'src/features/sellers/shop-by-seller-page.tsx' },
  { path: /^\/shopbycategory\/?$/i, source: 'src/features/categories/shop-by-category-page.tsx' },
];

/**
 * Without hints the browser finds a page's own module only after the main script has run and the router asked for
 * it: one more round trip (~0.5 s on a slow phone line) before anything of the page shows. The server knows the
 * page from its path, so the HTML names that module, its imports and its stylesheets up front (decision 0026).
 */
export function routePreloads(root: string): (pathname: string, firstPaint?: boolean) => string {
  const manifestPath = path.join(root, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, seen);
    return seen;
  };
  // What index.html already loads.
  const initial = entry ? closure(entry, new Set()) : new Set<string>();
  // Per route: its stylesheets and its modules.
  const hintsBySource = new Map<string, { styles: string[]; modules: string[] }>();
  for (const { source } of routeModules) {
    if (!manifest[source]) continue;
    const keys = [...closure(source, new Set())].filter((key) => !initial.has(key));
    const styles = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))];
    hintsBySource.set(source, { styles, modules: keys.map((key) => manifest[key]!.file) });
  }
  return (pathname, firstPaint = false) => {
    const route = routeModules.find((candidate) => candidate.path.test(pathname));
    const hints = route && hintsBySource.get(route.source);
    if (!hints) return '';
    // With the server's first paint (decision 0049) the page shows without the app: its stylesheets and modules are
    // fetched at once but block nothing and come after the stylesheet and pictures of that first paint.
    const style = firstPaint
      ? (file: string) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}" />`
      : (file: string) => `<link rel="stylesheet" crossorigin href="/${file}" />`;
    const priority = firstPaint ? ' fetchpriority="low"' : '';
    return [
      ...hints.styles.map(style),
      ...hints.modules.map((file) => `<link rel="modulepreload"${priority} crossorigin href="/${file}" />`),
    ].join('\n    ');
  };
}
