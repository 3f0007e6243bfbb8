#!/usr/bin/env node
// Lighthouse, mobile preset (simulated slow 4G and a 4x slower CPU), on five shop pages of the built app (issue 14).
//
//   npm run lighthouse -w bench                      starts the app with `npm start` (which builds the web app when
//                                                    its sources changed), runs each page 3 times and writes the
//                                                    median table into bench/README.md
//   npm run lighthouse -w bench -- --no-write        print only
//   options: --runs 3   --pages home,search,item,shop,category   --port 3060   --save DIR (each median report as JSON)   --url http://host:port (an app already running; nothing is started)
//   env: CHROME_PATH (default /usr/bin/chromium); BENCH_LH_DATA_DIR, the app's data folder (default
//   /tmp/tibay-lighthouse-data, seeded with the demo data on first start)
//
// The item, shop and category pages are the first result of a search for "cement": its product, its seller's shop
// and its category. Each page's row is Lighthouse's median run of the three (by FCP and LCP), so its figures come
// from one real run.

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const runs = Number(option('runs', 3));
const port = Number(option('port', process.env.PORT ?? 3060));
const write = !args.includes('--no-write');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function waitForHealth(base, child) {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 1000));
  }
  throw new Error(`${base} did not answer /api/health within 10 minutes`);
}

/** The five pages: home, a search, and the first cement result's item page, shop and category. */
async function pagesToMeasure(base) {
  const response = await fetch(`${base}/api/v1/search?q=cement`);
  const found = await response.json();
  const product = found.products?.[0] ?? found.items?.[0];
  if (!product) throw new Error('A search for "cement" found no product to measure.');
  const detail = await (await fetch(`${base}/api/v1/products/${product.id}`)).json();
  const handle = detail.product.seller.url_handle;
  const categoryId = detail.product.category.category_id;
  const only = option('pages', null)?.split(',');
  return [
    { name: 'home', path: '/' },
    { name: 'search', path: '/search?q=cement' },
    { name: 'item', path: `/item/${product.id}/${product.slug}` },
    { name: 'shop', path: `/shop/${encodeURIComponent(handle)}` },
    { name: 'category', path: `/category/${categoryId}` },
  ].filter((page) => !only || only.includes(page.name));
}

async function measure(url, chrome) {
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error' },
    {
      extends: 'lighthouse:default',
      settings: { formFactor: 'mobile', throttlingMethod: 'simulate', screenEmulation: { mobile: true } },
    },
  );
  return result.lhr;
}

function row(name, path, lhr, load) {
  const score = (key) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
  const audit = (key) => lhr.audits[key]?.numericValue ?? 0;
  const transfer = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = (type) =>
    transfer.filter((item) => !type || item.resourceType === type).reduce((sum, item) => sum + item.transferSize, 0);
  return {
    name,
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: (audit('first-contentful-paint') / 1000).toFixed(1),
    lcp: (audit('largest-contentful-paint') / 1000).toFixed(1),
    tbt: Math.round(audit('total-blocking-time')),
    cls: audit('cumulative-layout-shift').toFixed(3),
    requests: transfer.length,
    scriptKiB: (bytes('Script') / 1024).toFixed(0),
    cssKiB: (bytes('Stylesheet') / 1024).toFixed(0),
    totalKiB: (bytes() / 1024).toFixed(0),
    load,
  };
}

function table(rows) {
  const header =
    '| page | performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | CLS | requests | JS KiB | CSS KiB | total KiB | load avg |';
  const lines = rows.map(
    (r) =>
      `| ${r.name} (\`${r.path}\`) | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.requests} | ${r.scriptKiB} | ${r.cssKiB} | ${r.totalKiB} | ${r.load} |`,
  );
  return [header, `|${' --- |'.repeat(14)}`, ...lines].join('\n');
}

const start = '<!-- lighthouse:start -->';
const end = '<!-- lighthouse:end -->';

function writeIntoReadme(text) {
  const readmePath = join(here, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`bench/README.md has no ${start} ... ${end} markers.`);
  writeFileSync(readmePath, `${readme.slice(0, from + start.length)}\n${text}\n${readme.slice(to)}`);
}

let app = null;
let base = option('url', null);
if (!base) {
  base = `http://127.0.0.1:${port}`;
  app = spawn('npm', ['start'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.BENCH_LH_DATA_DIR ?? '/tmp/tibay-lighthouse-data',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
}
const stopApp = () => {
  if (!app || app.exitCode !== null) return;
  try {
    process.kill(-app.pid, 'SIGTERM'); // the whole group: npm, start.mjs and the server
  } catch {
    // already gone
  }
};
process.on('exit', stopApp);

let chrome;
try {
  await waitForHealth(base, app);
  const pages = await pagesToMeasure(base);
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox'] });
  const rows = [];
  for (const page of pages) {
    const url = `${base}${page.path}`;
    await fetch(url); // warm the server (first render of a route's data), as a visitor before us would have
    const results = [];
    const loads = [];
    // A run that failed (no first paint recorded: the page timed out on a busy machine) is run again, twice at most.
    for (let run = 0, failures = 0; run < runs; run += 1) {
      const lhr = await measure(url, chrome);
      if (lhr.runtimeError || !lhr.audits['first-contentful-paint']?.numericValue) {
        if (++failures > 2) throw new Error(`${page.name}: ${lhr.runtimeError?.message ?? 'no first paint'}`);
        console.log(`${page.name} run ${run + 1} failed (${lhr.runtimeError?.code ?? 'no FCP'}): again`);
        run -= 1;
        continue;
      }
      results.push(lhr);
      loads.push(loadavg()[0]);
      console.log(
        `${page.name} run ${run + 1}: performance ${Math.round(lhr.categories.performance.score * 100)}, LCP ${(lhr.audits['largest-contentful-paint'].numericValue / 1000).toFixed(1)} s`,
      );
    }
    const median = computeMedianRun(results);
    // The 1-minute load average after each run (other work on the machine slows Lighthouse's observed CPU time).
    const load = loads.map((value) => value.toFixed(1)).join(' / ');
    rows.push(row(page.name, page.path, median, load));
    const saveDir = option('save', null);
    if (saveDir) writeFileSync(join(saveDir, `${page.name}.json`), JSON.stringify(median));
  }
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const text = `Measured ${when} UTC, median of ${runs} runs, Lighthouse ${rows.length ? 'mobile preset' : ''} (${chromePath}), ${cpus().length} CPUs; load avg is the 1-minute load average after each run.\n\n${table(rows)}`;
  console.log(`\n${text}`);
  if (write) writeIntoReadme(text);
} finally {
  if (chrome) await chrome.kill();
  stopApp();
}
