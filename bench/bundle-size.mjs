#!/usr/bin/env node
// Initial JavaScript and CSS of the home route, in the bytes the server really sends (issue 14: <= 150 KiB of
// JavaScript and <= 30 KiB of CSS, compressed).
//
// Reads the built web app (dist/index.html and the Vite manifest at dist/.vite/manifest.json) and lists
// every JS file the first paint of `/` needs: the entry script and its static imports (what index.html
// loads and modulepreloads), plus the home route's lazily loaded chunk and its static imports (the router
// fetches them before `/` can render), and the stylesheets of those chunks. Chunks reached only through dynamic
// import() — other routes, the map, dialogs — are left out. Each file counts as the server sends it: the build's
// brotli copy (`.br`, what browsers get over HTTPS) and its gzip copy (`.gz`, what Chrome gets over plain http://);
// the budgets are checked against brotli.
//
//   node bench/bundle-size.mjs [distDir]     (default apps/web/dist; build it first: npm run build)
//   BUNDLE_BUDGET_KIB=150 and CSS_BUDGET_KIB=30 set the limits; the exit code is 1 above either.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? process.env.WEB_DIST ?? join(here, '../apps/web/dist'));
const budgetKiB = Number(process.env.BUNDLE_BUDGET_KIB ?? 150);
const cssBudgetKiB = Number(process.env.CSS_BUDGET_KIB ?? 30);
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

// 3. The stylesheets of the same chunks: index.html's <link rel="stylesheet"> and each chunk's css.
const cssFiles = new Set(
  [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*\shref="\/?([^"]+\.css)"/g)].map((m) => m[1]),
);
for (const key of initial) for (const file of manifest[key].css ?? []) cssFiles.add(file);

/**
 * What the server sends for a file (apps/api/src/plugins/web-app.ts serves the build's precompressed copies):
 * `file.br` to a browser that accepts brotli (every browser over HTTPS), `file.gz` to one that accepts only gzip
 * (Chrome over plain http://), the file itself when no smaller copy was written.
 */
function served(file) {
  const raw = readFileSync(join(dist, file)).length;
  const copy = (suffix) =>
    existsSync(join(dist, file + suffix)) ? readFileSync(join(dist, file + suffix)).length : raw;
  return { file, raw, br: copy('.br'), gzip: copy('.gz') };
}

const jsRows = [...initial]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map(served)
  .sort((a, b) => b.br - a.br);
const cssRows = [...cssFiles].map(served).sort((a, b) => b.br - a.br);

const kib = (bytes) => (bytes / 1024).toFixed(1);
const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);
const missing = [...jsRows, ...cssRows].filter((row) => row.br === row.raw && row.raw > 1024);
if (missing.length > 0) {
  console.error(
    `No precompressed copy of ${missing.map((row) => row.file).join(', ')}: build with the precompress plugin.`,
  );
}

function print(title, rows) {
  console.log(`${title}\n`);
  console.log(`${'br KiB'.padStart(8)}  ${'gzip KiB'.padStart(8)}  ${'raw KiB'.padStart(8)}  file`);
  for (const row of rows) {
    console.log(`${kib(row.br).padStart(8)}  ${kib(row.gzip).padStart(8)}  ${kib(row.raw).padStart(8)}  ${row.file}`);
  }
  console.log(`${'-'.repeat(8)}  ${'-'.repeat(8)}  ${'-'.repeat(8)}`);
  console.log(
    `${kib(sum(rows, 'br')).padStart(8)}  ${kib(sum(rows, 'gzip')).padStart(8)}  ${kib(sum(rows, 'raw')).padStart(8)}  total of ${rows.length} files\n`,
  );
}

console.log(`Home route, as the server sends it (${dist})\n`);
print('Initial JavaScript', jsRows);
print('Stylesheets', cssRows);
const jsOk = sum(jsRows, 'br') <= budgetKiB * 1024;
const cssOk = sum(cssRows, 'br') <= cssBudgetKiB * 1024;
console.log(`JavaScript budget ${budgetKiB} KiB (brotli): ${jsOk ? 'OK' : 'OVER'}`);
console.log(`CSS budget ${cssBudgetKiB} KiB (brotli): ${cssOk ? 'OK' : 'OVER'}`);
process.exit(jsOk && cssOk ? 0 : 1);
