import { type AdminDashboard, nonSaleStatuses } from '@tibay/contract';
import { count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { countUndelivered } from '../../plugins/mail-queue.ts';
import { manilaMidnight } from './orders.service.ts';

/** Days of sales the dashboard chart shows. */
export const CHART_DAYS = 30;

/** The Manila calendar day of an instant (UTC+8, no daylight saving). */
export function manilaDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Today's and this month's orders and sales, and sales by day for the last 30 days, in Asia/Manila days.
 * Orders counts every order placed; sales sums the totals of orders that are not Denied, Cancelled,
 * Payment Failed or Payment Expired. Also the number of payments waiting for a refund and of mails never delivered.
 */
export async function dashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const today = manilaDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const chartStart = addDays(today, -(CHART_DAYS - 1));
  const since = monthStart < chartStart ? monthStart : chartStart;
  const excluded = sql.join(
    nonSaleStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'Asia/Manila', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      orders: sql<number>`count(*)::int`,
      sales: sql<string>`coalesce(sum(case when ${orders.status}::text in (${excluded}) then 0 else ${orders.total} end), 0)::bigint`,
    })
    .from(orders)
    .where(gte(orders.createdAt, manilaMidnight(since)))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, { orders: Number(row.orders), sales: Number(row.sales) }]));
  const zero = { orders: 0, sales: 0 };
  let monthOrders = 0;
  let monthSales = 0;
  for (const [key, value] of byDay) {
    if (key >= monthStart && key <= today) {
      monthOrders += value.orders;
      monthSales += value.sales;
    }
  }
  const daily = Array.from({ length: CHART_DAYS }, (_, i) => {
    const date = addDays(chartStart, i);
    return { date, ...(byDay.get(date) ?? zero) };
  });
  return {
    today: { date: today, ...(byDay.get(today) ?? zero) },
    month: { month: today.slice(0, 7), orders: monthOrders, sales: monthSales },
    daily,
    refunds_due: await refundsDue(db),
    mails_undelivered: await countUndelivered(db),
  };
}

/** Payments that came after their orders ended and are not refunded yet. */
async function refundsDue(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.status, 'refund_due'));
  return row?.n ?? 0;
}
