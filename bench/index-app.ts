import { searchQuery } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { depsOf } from '../apps/api/src/deps.ts';
import { searchIndexOf } from '../apps/api/src/modules/catalog/index.ts';
import { indexQueryOf } from '../apps/api/src/modules/catalog/search.service.ts';
import type { SearchIndexKeeper } from '../apps/api/src/modules/catalog/search-index.service.ts';
import type { SearchIndex } from '../apps/api/src/modules/catalog/search-index.ts';
import { compileText, type IndexQuery } from '../apps/api/src/modules/catalog/search-index-query.ts';
import { parseKeyword } from '../apps/api/src/modules/catalog/text-match.ts';

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

/** A bench search: its path and page, the search service's query and the index query it runs. */
export interface IndexSearch {
  path: string;
  page: number;
  search: ReturnType<typeof searchQuery.parse>;
  query: IndexQuery;
}

/**
 * The bench's search paths, each page of `pages`, as the index queries the search service runs (indexQueryOf):
 * compiled once, so that a timing loop times runQuery alone.
 */
export async function indexQueriesOf(
  app: FastifyInstance,
  keeper: SearchIndexKeeper,
  paths: readonly string[],
  pages: readonly number[] = [1],
): Promise<IndexSearch[]> {
  const synonyms = await depsOf(app).searchSynonyms.current();
  const out: IndexSearch[] = [];
  for (const path of paths) {
    const query = searchQuery.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
    const match = parseKeyword(query.q, synonyms);
    const text = match
      ? compileText(
          match,
          await keeper.stemsOf(match.parts.flatMap((part) => [part.words, ...part.alternatives].flat())),
        )
      : null;
    for (const page of pages) {
      const search = { ...query, page };
      // Without the seller scope of "near" and own-fleet searches (the service reads it from the keeper's sellers).
      out.push({ path, page, search, query: indexQueryOf(search, match, text) });
    }
  }
  return out;
}
