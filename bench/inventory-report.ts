/**
 * The inventory report at scale (issue 19: "at 100k products and 1M ledger rows the report for a month answers in
 * under 1 s"), on PostgreSQL.
 *
 *   npx tsx bench/inventory-report.ts
 *
 * Creates (once) the database tibay_bench_ledger on BENCH_SERVER_URL (default postgres://postgres@127.0.0.1:5432/
 * postgres), migrates it, and fills it with SQL: 20 sellers, 100,000 products and 1,000,000 ledger rows spread over
 * the 365 days before today (receive, commit, release, bad_stock, adjustment). Then times the report service — the
 * same call the route makes — for the last month and for a month half a year ago, every seller and one seller,
 * BENCH_RUNS times each (default 5), and prints the median and the slowest: first without monthly closings (every
 * report taken back from today's stock, decision 0037), then after the close-month job (decision 0045), beside a
 * bare Fastify route timed the same way and the load average. BENCH_LEDGER_DB names the database. Results are
 * summarised in bench/README.md.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { inventoryReport } from '../apps/api/src/modules/purchasing/inventory-report.service.ts';
import { closeMonths } from '../apps/api/src/modules/purchasing/stock-closing.service.ts';

const serverUrl = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.env.BENCH_LEDGER_DB ?? 'tibay_bench_ledger';
const runs = Number(process.env.BENCH_RUNS ?? 5);
const PRODUCTS = 100_000;
const MOVEMENTS = 1_000_000;

async function ensureDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function seed(client: pg.Client) {
  const { rows } = await client.query('select count(*)::int as n from stock_movements');
  if (rows[0].n >= MOVEMENTS) return;
  const started = Date.now();
  await client.query(`insert into categories (id, name, sort_order)
    select i, 'CATEGORY ' || i, i from generate_series(1, 18) i on conflict do nothing`);
  await client.query(`insert into seller_companies (name, url_handle, address, city, latitude, longitude)
    select 'Bench Seller ' || i, 'bench-seller-' || i, i || ' Rizal Avenue', 'Manila', 14.6, 121.0
    from generate_series(1, 20) i`);
  await client.query(
    `insert into products (seller_id, category_id, name, price, stock)
     select (select min(id) from seller_companies) + (i % 20), 1 + (i % 18), 'Bench product ' || i,
            1000 + (i % 5000) * 100, 1000000
     from generate_series(1, $1::int) i`,
    [PRODUCTS],
  );
  // Ledger rows: a product, a kind and an instant in the last 365 days each.
  await client.query(
    `insert into stock_movements (product_id, kind, quantity, reference, created_at)
     select p.first + (i % $2::int),
            (array['receive','commit','commit','release','bad_stock','adjustment'])[1 + (i % 6)]::stock_movement_kind,
            case (i % 6) when 0 then 50 when 3 then 2 when 5 then 1 when 4 then -1 else -3 end,
            'bench', now() - (random() * interval '365 days')
     from generate_series(1, $1::int) i, (select min(id) as first from products) p`,
    [MOVEMENTS, PRODUCTS],
  );
  await client.query('vacuum analyze products');
  await client.query('vacuum analyze stock_movements');
  console.log(
    `seeded ${PRODUCTS} products and ${MOVEMENTS} ledger rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

function day(offsetDays: number): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(date);
}

async function main() {
  const url = await ensureDatabase();
  // Without parallel workers, so the CPU of the database's own backends is all the CPU a report costs (below).
  const serialUrl = new URL(url);
  serialUrl.searchParams.set('options', '-c max_parallel_workers_per_gather=0');
  const database = await openDatabase({ url: serialUrl.toString(), dataDir: 'unused' });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await seed(client);
  const seller = (await client.query('select min(id) as id from seller_companies')).rows[0].id as number;
  const counts = (
    await client.query(
      'select (select count(*) from products)::int as p, (select count(*) from stock_movements)::int as m',
    )
  ).rows[0];
  console.log(`catalogue: ${counts.p} products, ${counts.m} ledger rows; ${runs} runs each`);

  const scenarios = [
    { label: 'last month, every seller', query: { startDate: day(-30), endDate: day(0) } },
    { label: 'last month, one seller', query: { startDate: day(-30), endDate: day(0), sellerId: seller } },
    { label: 'a month half a year ago, every seller', query: { startDate: day(-200), endDate: day(-170) } },
    {
      label: 'last month, Tools, page 40',
      query: { startDate: day(-30), endDate: day(0), categoryId: 'tools' as const, page: 40 },
    },
  ];
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
  /**
   * CPU milliseconds spent so far by the PostgreSQL backends serving this database (utime + stime from /proc, 10 ms
   * ticks): unlike the wall-clock time, it hardly depends on what else the shared machine is doing.
   */
  const backendCpuMs = async () => {
    const { rows } = await client.query('select pid from pg_stat_activity where datname = $1', [name]);
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The backend ended meanwhile.
      }
    }
    return ticks * 10;
  };
  const timed = async (label: string, rowsOf: () => Promise<number>, cpu = false) => {
    const times: number[] = [];
    let rows = 0;
    rows = await rowsOf(); // The first run warms the caches and is not counted.
    const cpuBefore = cpu ? await backendCpuMs() : 0;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      rows = await rowsOf();
      times.push(performance.now() - started);
    }
    const cpuPerRun = cpu ? `  PostgreSQL CPU ${((await backendCpuMs()) - cpuBefore) / runs} ms` : '';
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `${label.padEnd(58)} ${String(rows).padStart(7)} rows  median ${median.toFixed(1).padStart(7)} ms  slowest ${times.at(-1)!.toFixed(1).padStart(7)} ms${cpuPerRun}  load ${load()}`,
    );
  };

  // The bare route: a Fastify answer of a small JSON over HTTP, timed in the same run.
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareRoute = () =>
    timed('bare Fastify route (baseline)', async () => {
      await (await fetch(`${address}/bare`)).json();
      return 1;
    });

  const measure = async (title: string) => {
    console.log(`\n${title}`);
    await bareRoute();
    for (const scenario of scenarios) {
      await timed(
        scenario.label,
        async () =>
          (await inventoryReport({ db: database.db }, { page: 1, pageSize: 50, ...scenario.query })).totalCount,
        true,
      );
    }
    await bareRoute();
  };

  await client.query('delete from stock_closed_months');
  await measure('without monthly closings (decision 0037: taken back from today’s stock)');
  const started = performance.now();
  const closed = await closeMonths({ db: database.db });
  console.log(
    `\nclosed ${closed.length} months in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load()}`,
  );
  await measure('from the last monthly closing before the period (decision 0045)');
  await bare.close();
  await client.end();
  await database.close();
}

await main();
