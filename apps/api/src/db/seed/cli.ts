/**
 * Seeds the database the app is configured for (DATABASE_URL, or the PGlite folder in DATA_DIR).
 *
 *   npm run seed                          demo data, only when the database has no users yet
 *   npm run seed -- --products 100000     ...then grow the catalogue to 100,000 products (benchmarks)
 *   npm run seed -- --reset               empty EVERY table first (all accounts, orders and products are
 *                                         deleted; the schema and migrations stay), then seed the demo
 *
 * Run from the repository root (a relative DATA_DIR is resolved from the folder npm was started in, so
 * `./data` is the same folder `npm start` uses). Stop the server first when it uses PGlite: its data folder
 * belongs to one process at a time.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { growCatalogue, truncateAll } from './grow.ts';

const usage = 'Usage: npm run seed -- [--reset] [--products N]';

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const target = values.products === undefined ? null : Number(values.products);
  if (target !== null && (!Number.isInteger(target) || target < 0 || target > 5_000_000)) {
    throw new Error(`--products must be a whole number from 0 to 5000000. ${usage}`);
  }

  const config = loadConfig();
  if (config.NODE_ENV === 'production') {
    throw new Error('The demo data has a published password: it is never seeded when NODE_ENV is production.');
  }
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
  console.log(`Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`);
  try {
    if (values.reset) {
      await truncateAll(database.db);
      console.log('All tables emptied.');
    }
    await seedDemoIfEmpty(database.db, { dataDir, log: console.log });
    if (target !== null) {
      const started = performance.now();
      const added = await growCatalogue(database.db, target, { log: console.log });
      if (added) console.log(`Added ${added} products in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
