import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Conn, rows } from '../../db/sql.ts';

/**
 * Monthly closing balances (decision 0045): each product's stock at the end of a closed Asia/Manila month, so the
 * inventory report starts from the last closing before its period instead of reading every ledger row since then.
 * A month is named by its first day ('2026-10-01'); it ends at the next month's first instant in Manila.
 */

/** The instant an Asia/Manila month ends (the next month's first instant). */
export function monthEnd(month: string): Date {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return new Date(`${next}-01T00:00:00+08:00`);
}

/** The months already closed, oldest first. */
export async function closedMonths(db: Conn): Promise<string[]> {
  const found = await rows<{ month: string }>(db, sql`select month::text as month from stock_closed_months order by 1`);
  return found.map((row) => row.month);
}

/** The Asia/Manila month of the oldest ledger row, or null with an empty ledger. */
export async function firstLedgerMonth(db: Conn): Promise<string | null> {
  const [row] = await rows<{ month: string | null }>(
    db,
    sql`select to_char(min(created_at) at time zone 'Asia/Manila', 'YYYY-MM-01') as month from stock_movements`,
  );
  return row?.month ?? null;
}

/**
 * Closes one month in one transaction: its balances are today's stock minus every ledger row after the month,
 * read in one statement (one snapshot, so the stock figure and the ledger agree). Returns false when another
 * process closed it first (the month's row is the lock).
 */
export async function closeMonth(db: Db, month: string): Promise<boolean> {
  const end = monthEnd(month).toISOString();
  return db.transaction(async (tx) => {
    const claimed = await rows<{ month: string }>(
      tx,
      sql`insert into stock_closed_months (month) values (${month}::date) on conflict do nothing returning month`,
    );
    if (claimed.length === 0) return false;
    await tx.execute(
      sql`insert into stock_month_closings (month, product_id, closing)
          select ${month}::date, p.id, p.stock - coalesce(a.after_end, 0)
          from products p left join (
            select product_id, sum(quantity) as after_end from stock_movements
            where created_at >= ${end}::timestamptz group by product_id
          ) a on a.product_id = p.id
          where p.stock - coalesce(a.after_end, 0) <> 0`,
    );
    return true;
  });
}

/** The last closed month that ends on or before this instant, with the time it was closed. */
export async function closingBefore(db: Conn, instant: Date) {
  const [row] = await rows<{ month: string; closed_at: number }>(
    db,
    sql`select month::text as month, (extract(epoch from closed_at) * 1000)::float8 as closed_at from stock_closed_months
        where (month + interval '1 month')::timestamp at time zone 'Asia/Manila' <= ${instant.toISOString()}::timestamptz
        order by month desc limit 1`,
  );
  return row ? { month: row.month, closedAt: new Date(Number(row.closed_at)) } : null;
}

/** Fresh planner statistics after months were closed (each adds up to one row per product). */
export async function analyzeClosings(db: Conn): Promise<void> {
  await db.execute(sql`analyze stock_month_closings`);
}
