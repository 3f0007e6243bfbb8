import type { Deps } from '../../deps.ts';
import * as repo from './stock-closing.repository.ts';

/**
 * The close-month job (decision 0045): every Asia/Manila month that ended more than an hour ago (so no ledger row
 * of it can still be in flight) gets its closing balances, oldest first, at most CLOSE_MONTHS_BACK months back.
 * Months reopened by a backdated ledger row are closed again on the next run.
 */

/** How far back months are closed: the report's period is at most 366 days. */
const CLOSE_MONTHS_BACK = 25;
/** A month is closed only this long after it ended. */
export const CLOSE_AFTER_MS = 60 * 60 * 1000;

function manilaMonth(instant: Date): string {
  const shifted = new Date(instant.getTime() + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 7)}-01`;
}

function addMonths(month: string, count: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** Closes every month that may be closed and is not; returns the months it closed. */
export async function closeMonths(deps: Pick<Deps, 'db'>, now = new Date()): Promise<string[]> {
  const first = await repo.firstLedgerMonth(deps.db);
  if (!first) return [];
  // The last month that ended at least CLOSE_AFTER_MS ago.
  const last = addMonths(manilaMonth(new Date(now.getTime() - CLOSE_AFTER_MS)), -1);
  const earliest = addMonths(last, -(CLOSE_MONTHS_BACK - 1));
  const done = new Set(await repo.closedMonths(deps.db));
  const closed: string[] = [];
  for (let month = first < earliest ? earliest : first; month <= last; month = addMonths(month, 1)) {
    if (done.has(month)) continue;
    if (await repo.closeMonth(deps.db, month)) closed.push(month);
  }
  if (closed.length > 0) await repo.analyzeClosings(deps.db);
  return closed;
}
