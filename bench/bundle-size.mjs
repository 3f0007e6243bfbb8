#!/usr/bin/env node
// Initial JavaScript of the home route, gzip-measured (issue 3: <= 200 KiB).
//
// Reads the built web app (dist/index.html and the Vite manifest at dist/.vite/manifest.json) and lists
// every JS file the first paint of `/` needs: the entry script and its static imports (what index.html
// loads and modulepreloads), plus the home route's lazily loaded chunk and its static imports (the router
// fetches them before `/` can render). Chunks reached only through dynamic import() — other routes, the
// map, dialogs — are left out. Each file is gzipped with zlib (level 9, like a static server's
// precompressed assets) and the sum is compared with the budget.
//
//   node bench/bundle-size.mjs [distDir]     (default apps/web/dist; build it first: npm run build)
//   BUNDLE_BUDGET_KIB=200 sets the limit; the exit code is 1 above it.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? process.env.WEB_DIST ?? join(here, '../apps/web/dist'));
const budgetKiB = Number(process.env.BUNDLE_BUDGET_KIB ?? 200);
const homeRouteSource = 'src/features/home/home-page.tsx';

const manifestPath = join(dist, '.vite/manifest.json');
const indexPath = join(dist, 'index.html');
if (!existsSync(manifestPath) || !existsSync(indexPath)) {
  console.error(`No build with a manifest in ${dist}: run \`npm run build\` (build.manifest is on in vite.config.ts).`);
  process.exit(2);
}
/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(indexPath, 'utf8');

const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** The manifest key of every chunk reached from `key` through static imports, `key` included. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(next, seen);
  return seen;
}

// 1. What index.html loads: module scripts and modulepreload links (all are fetched before first paint).
const htmlFiles = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g),
].map((m) => m[1]);
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(2);
}
const initial = staticClosure(entryKey);
for (const file of htmlFiles) {
  const key = byFile.get(file);
  if (key) staticClosure(key, initial);
}

// 2. The home route: its lazy chunk and that chunk's static imports.
const homeKey = Object.keys(manifest).find((key) => key === homeRouteSource || manifest[key].src === homeRouteSource);
if (!homeKey) {
  console.error(`The manifest has no chunk for ${homeRouteSource}.`);
  process.exit(2);
}
staticClosure(homeKey, initial);

const rows = [...initial]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const code = readFileSync(join(dist, file));
    return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kib = (bytes) => (bytes / 1024).toFixed(1);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const rawTotal = rows.reduce((sum, row) => sum + row.raw, 0);

console.log(`Initial JavaScript of the home route (${dist})\n`);
console.log(`${'gzip KiB'.padStart(9)}  ${'raw KiB'.padStart(8)}  file`);
for (const row of rows) console.log(`${kib(row.gzip).padStart(9)}  ${kib(row.raw).padStart(8)}  ${row.file}`);
console.log(`${'-'.repeat(9)}  ${'-'.repeat(8)}`);
console.log(`${kib(total).padStart(9)}  ${kib(rawTotal).padStart(8)}  total of ${rows.length} files`);
console.log(`\nBudget ${budgetKiB} KiB gzipped: ${total <= budgetKiB * 1024 ? 'OK' : 'OVER'}`);
process.exit(total <= budgetKiB * 1024 ? 0 : 1);
