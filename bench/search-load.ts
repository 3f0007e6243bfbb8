/**
 * Search and listings under real-looking traffic (issue 21, decision 0043): >= 1,000 distinct searches built from
 * the seeded catalogue (single words, two-word phrases, brands, typos with a letter dropped or two swapped, some
 * with a price range, category, seller, in-stock or near filter), sent in random order with the micro-cache off,
 * beside a bare Fastify route in the same run; also header suggestions, category listings and shop pages over
 * random categories, shops and pages.
 *
 *   npx tsx bench/search-load.ts                       PostgreSQL at BENCH_DATABASE_URL, the index on
 *   npx tsx bench/search-load.ts --index off           the same with every search in SQL (before issue 21)
 *   npx tsx bench/search-load.ts --verify 300          then compares 300 searches, and 300 each of suggestions,
 *                                                      category listings and shop pages, with a SEARCH_INDEX=off server
 *                                                      (after the measurements: the 1-connection figures are of paths
 *                                                      the server has not seen)
 *
 * Options: --duration S (10), --connections N (50), --port P (3321; P+1 bare, P+2 the SQL server of --verify),
 * --queries N (1500), --cases search,suggestions,category,shop (which to measure; all by default), --no-write (print
 * only; otherwise the table goes into bench/README.md). For a large catalogue (1M products, decision 0048):
 * --one-only (the 1-connection figures only), --label 1M (its own table in bench/README.md). --processes 1,2: each case
 * and the bare route on 1, then 2 server processes (API_PROCESSES, decision 0060; CPU summed over them).
 * Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/tibay_search_100k) or BENCH_DATA_DIR with
 * --db pglite. Seed with `npm run seed -- --products 100000` first (bench/README.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { children, percentile, startServer, stopServer } from './load-servers.ts';
import { databaseUrl, listingPaths, readCatalogue, searchPaths, suggestionPaths } from './search-queries.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    db: { type: 'string', default: 'postgres' },
    index: { type: 'string', default: 'on' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3321' },
    queries: { type: 'string', default: '1500' },
    verify: { type: 'string', default: '0' },
    cases: { type: 'string', default: 'search,suggestions,category,shop' },
    'no-write': { type: 'boolean', default: false },
    'one-only': { type: 'boolean', default: false },
    label: { type: 'string', default: '' },
    processes: { type: 'string', default: '1' },
  },
  strict: true,
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const appPort = Number(values.port);
const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');

interface Row {
  name: string;
  distinct: number;
  p50one: number;
  p95one: number;
  /** One connection after the 50-connection run: searches not sent before (the server in its steady state). */
  p50after: number;
  p95after: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  load: string;
  /** CPU time of the server process per answer in the 50-connection run (ms; /proc, 10 ms ticks): load-independent. */
  cpuMs: number;
}

/** CPU time (user + system, ms) processes have used so far (Linux /proc; NaN elsewhere). */
function cpuTimeOf(pids: readonly number[]): number {
  let sum = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      sum += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return Number.NaN;
    }
  }
  return sum;
}

async function oneByOne(base: string, paths: readonly string[]): Promise<number[]> {
  const times: number[] = [];
  for (const p of paths) {
    const started = performance.now();
    const response = await fetch(base + p);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${p}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/**
 * One case: up to 300 of its paths one after another (1 connection), then `connections` for `duration`; then, when
 * `heldOut` is given, those paths (never sent before) one after another again.
 */
async function measure(
  name: string,
  port: number,
  paths: string[],
  pids: readonly number[],
  heldOut: readonly string[] = [],
): Promise<Row> {
  const base = `http://127.0.0.1:${port}`;
  // One connection: each path once (up to 300), in order: the cost of one request, no cache to help.
  // With --one-only the bare route (one path) is sent 100 times: its 1-connection figures are the baseline.
  const ones = values['one-only'] && paths.length === 1 ? Array<string>(100).fill(paths[0] as string) : paths;
  const one = await oneByOne(base, ones.slice(0, 300));
  if (values['one-only']) {
    const none = Number.NaN;
    const after = await oneByOne(base, heldOut);
    const row = {
      p50one: percentile(one, 50),
      p95one: percentile(one, 95),
      p50after: percentile(after, 50),
      p95after: percentile(after, 95),
      rps: none,
      p50: none,
      p95: none,
      p99: none,
      cpuMs: none,
    };
    return { name, distinct: new Set(paths).size, ...row, errors: 0, load: loadAverage() };
  }
  let next = 0;
  const latencies: number[] = [];
  const cpuBefore = cpuTimeOf(pids);
  const instance = autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request: Record<string, unknown>) => {
          request.path = paths[next++ % paths.length];
          return request;
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
  });
  const result = await instance;
  const cpuMs = (cpuTimeOf(pids) - cpuBefore) / Math.max(1, latencies.length);
  latencies.sort((a, b) => a - b);
  const after = await oneByOne(base, heldOut);
  return {
    name,
    distinct: new Set(paths).size,
    p50one: percentile(one, 50),
    p95one: percentile(one, 95),
    p50after: percentile(after, 50),
    p95after: percentile(after, 95),
    rps: latencies.length / duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
    load: loadAverage(),
    cpuMs,
  };
}

