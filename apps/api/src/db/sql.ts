import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** SQL helpers every module shares. Money leaves PostgreSQL as float8 so both drivers return numbers. */

/** The app's database or a transaction on it. */
export type Conn = Db | Tx;

/** The rows of a hand-written query, typed by the caller (who names the columns it selects). */
export async function rows<T>(db: Conn, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** A Postgres integer array literal for `${intArray(ids)}` (ids are validated integers). */
export function intArray(ids: readonly number[]): SQL {
  const safe = ids.map((id) => Math.trunc(Number(id))).filter(Number.isFinite);
  return sql`${`{${safe.join(',')}}`}::int[]`;
}

/** The user's text with LIKE's wildcards (and its escape character) escaped, for a LIKE/ILIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%text%` for ILIKE: the text anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
