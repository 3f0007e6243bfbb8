/**
 * Load benchmark of add to cart and place order (issue 4's performance figures) on PostgreSQL, beside a bare
 * Fastify route measured in the same run.
 *
 *   npx tsx bench/checkout-load.ts                       10 s per case, 50 connections, ports 3241 (API) and 3242 (bare)
 *   npx tsx bench/checkout-load.ts --duration 5 --port 3241
 *
 * Each case runs twice:
 * - back to back: autocannon keeps 50 connections busy, each sending its next request as soon as the answer
 *   arrives (the machine's capacity: p95 is about 50 / throughput);
 * - 50 buyers who pause: 50 simulated buyers, each on its own keep-alive connection, wait a random pause
 *   (exponentially distributed, mean `--pause-ms`, several means separated by commas) before each request, so
 *   requests arrive independently, as people's clicks do. `--pause-ms 0` skips this.
 *
 * BENCH_CONNECTION_RATE=n paces each autocannon connection to n requests a second (they fire in step, in bursts).
 *
 * Environment: CHECKOUT_BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/tibay_checkout_bench; dropped and
 * created afresh each run).
 *
 * Set-up (straight into the database): one category, four sellers, 2,000 products with ample stock, 50 buyers with
 * complete profiles, and for place order 300 cart lines per buyer (each request buys one line, Standard Shipping,
 * cash on delivery, a new Idempotency-Key). Add to cart adds one unit of a product to a buyer's cart, spread over
 * the products. The API and the bare route run in child processes (bench/load-server.ts) so autocannon does not
 * share their event loop. Latencies are every 2xx response's, so p50/p95/p99 are exact for the run.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import pg from 'pg';
import { type Case, measureBackToBack, measureBuyers, type Result } from './checkout-measure.ts';
import { children, startServer, stopServer } from './load-servers.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3241' },
    'pause-ms': { type: 'string', default: '1000,500,250' },
  },
  strict: true,
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const run = { duration, connections };
const appPort = Number(values.port);
const barePort = appPort + 1;
const pauses = values['pause-ms']
  .split(',')
  .map(Number)
  .filter((ms) => ms > 0);
const databaseUrl =
  process.env.CHECKOUT_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tibay_checkout_bench';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const BUYERS = 50;
const PRODUCTS = 2_000;
const LINES_PER_BUYER = 300;

async function recreateDatabase(): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
}

interface Fixture {
  tokens: string[];
  /** Per buyer, its cart line ids for place order. */
  lines: number[][];
  productIds: number[];
}

