import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { inventoryReport } from './inventory-report.service.ts';
import { adminHeaders, headersOf } from './purchasing-fixtures.ts';
import { closeMonths } from './stock-closing.service.ts';

/**
 * Monthly closings (decision 0045): the report started from a closed month gives the same figures as the report
 * taken back from today's stock (the hand-computed ledger of inventory-report.test.ts), also after a backdated
 * ledger row and for a product created after the month was closed.
 */

let t: TestApp;
let as: Record<string, string>;
let sellerId: number;
let cement: number;
let drill: number;

type Kind = (typeof stockMovements.$inferInsert)['kind'];

async function ledger(productId: number, entries: Array<[string, Kind, number]>) {
  for (const [at, kind, quantity] of entries) {
    await t.app.db
      .insert(stockMovements)
      .values({ productId, kind, quantity, reference: 'fixture', createdAt: new Date(at) });
  }
  const total = entries.reduce((sum, [, , quantity]) => sum + quantity, 0);
  await t.app.db
    .update(products)
    .set({ stock: sql`${products.stock} + ${total}` })
    .where(eq(products.id, productId));
}

async function report(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/admin/inventory-report?${query}`, headers: as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const closedMonths = async () =>
  (await rows<{ month: string }>(t.app.db, sql`select month::text as month from stock_closed_months order by 1`)).map(
    (row) => row.month,
  );

/** After the first December week (Manila): October and November may be closed. */
const DECEMBER_5 = new Date('2026-12-05T00:00:00+08:00');

beforeAll(async () => {
  t = await createTestApp();
  as = headersOf(await adminHeaders(t.app));
  await insertCategory(t.app, 2, 'CEMENT');
  await insertCategory(t.app, 13, 'TOOLS');
  sellerId = (await insertSeller(t.app, { name: 'Closing Hardware' })).id;
  cement = (await insertProduct(t.app, { sellerId, categoryId: 2, name: 'Cement 40kg', price: 25_000, stock: 0 })).id;
  drill = (await insertProduct(t.app, { sellerId, categoryId: 13, name: 'Hammer Drill', price: 350_075, stock: 0 })).id;
  await ledger(cement, [
    ['2026-10-30T10:00:00+08:00', 'receive', 100],
    ['2026-11-01T00:30:00+08:00', 'receive', 40],
    ['2026-11-05T09:00:00+08:00', 'commit', -30],
    ['2026-11-06T09:00:00+08:00', 'release', 5],
    ['2026-11-10T09:00:00+08:00', 'bad_stock', -3],
    ['2026-11-12T09:00:00+08:00', 'adjustment', -2],
    ['2026-11-15T09:00:00+08:00', 'transfer_out', -10],
    ['2026-11-30T23:30:00+08:00', 'receive', 7],
    ['2026-12-01T00:10:00+08:00', 'commit', -20],
    ['2026-12-03T09:00:00+08:00', 'receive', 50],
  ]);
  await ledger(drill, [['2026-11-02T09:00:00+08:00', 'receive', 5]]);
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

/**
 * The report as the route gives it, and the report the service gives when its clock says the period is long past,
 * so that it starts from a closing whenever there is one (the figures must not depend on which).
 */
async function both(startDate: string, endDate: string) {
  const route = await report(`startDate=${startDate}&endDate=${endDate}&sellerId=${sellerId}`);
  const query = { startDate, endDate, sellerId, page: 1, pageSize: 50 };
  const fromClosing = await inventoryReport({ db: t.app.db }, query, Date.parse('2027-09-01T00:00:00+08:00'));
  expect(fromClosing).toEqual(route);
  return fromClosing;
}
const NOVEMBER = () => both('2026-11-01', '2026-11-30');
const DECEMBER_1 = () => both('2026-12-01', '2026-12-01');
const MID_NOVEMBER = () => both('2026-11-10', '2026-11-20');

describe('monthly closings', () => {
  it('closes the months that ended more than an hour ago, once, with each product’s stock at the month’s end', async () => {
    const before = { november: await NOVEMBER(), december: await DECEMBER_1(), mid: await MID_NOVEMBER() };
    expect(before.november.results[0]).toMatchObject({ productId: cement, openingStock: 100, closingStock: 107 });

    // 1 December 00:30 in Manila: November ended only 30 minutes ago, October may be closed.
    expect(await closeMonths({ db: t.app.db }, new Date('2026-12-01T00:30:00+08:00'))).toEqual(['2026-10-01']);
    expect(await closeMonths({ db: t.app.db }, DECEMBER_5)).toEqual(['2026-11-01']);
    expect(await closeMonths({ db: t.app.db }, DECEMBER_5)).toEqual([]);
    expect(await closedMonths()).toEqual(['2026-10-01', '2026-11-01']);
    const balances = await rows<{ month: string; product_id: number; closing: number }>(
      t.app.db,
      sql`select month::text as month, product_id, closing from stock_month_closings order by month, product_id`,
    );
    expect(balances.map((row) => [row.month, Number(row.product_id), Number(row.closing)])).toEqual([
      ['2026-10-01', cement, 100],
      ['2026-11-01', cement, 107],
      ['2026-11-01', drill, 5],
    ]);

    // The same figures from the closings as from today's stock (and the hand-computed ledger).
    expect(await NOVEMBER()).toEqual(before.november);
    expect(await DECEMBER_1()).toEqual(before.december);
    expect(await MID_NOVEMBER()).toEqual(before.mid);
  });

  it('the report reads the closing before its period', async () => {
    // A wrong closing shows in the figures: the report starts from it rather than from today's stock.
    await t.app.db.execute(
      sql`update stock_month_closings set closing = closing + 1000 where month = '2026-10-01' and product_id = ${cement}`,
    );
    const query = { startDate: '2026-11-01', endDate: '2026-11-30', sellerId, page: 1, pageSize: 50 };
    const far = await inventoryReport({ db: t.app.db }, query, Date.parse('2027-09-01T00:00:00+08:00'));
    expect(far.results[0]).toMatchObject({ openingStock: 1100, closingStock: 1107 });
    await t.app.db.execute(
      sql`update stock_month_closings set closing = closing - 1000 where month = '2026-10-01' and product_id = ${cement}`,
    );
    expect((await NOVEMBER()).results[0]).toMatchObject({ openingStock: 100, closingStock: 107 });
  });

  it('a backdated ledger row reopens its month and the later ones, which close again with it', async () => {
    await ledger(cement, [['2026-10-31T12:00:00+08:00', 'receive', 4]]);
    expect(await closedMonths()).toEqual([]);
    const reopened = (await NOVEMBER()).results[0];
    expect(reopened).toMatchObject({ openingStock: 104, stockIn: 47, closingStock: 111 });
    expect(await closeMonths({ db: t.app.db }, DECEMBER_5)).toEqual(['2026-10-01', '2026-11-01']);
    expect((await NOVEMBER()).results[0]).toEqual(reopened);
    const row = (await DECEMBER_1()).results[0];
    expect(row).toMatchObject({ productId: cement, openingStock: 111, stockOut: 20, closingStock: 91 });
    expect(row!.openingStock + row!.stockIn - row!.stockOut - row!.badStock).toBe(row!.closingStock);
  });

  it('a product created after the closing counts its first stock as the report without closings does', async () => {
    const fresh = (await insertProduct(t.app, { sellerId, categoryId: 2, name: 'New Gravel', price: 1_000, stock: 12 }))
      .id;
    const december = (await DECEMBER_1()).results.find((row: { productId: number }) => row.productId === fresh);
    expect(december).toMatchObject({ openingStock: 12, stockIn: 0, stockOut: 0, closingStock: 12 });
  });
});
