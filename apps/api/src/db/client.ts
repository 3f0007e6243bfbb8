import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The one database type the app uses, whether PGlite or a PostgreSQL server is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Opens the database and applies the committed migrations.
 * `url` is a PostgreSQL connection string; without one an embedded PGlite database lives in `dataDir`
 * (or in memory when dataDir is 'memory://').
 */
export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 20 });
    // A connection can fail between queries (server restart, a terminated backend). Without listeners,
    // pg raises that as an uncaught 'error' and the process dies; the query in flight, if any, still
    // rejects, and the pool drops the broken client.
    const warn = (error: Error) => console.warn(`database: a connection failed: ${error.message}`);
    pool.on('connect', (client) => client.on('error', warn));
    pool.on('error', () => {}); // the pool re-emits an idle client's error, already logged just above
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = options.dataDir === 'memory://' ? undefined : path.resolve(options.dataDir, 'pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
