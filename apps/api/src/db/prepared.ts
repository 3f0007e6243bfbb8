import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

interface DrizzleInternals {
  session: {
    prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): unknown };
  };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/**
 * Like rows(), as a named prepared statement (named after a hash of its text): on a PostgreSQL server each pooled
 * connection parses it once and, after a few runs, reuses one plan instead of planning every time. For the hot
 * paths (add to cart, place order) whose text does not vary much; every distinct text costs a prepared statement
 * per connection. PGlite runs it as an ordinary query.
 */
export async function preparedRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as DrizzleInternals;
  const compiled = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 20)}`;
  const result = await session.prepareQuery(compiled, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}
