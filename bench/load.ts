/**
 * Load benchmark of the discovery endpoints on a 100,000-product catalogue (issue 3's performance figures).
 *
 *   npm run bench:load -w bench                 PostgreSQL, then PGlite, then writes the table into README.md
 *   npm run bench:load -w bench -- --db postgres --duration 5 --no-write
 *
 * Options (all optional):
 *   --db postgres|pglite|both   which databases to measure (both)
 *   --duration S                seconds per case (10)
 *   --connections N             concurrent connections (50)
 *   --port P                    first of the three ports used: P app, P+1 bare Fastify (3221)
 *   --products N                catalogue size to seed when missing (100000)
 *   --cache-ms MS               also measure each database with the discovery micro-cache on, this ttl
 *                               (2000; 0 skips these runs)
 *   --no-write                  print the table without writing it into bench/README.md
 * Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/tibay_bench, created when missing) and
 * BENCH_DATA_DIR (the PGlite folder, /tmp/tibay-bench-pglite).
 *
 * Each database is seeded first with `npm run seed -- --products N` (a no-op when the catalogue is already
 * that large; growing from empty takes about a minute on PostgreSQL and several on PGlite). The API runs in
 * a child process (bench/load-server.ts) so autocannon, here, does not share its event loop; a bare Fastify
 * route in another child process is the baseline, measured in the same run. Every request's latency is
 * kept, so p50/p95/p99 are exact percentiles of this run, not histogram buckets.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { children, percentile, startServer, stopServer } from './load-servers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3221' },
    products: { type: 'string', default: '100000' },
    'cache-ms': { type: 'string', default: '2000' },
    'no-write': { type: 'boolean', default: false },
  },
  strict: true,
});
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tibay_bench';
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? '/tmp/tibay-bench-pglite');
const duration = Number(values.duration);
const connections = Number(values.connections);
const appPort = Number(values.port);
const barePort = appPort + 1;
const products = Number(values.products);
const cacheMs = Number(values['cache-ms']);
const databases = values.db === 'both' ? (['postgres', 'pglite'] as const) : ([values.db] as const);
for (const kind of databases) {
  if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`--db must be postgres, pglite or both`);
}

type Kind = 'postgres' | 'pglite';

interface Case {
  name: string;
  path: string;
  /** Target p95 in ms per database, when the issue sets one. */
  target: Partial<Record<Kind, number>>;
}

interface Row {
  database: string;
  name: string;
  path: string;
  /** Median of sequential requests (one connection): the cost of one request. */
  single: number;
  requestsPerSecond: number;
  completed: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  target?: number;
  load: string;
}

/** Metro Manila (spec: default map centre). */
const pin = { lat: 14.58, lng: 121.06 };

function cases(categoryId: number): Case[] {
  const search = { postgres: 30, pglite: 60 };
  return [
    { name: 'search "cement" (16% of products)', path: '/api/v1/search?q=cement', target: search },
    { name: 'search "portland cement"', path: '/api/v1/search?q=portland%20cement', target: search },
    { name: 'search rare word "lahar"', path: '/api/v1/search?q=lahar', target: search },
    { name: 'search typo "cemnt"', path: '/api/v1/search?q=cemnt', target: search },
    {
      name: 'sellers nearby (Metro Manila pin)',
      path: `/api/v1/sellers?mode=nearby&lat=${pin.lat}&lng=${pin.lng}`,
      target: { postgres: 20 },
    },
    {
      name: `category listing (largest, id ${categoryId})`,
      path: `/api/v1/categories/${categoryId}/products`,
      target: { postgres: 20 },
    },
  ];
}

function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed:\n${output}`)),
    );
  });
}

/** Creates the PostgreSQL database when missing. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      console.log(`Creating database ${name}`);
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

/** Seeds the demo and grows the catalogue to `products` (a no-op when it is already that large). */
async function ensureSeeded(kind: Kind): Promise<void> {
  const started = performance.now();
  const env: Record<string, string> =
    kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } : { DATABASE_URL: '', DATA_DIR: dataDir };
  const output = await run('npm', ['run', 'seed', '--', '--products', String(products)], env);
  const summary = output
    .split('\n')
    .filter((line) => /already has|Added \d+ products|Seeding demo/.test(line))
    .join('; ');
  console.log(`${kind}: ${summary || 'seeded'} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

