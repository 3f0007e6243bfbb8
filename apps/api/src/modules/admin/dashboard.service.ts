import type { AdminDashboard } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { countUndelivered } from '../../plugins/mail-queue.ts';
import { addDays, manilaDay } from './manila-days.ts';
import { countRefundsDue, salesByDay } from './sales.repository.ts';

/** "Today" on the dashboard is this Manila day. */
export { manilaDay };

/** Days of sales the dashboard chart shows. */
export const CHART_DAYS = 30;

/**
 * Today's and this month's orders and sales, and sales by day for the last 30 days, in Asia/Manila days.
 * Orders counts every order placed; sales sums the totals of orders that are not Denied, Cancelled,
 * Payment Failed or Payment Expired. Also the number of payments waiting for a refund and of mails never delivered.
 */
export async function dashboard(deps: Pick<Deps, 'db'>, now = new Date()): Promise<AdminDashboard> {
  const today = manilaDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const chartStart = addDays(today, -(CHART_DAYS - 1));
  const since = monthStart < chartStart ? monthStart : chartStart;
  const byDay = new Map(
    (await salesByDay(deps.db, since)).map((row) => [row.day, { orders: row.orders, sales: row.sales }]),
  );
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
    refunds_due: await countRefundsDue(deps.db),
    mails_undelivered: await countUndelivered(deps.db),
  };
}
