import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { searchIndexOf } from '../apps/api/src/modules/catalog/index.ts';
import type { SearchIndexKeeper } from '../apps/api/src/modules/catalog/search-index.service.ts';
import type { SearchIndex } from '../apps/api/src/modules/catalog/search-index.ts';

/** The app in this process on BENCH_DATABASE_URL, once its search index is built (the in-process timings). */
export async function appWithSearchIndex(): Promise<{
  app: FastifyInstance;
  keeper: SearchIndexKeeper;
  index: SearchIndex;
}> {
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_DEMO: 'off',
    PAYMENT_GATEWAY: 'sandbox',
    SANDBOX_GATEWAY_SECRET: 'bench-sandbox-gateway-secret-0123',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
    SEARCH_INDEX: 'on',
  });
  const app = await buildApp({ config, database, logger: false, discoveryCacheMs: 0 });
  await app.ready();
  const keeper = searchIndexOf(app);
  if (!keeper) throw new Error('SEARCH_INDEX is off');
  while (!(await keeper.current())) await new Promise((resolve) => setTimeout(resolve, 100));
  return { app, keeper, index: (await keeper.current()) as SearchIndex };
}