async function largestCategory(): Promise<number> {
  if (!databases.includes('postgres' as never)) return 13;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      'select category_id from products where depth = 0 and is_active group by 1 order by count(*) desc, 1 limit 1',
    );
    return Number(result.rows[0]?.category_id ?? 13);
  } finally {
    await client.end();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

/**
 * Times sequential requests (warm-up, then the median of up to 20 within about 5 s), then drives url with
 * autocannon; every response's latency is recorded.
 */
async function measure(url: string): Promise<Omit<Row, 'database' | 'name' | 'path' | 'target'>> {
  for (let i = 0; i < 3; i++) await fetch(url).then((response) => response.arrayBuffer());
  const sequential: number[] = [];
  const until = performance.now() + 5000;
  while (sequential.length < 20 && (sequential.length < 3 || performance.now() < until)) {
    const started = performance.now();
    await fetch(url).then((response) => response.arrayBuffer());
    sequential.push(performance.now() - started);
  }
  sequential.sort((a, b) => a - b);
  const latencies: number[] = [];
  const instance = autocannon({ url, connections, duration });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    single: percentile(sequential, 50),
    completed: latencies.length,
    requestsPerSecond: latencies.length / duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
    load: loadAverage(),
  };
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

function table(rows: Row[]): string {
  const lines = [
    `| database | case | 1 connection: median ms | ${connections} connections: req/s | p50 ms | p95 ms | p99 ms | target p95 | errors, timeouts | load avg (1/5/15 min) after |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |',
  ];
  for (const row of rows) {
    const target =
      row.target === undefined ? '' : `<= ${row.target} ms ${row.p95 <= row.target ? 'met' : '**missed**'}`;
    const none = row.completed === 0;
    lines.push(
      `| ${row.database} | ${row.name} | ${ms(row.single)} | ${none ? `0 (none answered within ${duration} s)` : Math.round(row.requestsPerSecond)} | ${none ? '—' : ms(row.p50)} | ${none ? '—' : ms(row.p95)} | ${none ? '—' : ms(row.p99)} | ${target} | ${row.errors} | ${row.load} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  console.log(`Load average before: ${loadAverage()} on ${os.cpus().length} CPUs`);
  if (databases.includes('postgres' as never)) await ensureDatabase(databaseUrl);
  for (const kind of databases) await ensureSeeded(kind);
  const categoryId = await largestCategory();
  const started = new Date();
  const rows: Row[] = [];

  const bare = await startServer('bare', barePort, {});
  const measureBare = async (label: string) => {
    const result = await measure(`http://127.0.0.1:${barePort}/bare`);
    const row: Row = { database: '—', name: `bare Fastify route (${label})`, path: '/bare', ...result };
    rows.push(row);
    console.log(table([row]).split('\n')[2]);
  };
  await measureBare('baseline');

  const runs = databases.flatMap((kind) => [{ kind, cache: 0 }, ...(cacheMs > 0 ? [{ kind, cache: cacheMs }] : [])]);
  for (const { kind, cache } of runs) {
    const env = {
      ...(kind === 'postgres'
        ? { BENCH_DATABASE_URL: databaseUrl }
        : { BENCH_DATABASE_URL: '', BENCH_DATA_DIR: dataDir }),
      BENCH_CACHE_MS: String(cache),
    };
    const label = `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}${cache ? `, micro-cache ${cache} ms` : ''}`;
    const app = await startServer('app', appPort, env);
    try {
      for (const item of cases(categoryId)) {
        const url = `http://127.0.0.1:${appPort}${item.path}`;
        const check = await fetch(url);
        if (check.status !== 200) throw new Error(`${item.path} answered ${check.status}: ${await check.text()}`);
        await check.arrayBuffer();
        const row: Row = {
          database: label,
          name: item.name,
          path: item.path,
          target: item.target[kind],
          ...(await measure(url)),
        };
        rows.push(row);
        console.log(table([row]).split('\n')[2]);
      }
    } finally {
      await stopServer(app);
    }
  }
  await measureBare('again, after the API runs');
  await stopServer(bare);

  const report = [
    `Run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${connections} connections, ${duration} s per case (after sequential warm-up requests), ` +
      `${os.cpus().length} CPUs, Node ${process.version}; paths: ${cases(categoryId)
        .map((item) => `\`${item.path}\``)
        .join(', ')}.`,
    '',
    table(rows),
  ].join('\n');
  console.log(`\n${report}\n`);

  if (!values['no-write']) {
    const readme = path.join(here, 'README.md');
    const text = readFileSync(readme, 'utf8');
    const begin = '<!-- load:begin -->';
    const end = '<!-- load:end -->';
    const from = text.indexOf(begin);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`bench/README.md lacks the ${begin} ... ${end} markers`);
    writeFileSync(readme, `${text.slice(0, from + begin.length)}\n${report}\n${text.slice(to)}`);
    console.log('Written into bench/README.md.');
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const child of children) await stopServer(child);
  });
