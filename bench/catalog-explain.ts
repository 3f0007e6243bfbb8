/**
 * Discovery query plans and timings on a large catalogue (PostgreSQL).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/tibay_bench DATA_DIR=/tmp/tibay-bench \
 *     npm run seed -- --products 100000
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/tibay_bench npx tsx bench/catalog-explain.ts
 *
 * For each discovery endpoint: the median time of 5 requests through the real app (app.inject, so routing,
 * validation and serialisation are included), then EXPLAIN (ANALYZE, BUFFERS) of every SQL statement that
 * request ran, reduced to the plan's scan nodes and its execution time. Results are summarised in
 * bench/README.md. BENCH_ONLY=<regex> keeps the scenarios whose name matches.
 */
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tibay_bench';
const runs = Number(process.env.BENCH_RUNS ?? 5);

interface Recorded {
  text: string;
  values: unknown[];
}
let recording: Recorded[] | null = null;
const originalQuery = pg.Client.prototype.query;
// Record what the app sends (text and parameters) while a scenario runs.
pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
  const [first, second] = args;
  if (recording) {
    const text = typeof first === 'string' ? first : first?.text;
    const values = (typeof first === 'string' ? second : (first?.values ?? second)) ?? [];
    if (typeof text === 'string') recording.push({ text, values: Array.isArray(values) ? values : [] });
  }
  return (originalQuery as any).apply(this, args);
} as any;

async function main() {
  const database = await openDatabase({ url, dataDir: 'unused' });
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'off', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, database });
  const explain = new pg.Client({ connectionString: url });
  await explain.connect();
  await explain.query(`select set_config('pg_trgm.word_similarity_threshold', '0.45', false)`);

  const counts = (
    await explain.query(
      `select (select count(*) from products where depth = 0)::int as products,
              (select count(*) from products)::int as nodes,
              (select count(*) from seller_companies)::int as sellers`,
    )
  ).rows[0];
  const sample = (
    await explain.query(
      `select p.id, p.category_id, s.url_handle from products p join seller_companies s on s.id = p.seller_id
        where p.depth = 0 and p.is_active and exists (select 1 from products c where c.parent_id = p.id)
        order by p.sold_count desc limit 1`,
    )
  ).rows[0];
  const busiest = (
    await explain.query(
      `select s.url_handle from products p join seller_companies s on s.id = p.seller_id
        where p.depth = 0 group by s.url_handle order by count(*) desc limit 1`,
    )
  ).rows[0];
  console.log(`# Catalogue: ${counts.products} products (${counts.nodes} nodes), ${counts.sellers} sellers\n`);

  const scenarios: Array<[string, string]> = [
    ['search "cement" (relevance)', '/api/v1/search?q=cement'],
    ['search typo "cemnt"', '/api/v1/search?q=cemnt'],
    ['search rare word "lahar"', '/api/v1/search?q=lahar'],
    ['search "portland cement" price_asc', '/api/v1/search?q=portland%20cement&sort=price_asc'],
    ['search no text, name_asc', '/api/v1/search'],
    [
      'search "cement" + price range + near',
      '/api/v1/search?q=cement&priceMin=10000&priceMax=50000&location=near&lat=14.58&lng=121.06',
    ],
    ['category products (best selling)', `/api/v1/categories/${sample.category_id}/products`],
    ['category products price_asc page 50', `/api/v1/categories/${sample.category_id}/products?sort=price_asc&page=50`],
    ['category products keyword', `/api/v1/categories/${sample.category_id}/products?keyword=premium`],
    ['category suggestions', `/api/v1/categories/${sample.category_id}/suggestions?q=heav`],
    ['best sellers ALL', '/api/v1/products/best-sellers'],
    ['best sellers category', `/api/v1/products/best-sellers?category=${sample.category_id}`],
    ['sellers nearby (Metro Manila)', '/api/v1/sellers?mode=nearby&lat=14.58&lng=121.06'],
    ['sellers global', '/api/v1/sellers?mode=global'],
    ['sellers keyword', '/api/v1/sellers?mode=global&keyword=hardware'],
    ['shop page (largest shop)', `/api/v1/sellers/${busiest.url_handle}/shop`],
    ['shop page sort asc + keyword', `/api/v1/sellers/${busiest.url_handle}/shop?sort=asc&keyword=cement`],
    ['item page', `/api/v1/products/${sample.id}`],
  ];

  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
  for (const [name, path] of scenarios) {
    if (only && !only.test(name)) continue;
    await app.inject({ method: 'GET', url: path });
    const times: number[] = [];
    let status = 0;
    let statements: Recorded[] = [];
    for (let i = 0; i < runs; i++) {
      recording = i === 0 ? [] : null;
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: path });
      times.push(performance.now() - started);
      status = response.statusCode;
      if (i === 0) {
        statements = recordedStatements();
        if (status !== 200) console.log(response.json());
      }
    }
    recording = null;
    times.sort((a, b) => a - b);
    console.log(
      `## ${name}\n\`GET ${path}\` → ${status}, median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms over ${runs}, ${statements.length} SQL statements\n`,
    );
    for (const statement of statements) {
      const plan = await explain.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
      const lines = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
      const scans = lines
        .filter((line) => /Scan|Execution Time/.test(line))
        .map((line) => line.trim().replace(/\s+\(cost=[^)]*\)/, ''));
      console.log('```');
      console.log(statement.text.replace(/\s+/g, ' ').slice(0, 160));
      for (const line of scans) console.log(`  ${line}`);
      console.log('```');
    }
    console.log('');
  }
  await explain.end();
  await app.close();
}

function recordedStatements(): Recorded[] {
  return (recording ?? []).filter(
    (statement) => /^\s*(select|\(select|with)/i.test(statement.text) && !/set_config/.test(statement.text),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
