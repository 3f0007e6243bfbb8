// A server the browser tests run against (started by Playwright's webServer, one per worker: decision 0050):
// a fresh embedded database in .tmp/e2e-data with the demo data, the built web app, on port E2E_PORT (3100).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';
// Another port gets its own data folder, so two runs side by side never delete each other's database.
const dataDir = path.join(root, port === '3100' ? '.tmp/e2e-data' : `.tmp/e2e-data-${port}`);

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// The tests use the embedded database, never a server named in the caller's environment. E2E_DATABASE_URL (a
// PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres) runs them on a fresh database there instead.
const { DATABASE_URL: _ignored, E2E_DATABASE_URL: serverUrl, ...env } = process.env;
let databaseUrl;
if (serverUrl) {
  const { default: pg } = await import('pg');
  const name = `tibay_e2e_${port}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const server = spawn('npx', ['tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: 'on',
    DEV_OUTBOX: 'on',
    // Browser tests change products and stock and look at them as guests at once: no listing micro-cache.
    DISCOVERY_CACHE_MS: '0',
    WEB_DIST: process.env.E2E_WEB_DIST ?? 'apps/web/dist',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every test signs in from 127.0.0.1: the per-minute sign-in limits would trip across specs.
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '200',
    // ...and every write and voucher check too (decision 0018): the demo buyer adds to its cart in many specs.
    WRITE_RATE_LIMIT_PER_USER: '2000',
    WRITE_RATE_LIMIT_PER_IP: '10000',
    GUESS_RATE_LIMIT_PER_USER: '500',
    GUESS_RATE_LIMIT_PER_IP: '2000',
    // Known to the tests (e2e/support/accounts.ts), which sign a late gateway notice with it.
    SANDBOX_GATEWAY_SECRET: 'e2e-sandbox-gateway-secret-0123456789',
    // Google and Facebook sign-in through the local stand-in (decision 0031): social-sign-in.spec.ts.
    SOCIAL_SIGNIN: 'sandbox',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