/** Catalogue, buyers and carts, written once the API has migrated the database. */
async function seed(): Promise<Fixture> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`insert into categories (id, name) values (2, 'CEMENT')`);
  const sellers = await db.query<{ id: number }>(
    `insert into seller_companies (name, url_handle, address, city, latitude, longitude, small_item_fee_fixed)
     select 'Bench Seller ' || g, 'bench-seller-' || g, g || ' Rizal Avenue, Manila', 'Manila', 14.59 + g / 100.0, 120.98, 15000
     from generate_series(1, 4) g returning id`,
  );
  const sellerIds = sellers.rows.map((row) => row.id);
  const products = await db.query<{ id: number }>(
    `insert into products (seller_id, category_id, depth, name, price, stock, weight_grams)
     select ($1::int[])[1 + g % 4], 2, 0, 'Bench product ' || g, 10000 + g, 1000000, 5000
     from generate_series(1, ${PRODUCTS}) g returning id`,
    [sellerIds],
  );
  const productIds = products.rows.map((row) => row.id);
  const buyers = await db.query<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, phone, role, address, latitude, longitude,
                        is_completed_profile, email_verified_at)
     select 'bench-buyer-' || g || '@example.test', 'x', 'Bench', 'Buyer ' || g, '09171234567', 'buyer',
            'Unit 5, 123 Shaw Boulevard, Mandaluyong City', 14.58, 121.05, true, now()
     from generate_series(1, ${BUYERS}) g returning id`,
  );
  const key = new TextEncoder().encode(JWT_SECRET);
  const tokens: string[] = [];
  const lines: number[][] = [];
  for (const [index, buyer] of buyers.rows.entries()) {
    // Each token names a session row, as a login makes (decision 0017).
    const sessionId = `bench-${buyer.id}`;
    await db.query(
      `insert into sessions (id, user_id, kind, expires_at) values ($1, $2, 'web', now() + interval '2 hours')`,
      [sessionId, buyer.id],
    );
    tokens.push(
      await new SignJWT({ role: 'buyer', sv: 1, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(buyer.id))
        .setIssuer('tibay')
        .setAudience('tibay-web')
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(key),
    );
    const chosen = Array.from({ length: LINES_PER_BUYER }, (_, i) => productIds[(index * 37 + i * 7) % PRODUCTS]!);
    const inserted = await db.query<{ id: number }>(
      `insert into cart_items (customer_id, product_id, quantity)
       select $1, p, 1 from unnest($2::int[]) p on conflict do nothing returning id`,
      [buyer.id, chosen],
    );
    lines.push(inserted.rows.map((row) => row.id));
  }
  await db.query('analyze');
  await db.end();
  return { tokens, lines, productIds };
}

function earliestStandardDate(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 3)).toISOString().slice(0, 10);
}

function multipartBody(data: unknown) {
  const boundary = `----bench${randomUUID().replaceAll('-', '')}`;
  const body = `--${boundary}\r\ncontent-disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  console.log(
    `uptime before: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  await recreateDatabase();
  const app = await startServer('app', appPort, { BENCH_DATABASE_URL: databaseUrl });
  const bare = await startServer('bare', barePort, {});
  try {
    const fixture = await seed();
    const base = `http://127.0.0.1:${appPort}`;
    const results: Result[] = [];

    // BENCH_ONLY=add or BENCH_ONLY=order runs just that case (for a CPU profile of it).
    const only = process.env.BENCH_ONLY;
    if (!only) {
      results.push(
        await measureBackToBack(run, `http://127.0.0.1:${barePort}`, {
          name: 'bare Fastify route',
          warmUp: true,
          next: () => ({ method: 'GET', path: '/bare', headers: {} }),
        }),
      );
    }

    // Add to cart: one unit of a product, spread over the buyers and the products.
    let addCounter = 0;
    const addToCart: Case = {
      name: 'add to cart (POST /cart/items)',
      target: 25,
      warmUp: true,
      next: () => {
        const n = addCounter++;
        const buyer = n % BUYERS;
        const product = fixture.productIds[(n * 13 + buyer * 101) % PRODUCTS]!;
        return {
          method: 'POST',
          path: '/api/v1/cart/items',
          headers: { authorization: `Bearer ${fixture.tokens[buyer]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ product_id: product, quantity: 1 }),
        };
      },
    };

    // Place order: each request buys one cart line of the next buyer (never the same line twice).
    const schedule = earliestStandardDate();
    const nextLine = new Array<number>(BUYERS).fill(0);
    let orderCounter = 0;
    const placeOrder: Case = {
      name: 'place order (POST /checkout, Standard Shipping, COD)',
      target: 100,
      warmUp: false,
      next: () => {
        const buyer = orderCounter++ % BUYERS;
        const line = fixture.lines[buyer]![nextLine[buyer]!++ % LINES_PER_BUYER]!;
        const { body, contentType } = multipartBody({
          cart_item_ids: [line],
          address: 'Unit 5, 123 Shaw Boulevard, Mandaluyong City',
          latitude: 14.58,
          longitude: 121.05,
          shipping_type: 'standard',
          schedule_date: schedule,
          payment_method: 'cod',
        });
        return {
          method: 'POST',
          path: '/api/v1/checkout',
          headers: {
            authorization: `Bearer ${fixture.tokens[buyer]}`,
            'content-type': contentType,
            'idempotency-key': randomUUID(),
          },
          body,
        };
      },
    };

    const cases = [addToCart, placeOrder].filter(
      (c) => !only || (only === 'add' ? c === addToCart : only === 'order' ? c === placeOrder : true),
    );
    for (const c of cases) {
      results.push(await measureBackToBack(run, base, c));
      for (const pause of pauses) results.push(await measureBuyers(run, base, c, pause));
    }

    const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
    console.log(`\nPostgreSQL, ${connections} connections, ${duration} s per case (${os.cpus().length} cores)\n`);
    console.log('| case | req/s | p50 ms | p95 ms | p99 ms | target p95 | 2xx | errors/non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
    for (const r of results) {
      const target = r.target ? `<= ${r.target} ms ${r.p95 <= r.target ? 'met' : '**missed**'}` : '';
      console.log(
        `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${target} | ${r.ok} | ${r.errors} |`,
      );
    }
    console.log(
      `\nuptime after: ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await stopServer(app);
    await stopServer(bare);
  }
}

main().catch(async (error) => {
  console.error(error);
  await Promise.all(children.map(stopServer));
  process.exit(1);
});