/** Compares searches answered by the index with the SQL's (only where the SQL is exact, decision 0006). */
async function verify(paths: string[], indexPort: number, sqlPort: number): Promise<string> {
  let compared = 0;
  let same = 0;
  const differ: string[] = [];
  for (const p of paths) {
    const [a, b] = await Promise.all(
      [indexPort, sqlPort].map((port) => fetch(`http://127.0.0.1:${port}${p}`).then((r) => r.json() as Promise<any>)),
    );
    // The SQL is exact when its sample (the matches before the category, seller and brand filters) is <= 1,000.
    if (b.totalCount > 1000 || /[?&](category|seller|brand)=/.test(p)) continue;
    compared++;
    const key = (x: any) =>
      JSON.stringify([x.totalCount, x.items.map((i: any) => i.id), x.facets, x.related_shops.map((s: any) => s.id)]);
    if (key(a) === key(b)) same++;
    else differ.push(p);
  }
  return `${same} of ${compared} searches with at most 1,000 matches answered identically (items, order, total, facets, related shops)${differ.length ? `; differing: ${differ.slice(0, 5).join(' ')}` : ''}`;
}

/** Compares suggestions, category listings and shop pages from memory with the SQL's (decision 0047): whole answers. */
async function verifyListings(paths: string[], indexPort: number, sqlPort: number): Promise<string> {
  let same = 0;
  const differ: string[] = [];
  for (const p of paths) {
    const [a, b] = await Promise.all(
      [indexPort, sqlPort].map((port) => fetch(`http://127.0.0.1:${port}${p}`).then((r) => r.text())),
    );
    if (a === b) same++;
    else differ.push(p);
  }
  return `${same} of ${paths.length} suggestions, category listings and shop pages answered identically (whole answers)${differ.length ? `; differing: ${differ.slice(0, 5).join(' ')}` : ''}`;
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value >= 100 ? value.toFixed(0) : value.toFixed(1));

