import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';

/** PostgreSQL element types the bulk writer sends arrays of. */
export type ArrayType = 'int2' | 'int4' | 'int8' | 'float8' | 'bool' | 'text' | 'timestamptz';

/** A column: its element type, its values, and an optional cast for the stored type (an enum, jsonb). */
export type Column = { type: ArrayType; values: unknown[]; cast?: string };

/**
 * Inserts many rows with one `INSERT ... SELECT FROM unnest($1::int4[], $2::text[], ...)` per chunk:
 * one parameter per column, about twice as fast as multi-row VALUES and far below the parameter limit.
 * Works the same on PGlite and PostgreSQL.
 */
export async function bulkInsert(
  db: Db | Tx,
  table: string,
  columns: Record<string, Column>,
  chunkSize = 10_000,
): Promise<number> {
  const names = Object.keys(columns);
  const first = columns[names[0]!];
  if (!first) return 0;
  const total = first.values.length;
  for (const name of names) {
    if (columns[name]!.values.length !== total)
      throw new Error(`bulkInsert ${table}: column ${name} has a different length`);
  }
  for (let start = 0; start < total; start += chunkSize) {
    const end = Math.min(total, start + chunkSize);
    const target = sql.raw(`"${table}" (${names.map((name) => `"${name}"`).join(', ')})`);
    const arrays: SQL[] = names.map((name) => {
      const column = columns[name]!;
      return sql`${sql.param(column.values.slice(start, end))}::${sql.raw(column.type)}[]`;
    });
    const selectList = sql.raw(
      names
        .map((name, index) => (columns[name]!.cast ? `u.c${index}::${columns[name]!.cast}` : `u.c${index}`))
        .join(', '),
    );
    const aliases = sql.raw(names.map((_, index) => `c${index}`).join(', '));
    await db.execute(
      sql`INSERT INTO ${target} SELECT ${selectList} FROM unnest(${sql.join(arrays, sql`, `)}) AS u(${aliases})`,
    );
  }
  return total;
}

/** Rows of a raw query (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Moves a serial column's sequence past the highest id (after inserting explicit ids). */
export async function syncSequence(db: Db | Tx, table: string, column = 'id'): Promise<void> {
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('"${table}"', '${column}'), coalesce((SELECT max("${column}") FROM "${table}"), 0) + 1, false)`,
    ),
  );
}

/** The highest id in a table (0 when empty). */
export async function maxId(db: Db | Tx, table: string): Promise<number> {
  const [row] = await queryRows<{ max: number }>(
    db,
    sql.raw(`SELECT coalesce(max(id), 0)::int AS max FROM "${table}"`),
  );
  return Number(row?.max ?? 0);
}

/** True when the database behind db is an embedded PGlite (which needs a CHECKPOINT after a bulk load). */
export function isPglite(db: Db): boolean {
  const client = (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client;
  return typeof client?.dumpDataDir === 'function';
}
