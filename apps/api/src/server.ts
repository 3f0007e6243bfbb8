import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { forkWorkers } from './processes.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// With API_PROCESSES > 1 (decision 0060) the primary applies the migrations and seeds once, then forks the workers
// that serve; it serves nothing itself.
const primaryOfMany = config.API_PROCESSES > 1 && cluster.isPrimary;
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
if (config.SEED_DEMO === 'on' && cluster.isPrimary) {
  await seedDemoIfEmpty(database.db, { dataDir: config.DATA_DIR, log: console.log });
}
if (primaryOfMany) {
  await database.close();
  forkWorkers(config.API_PROCESSES);
} else {
  const app = await buildApp({ config, database, logger: true, discoveryCacheMs: config.DISCOVERY_CACHE_MS });

  // Graceful shutdown: stop accepting, finish in-flight requests, close the database. Once: a worker of
  // API_PROCESSES gets a terminal's SIGINT and then the primary's SIGTERM.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      await app.close();
      process.exit(0);
    });
  }

  await app.listen({ port: config.PORT, host: config.HOST });
}
