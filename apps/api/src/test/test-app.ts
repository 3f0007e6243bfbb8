import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { searchIndexOf } from '../modules/catalog/index.ts';
import { adminQuery, pgliteTemplate, testDatabasePrefix } from './migrated-template.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * A real app on a fresh, migrated, empty database for one test file.
 * With TEST_DATABASE_URL (a PostgreSQL server) a database is created for the file and dropped after;
 * otherwise an in-memory PGlite is used. Either starts as a copy of one migrated at the start of the run
 * (migrated-template.ts); TEST_DATABASE_PREFIX (default tibay_test_) starts the names of databases on a server.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'off',
    WEB_DIST: '/nonexistent',
    // Every request comes from 127.0.0.1 and many tests repeat a write: the write limits (decision 0018) are
    // generous here and tested on their own (write-limits.test.ts) with small values.
    WRITE_RATE_LIMIT_PER_USER: '100000',
    WRITE_RATE_LIMIT_PER_IP: '100000',
    GUESS_RATE_LIMIT_PER_USER: '100000',
    GUESS_RATE_LIMIT_PER_IP: '100000',
    ...env,
  });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await pgliteTemplate(inject('pgliteTemplate'));
    const database = await openDatabase({ dataDir: 'memory://', template });
    const app = await buildApp({ config, database });
    return { app, database, close: () => app.close() };
  }
  const name = `${testDatabasePrefix()}${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = inject('serverTemplate');
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'unused' });
  const app = await buildApp({ config, database });
  return {
    app,
    database,
    async close() {
      await app.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** After writing behind the app's back (a seed): resolves once its search index holds every change made so far. */
export async function searchIndexCaughtUp(t: TestApp): Promise<void> {
  await searchIndexOf(t.app)?.caughtUp();
}