async function main() {
  const catalogue = await readCatalogue();
  const searches = searchPaths(catalogue, Number(values.queries));
  const suggestions = suggestionPaths(catalogue, 1000);
  const listings = listingPaths(catalogue, 1000);
  // 300 more, none of them in `searches` (drawn after the others, which stay as they were): sent one by one after the load (a warm server, no URL seen before).
  const seen = new Set(searches);
  const heldOut = searchPaths(catalogue, 600)
    .filter((p) => !seen.has(p))
    .slice(0, 300);
  const env: Record<string, string> =
    values.db === 'pglite' ? { BENCH_DATABASE_URL: '' } : { BENCH_DATABASE_URL: databaseUrl };
  const started = Date.now();
  const counts = (values.processes ?? '1').split(',').map(Number);
  const cases = new Set((values.cases ?? '').split(','));
  const rows: Row[] = [];
  let [ready, verified] = ['', ''];
  const appEnv = { ...env, BENCH_CACHE_MS: '0', SEARCH_INDEX: values.index ?? 'on' };
  for (const processes of counts) {
    const many = { BENCH_PROCESSES: String(processes) };
    const bare = await startServer('bare', appPort + 1, many);
    const app = await startServer('app', appPort, { ...appEnv, ...many });
    let indexReady = 'index off';
    if (values.index === 'on') {
      indexReady = await new Promise<string>((resolve) => {
        let output = '';
        app.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const line = output.split('\n').find((l) => l.startsWith('index-ready'));
          if (line) resolve(`${line} (${Date.now() - started} ms after the servers were started)`);
        });
      });
    }
    console.log(indexReady);
    ready += `${ready ? '; ' : ''}${counts.length > 1 ? `${processes} process(es): ` : ''}${indexReady}`;
    const suffix = counts.length > 1 ? `, ${processes} process(es)` : '';
    const run = async (name: string, port: number, paths: string[], kind?: string, held: string[] = []) => {
      if (kind && !cases.has(kind)) return;
      const row = await measure(name + suffix, port, paths, (port === appPort ? app : bare).pids, held);
      console.log(JSON.stringify(row));
      rows.push(row);
    };
    await run('bare Fastify route (baseline)', appPort + 1, ['/bare']);
    await run('search, distinct queries in random order', appPort, searches, 'search', heldOut);
    await run('header suggestions', appPort, suggestions, 'suggestions');
    await run('category listing, random category, page and sort', appPort, listings.categories, 'category');
    await run('seller shop page, random shop and page', appPort, listings.shops, 'shop');
    await run('bare Fastify route (again)', appPort + 1, ['/bare']);
    // After the cases: a path verified before would be answered from what the server kept for it, and the
    // 1-connection figures would not be a first search's.
    if (Number(values.verify) > 0 && !verified) {
      const sqlServer = await startServer('app', appPort + 2, { ...env, BENCH_CACHE_MS: '0', SEARCH_INDEX: 'off' });
      verified = await verify(searches.slice(0, Number(values.verify)), appPort, appPort + 2);
      console.log(verified);
      const count = Number(values.verify);
      const listed = await verifyListings(
        [...suggestions.slice(0, count), ...listings.categories.slice(0, count), ...listings.shops.slice(0, count)],
        appPort,
        appPort + 2,
      );
      console.log(listed);
      verified += `. ${listed}`;
      await stopServer(sqlServer);
    }
    await stopServer(app);
    await stopServer(bare);
  }
  const header = `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${values.label ? `${values.label} products, ` : ''}${values.db}, search index ${values.index}, ${counts.join(' then ')} API process(es), ${connections} connections, ${duration} s per case, ${os.cpus().length} CPUs shared with other sessions. ${ready}.${verified ? ` ${verified}.` : ''}`;
  const lines = [
    header,
    '',
    `| case | distinct paths | 1 connection p50 ms | 1 connection p95 ms | ${connections} connections req/s | p50 ms | p95 ms | p99 ms | errors | server CPU ms per answer | 1 connection after, unseen, p50 / p95 ms | load avg (1/5/15) after |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.distinct} | ${ms(r.p50one)} | ${ms(r.p95one)} | ${Number.isNaN(r.rps) ? '-' : Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} | ${Number.isNaN(r.cpuMs) ? '-' : r.cpuMs.toFixed(3)} | ${Number.isNaN(r.p50after) ? '-' : `${ms(r.p50after)} / ${ms(r.p95after)}`} | ${r.load} |`,
    ),
  ];
  const table = lines.join('\n');
  console.log(table);
  if (!values['no-write']) {
    const readme = path.join(here, 'README.md');
    // A run of some cases only (--cases), or of a labelled catalogue (--label), has a table of its own.
    const some = cases.size < 4 ? `:${[...cases].join(',')}` : '';
    const marker = `<!-- search-load:${values.db}:${values.index}${some}${values.label ? `:${values.label}` : ''} -->`;
    let text = readFileSync(readme, 'utf8');
    const block = `${marker}\n${table}\n${marker.replace('<!--', '<!-- end')}`;
    const pattern = new RegExp(`${marker}[\\s\\S]*?${marker.replace('<!--', '<!-- end')}`);
    text = pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`;
    writeFileSync(readme, text);
  }
}

main().catch(async (error) => {
  console.error(error);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
});
