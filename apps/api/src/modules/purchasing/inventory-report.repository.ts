import { TOOLS_CATEGORY_ID } from '@tibay/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, intArray, rows } from '../../db/sql.ts';
import { monthEnd } from './stock-closing.repository.ts';

/**
 * The inventory report's SQL: one pass over the ledger rows since the period's start (stock_movements_period_idx, covering),
 * grouped by product (decision 0037). Closing stock is today's stock minus what moved after the period; every
 * ledger row of the period falls in exactly one column, so opening + in - out - bad = closing always holds:
 * - Stock In: receive, transfer_in, and adjustments that add;
 * - Committed: commit minus release (units buyers' orders took and kept), part of Stock Out;
 * - Stock Out: Committed plus transfer_out, delivery, and adjustments that take;
 * - Bad Stock: bad_stock (units set aside as damaged or expired).
 */

export interface ReportScope {
  sellerId?: number | undefined;
  categoryId?: number | 'building' | 'tools' | undefined;
  /** The period as instants: [start, end). */
  start: Date;
  end: Date;
}

function scopeFilter(scope: ReportScope): SQL {
  const parts: SQL[] = [sql`true`];
  if (scope.sellerId) parts.push(sql`p.seller_id = ${scope.sellerId}`);
  if (scope.categoryId === 'tools') parts.push(sql`p.category_id = ${TOOLS_CATEGORY_ID}`);
  else if (scope.categoryId === 'building') parts.push(sql`p.category_id <> ${TOOLS_CATEGORY_ID}`);
  else if (typeof scope.categoryId === 'number') parts.push(sql`p.category_id = ${scope.categoryId}`);
  return sql.join(parts, sql` and `);
}

/** With a seller or category, only the ledger rows of their products are grouped. */
function onlyScope(scope: ReportScope): SQL {
  if (!scope.sellerId && scope.categoryId === undefined) return sql``;
  return sql`and m.product_id in (select p.id from products p where ${scopeFilter(scope)})`;
}

function bounds(scope: ReportScope) {
  return {
    start: sql`${scope.start.toISOString()}::timestamptz`,
    end: sql`${scope.end.toISOString()}::timestamptz`,
  };
}

export interface ReportFigures {
  product_id: number;
  closing: number;
  stock_in: number;
  committed: number;
  other_out: number;
  bad: number;
  price: number;
  total: number;
}

/** The closing a report starts from (decision 0045): a closed month that ends on or before the period's start. */
export interface ReportBase {
  month: string;
  /** When it was closed: products created later are taken back from today's stock instead. */
  closedAt: Date;
}

/** One page of the report's figures (products that held stock or moved in the period), by product id. */
export function reportFigures(
  db: Conn,
  scope: ReportScope,
  page: { limit: number; offset: number },
  base: ReportBase | null,
) {
  return base ? figuresFromClosing(db, scope, page, base) : figuresFromToday(db, scope, page);
}

/** The ledger columns of the rows in [start, end) as aggregate expressions over `m`. */
function periodColumns(start: SQL, end: SQL): SQL {
  const inPeriod = sql`m.created_at >= ${start} and m.created_at < ${end}`;
  return sql`count(*) filter (where ${inPeriod}) as in_period,
            coalesce(sum(m.quantity) filter (where ${inPeriod}), 0) as net,
            coalesce(sum(m.quantity) filter (where ${inPeriod}
              and (m.kind in ('receive', 'transfer_in') or (m.kind = 'adjustment' and m.quantity > 0))), 0) as stock_in,
            coalesce(-sum(m.quantity) filter (where ${inPeriod}
              and m.kind in ('commit', 'release')), 0) as committed,
            coalesce(-sum(m.quantity) filter (where ${inPeriod}
              and (m.kind in ('transfer_out', 'delivery') or (m.kind = 'adjustment' and m.quantity < 0))), 0) as other_out,
            coalesce(-sum(m.quantity) filter (where ${inPeriod} and m.kind = 'bad_stock'), 0) as bad`;
}

/**
 * From a month's closing: opening = the closing + the ledger rows from the month's end to the period's start;
 * closing = opening + the period's rows. Reads at most the month before the period and the period. Products
 * created after the month was closed (their first stock may have no ledger row) are taken back from today's stock
 * as figuresFromToday does, so both ways give the same figures.
 */
