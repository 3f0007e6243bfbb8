import type { InventoryReport, inventoryReportQuery } from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import * as repo from './inventory-report.repository.ts';
import { closingBefore, monthEnd } from './stock-closing.repository.ts';

/**
 * The inventory report (spec 3 §2.4 "Inventory Report"; decision 0037): figures per product for a period of
 * Asia/Manila days, computed from the stock ledger only. Stock value = productPrice x closingStock.
 */

type Query = z.output<typeof inventoryReportQuery>;

/** The instant a Manila day starts (Manila has no daylight saving: always +08:00). */
export function manilaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/**
 * From a closing the report reads the ledger from the closed month's end to the period's end, plus one closing row
 * per product (about a month of ledger rows); from today's stock it reads the ledger from the period's start to
 * now. The closing is used when that reads clearly less: for periods further back than about two months.
 */
function worthStartingFrom(base: repo.ReportBase | null, scope: repo.ReportScope, now: number) {
  if (!base) return null;
  const fromClosing = scope.end.getTime() - monthEnd(base.month).getTime() + 31 * DAY_MS;
  const fromToday = now - scope.start.getTime();
  return fromClosing < fromToday ? base : null;
}

export async function inventoryReport(
  deps: Pick<Deps, 'db'>,
  query: Query,
  /** The clock the choice of starting point uses (tests); the figures do not depend on it. */
  now = Date.now(),
): Promise<InventoryReport> {
  const scope: repo.ReportScope = {
    sellerId: query.sellerId,
    categoryId: query.categoryId,
    start: manilaDayStart(query.startDate),
    end: manilaDayStart(nextDay(query.endDate)),
  };
  const offset = (query.page - 1) * query.pageSize;
  // The last month closed before the period, when starting there reads fewer ledger rows (decision 0045).
  const base = worthStartingFrom(await closingBefore(deps.db, scope.start), scope, now);
  const [figures, byDay] = await Promise.all([
    repo.reportFigures(deps.db, scope, { limit: query.pageSize, offset }, base),
    repo.movementByDay(deps.db, scope),
  ]);
  const names = await repo.productNames(
    deps.db,
    figures.map((row) => Number(row.product_id)),
  );
  const results = figures.map((row) => {
    const closingStock = Number(row.closing);
    const stockIn = Number(row.stock_in);
    const committedStock = Number(row.committed);
    const stockOut = committedStock + Number(row.other_out);
    const badStock = Number(row.bad);
    const productPrice = Number(row.price);
    const productId = Number(row.product_id);
    return {
      id: productId,
      productId,
      productName: names.get(productId) ?? '',
      openingStock: closingStock - stockIn + stockOut + badStock,
      stockIn,
      stockOut,
      badStock,
      committedStock,
      closingStock,
      productPrice,
      stockValue: productPrice * closingStock,
    };
  });
  const totalCount = Number(figures[0]?.total ?? 0);

  // Every day of the period, quiet days included, so the chart's axis is the period.
  const moved = new Map(byDay.map((row) => [row.day, row]));
  const chart: InventoryReport['chart'] = [];
  for (let day = query.startDate; day <= query.endDate; day = nextDay(day)) {
    const row = moved.get(day);
    chart.push({
      day,
      stockIn: Number(row?.stock_in ?? 0),
      stockOut: Number(row?.stock_out ?? 0),
      badStock: Number(row?.bad ?? 0),
    });
  }

  return {
    success: true,
    message: totalCount === 0 ? 'No stock or movement for this period.' : '',
    results,
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.max(1, Math.ceil(totalCount / query.pageSize)),
    totalCount,
    chart,
  };
}

export async function listCategories(deps: Pick<Deps, 'db'>) {
  const found = await repo.listCategories(deps.db);
  return {
    items: found.map((row) => ({ category_id: Number(row.category_id), product_category: row.product_category })),
  };
}