function figuresFromClosing(db: Conn, scope: ReportScope, page: { limit: number; offset: number }, base: ReportBase) {
  const { start, end } = bounds(scope);
  const from = sql`${monthEnd(base.month).toISOString()}::timestamptz`;
  const closedAt = sql`${base.closedAt.toISOString()}::timestamptz`;
  return rows<ReportFigures>(
    db,
    sql`with moved as (
          select m.product_id, coalesce(sum(m.quantity) filter (where m.created_at < ${start}), 0) as before_start,
            ${periodColumns(start, end)}
          from stock_movements m
          where m.created_at >= ${from} and m.created_at < ${end} ${onlyScope(scope)}
          group by m.product_id
        ), known as (
          -- One join of the two sets (no index lookup per product).
          select coalesce(c.product_id, moved.product_id) as product_id,
            coalesce(c.closing, 0) + coalesce(moved.before_start, 0) + coalesce(moved.net, 0) as closing,
            coalesce(moved.in_period, 0) as in_period, coalesce(moved.stock_in, 0) as stock_in,
            coalesce(moved.committed, 0) as committed, coalesce(moved.other_out, 0) as other_out,
            coalesce(moved.bad, 0) as bad
          from (select product_id, closing from stock_month_closings where month = ${base.month}::date) c
            full join moved on moved.product_id = c.product_id
        ), figures as (
          select p.id as product_id, p.price, known.closing, known.in_period, known.stock_in, known.committed,
                 known.other_out, known.bad
          from known join products p on p.id = known.product_id
          where ${scopeFilter(scope)} and p.created_at <= ${closedAt}
          union all
          -- Few products (created since the closing): their period columns from their own ledger rows.
          select p.id, p.price,
            p.stock - coalesce((select sum(a.quantity) from stock_movements a
                                where a.product_id = p.id and a.created_at >= ${end}), 0),
            own.in_period, own.stock_in, own.committed, own.other_out, own.bad
          from products p cross join lateral (
            select ${periodColumns(start, end)} from stock_movements m
            where m.product_id = p.id and m.created_at >= ${start} and m.created_at < ${end}
          ) own
          where ${scopeFilter(scope)} and p.created_at > ${closedAt}
        )
        select product_id, closing::int as closing, stock_in::int as stock_in, committed::int as committed,
               other_out::int as other_out, bad::int as bad, price::float8 as price, count(*) over ()::int as total
        from figures
        where closing <> 0 or in_period > 0
        order by product_id
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** From today's stock: closing = today's stock - the ledger rows after the period (decision 0037). */
function figuresFromToday(db: Conn, scope: ReportScope, page: { limit: number; offset: number }) {
  const { start, end } = bounds(scope);
  return rows<ReportFigures>(
    db,
    sql`with moved as (
          select m.product_id,
            coalesce(sum(m.quantity) filter (where m.created_at >= ${end}), 0) as after_end,
            count(*) filter (where m.created_at < ${end}) as in_period,
            coalesce(sum(m.quantity) filter (where m.created_at < ${end}
              and (m.kind in ('receive', 'transfer_in') or (m.kind = 'adjustment' and m.quantity > 0))), 0) as stock_in,
            coalesce(-sum(m.quantity) filter (where m.created_at < ${end}
              and m.kind in ('commit', 'release')), 0) as committed,
            coalesce(-sum(m.quantity) filter (where m.created_at < ${end}
              and (m.kind in ('transfer_out', 'delivery') or (m.kind = 'adjustment' and m.quantity < 0))), 0) as other_out,
            coalesce(-sum(m.quantity) filter (where m.created_at < ${end} and m.kind = 'bad_stock'), 0) as bad
          from stock_movements m
          where m.created_at >= ${start} ${onlyScope(scope)}
          group by m.product_id
        )
        select p.id as product_id, (p.stock - coalesce(moved.after_end, 0))::int as closing,
               coalesce(moved.stock_in, 0)::int as stock_in, coalesce(moved.committed, 0)::int as committed,
               coalesce(moved.other_out, 0)::int as other_out, coalesce(moved.bad, 0)::int as bad,
               p.price::float8 as price, count(*) over ()::int as total
        from products p left join moved on moved.product_id = p.id
        where ${scopeFilter(scope)}
          and (p.stock - coalesce(moved.after_end, 0) <> 0 or coalesce(moved.in_period, 0) > 0)
        order by p.id
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** Full names of products ("Product - Variation - Sub-variation"). */
export async function productNames(db: Conn, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; name: string }>(
    db,
    sql`select p.id, case p.depth when 0 then p.name when 1 then r.name || ' - ' || p.name
                 else r.name || ' - ' || v.name || ' - ' || p.name end as name
        from products p left join products r on r.id = p.root_id left join products v on v.id = p.parent_id
        where p.id = any(${intArray(ids)})`,
  );
  return new Map(found.map((row) => [Number(row.id), row.name]));
}

/** Units in, out and bad per Asia/Manila day of the period, over every product of the scope. */
export function movementByDay(db: Conn, scope: ReportScope) {
  const { start, end } = bounds(scope);
  return rows<{ day: string; stock_in: number; stock_out: number; bad: number }>(
    db,
    sql`select to_char(m.created_at at time zone 'Asia/Manila', 'YYYY-MM-DD') as day,
          coalesce(sum(m.quantity) filter (where m.kind in ('receive', 'transfer_in')
            or (m.kind = 'adjustment' and m.quantity > 0)), 0)::int as stock_in,
          coalesce(-sum(m.quantity) filter (where m.kind in ('commit', 'release', 'transfer_out', 'delivery')
            or (m.kind = 'adjustment' and m.quantity < 0)), 0)::int as stock_out,
          coalesce(-sum(m.quantity) filter (where m.kind = 'bad_stock'), 0)::int as bad
        from stock_movements m join products p on p.id = m.product_id
        where m.created_at >= ${start} and m.created_at < ${end} and ${scopeFilter(scope)}
        group by 1 order by 1`,
  );
}

/** The categories the report can filter by. */
export function listCategories(db: Conn) {
  return rows<{ category_id: number; product_category: string }>(
    db,
    sql`select id as category_id, name as product_category from categories order by sort_order, id`,
  );
}
