import { purchasingMessages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminHeaders, headersOf } from './purchasing-fixtures.ts';

let t: TestApp;
let as: Record<string, string>;
let sellerId: number;
let cement: number;
let drill: number;
let idle: number;
let elsewhere: number;

type Kind = (typeof stockMovements.$inferInsert)['kind'];

/** Writes ledger rows at given instants and sets the stock figure to their sum (as the ledger would have). */
async function ledger(productId: number, entries: Array<[string, Kind, number]>) {
  for (const [at, kind, quantity] of entries) {
    await t.app.db
      .insert(stockMovements)
      .values({ productId, kind, quantity, reference: 'fixture', createdAt: new Date(at) });
  }
  const total = entries.reduce((sum, [, , quantity]) => sum + quantity, 0);
  await t.app.db.update(products).set({ stock: total }).where(eq(products.id, productId));
}

beforeAll(async () => {
  t = await createTestApp();
  as = headersOf(await adminHeaders(t.app));
  await insertCategory(t.app, 2, 'CEMENT');
  await insertCategory(t.app, 13, 'TOOLS');
  const seller = await insertSeller(t.app, { name: 'Report Hardware' });
  const other = await insertSeller(t.app, { name: 'Other Hardware' });
  sellerId = seller.id;
  cement = (await insertProduct(t.app, { sellerId, categoryId: 2, name: 'Cement 40kg', price: 25_000 })).id;
  drill = (await insertProduct(t.app, { sellerId, categoryId: 13, name: 'Hammer Drill', price: 350_075 })).id;
  idle = (await insertProduct(t.app, { sellerId, categoryId: 2, name: 'Idle Cement' })).id;
  elsewhere = (await insertProduct(t.app, { sellerId: other.id, categoryId: 2, name: 'Far Cement' })).id;
  await ledger(cement, [
    ['2026-10-30T10:00:00+08:00', 'receive', 100],
    // 00:30 in Manila on 1 November is still 31 October in UTC: it belongs to the period.
    ['2026-11-01T00:30:00+08:00', 'receive', 40],
    ['2026-11-05T09:00:00+08:00', 'commit', -30],
    ['2026-11-06T09:00:00+08:00', 'release', 5],
    ['2026-11-10T09:00:00+08:00', 'bad_stock', -3],
    ['2026-11-12T09:00:00+08:00', 'adjustment', -2],
    ['2026-11-15T09:00:00+08:00', 'transfer_out', -10],
    ['2026-11-30T23:30:00+08:00', 'receive', 7],
    // 00:10 in Manila on 1 December is still 30 November in UTC: after the period.
    ['2026-12-01T00:10:00+08:00', 'commit', -20],
    ['2026-12-03T09:00:00+08:00', 'receive', 50],
  ]);
  await ledger(drill, [['2026-11-02T09:00:00+08:00', 'receive', 5]]);
  await ledger(elsewhere, [['2026-11-02T09:00:00+08:00', 'receive', 9]]);
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

async function report(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/admin/inventory-report?${query}`, headers: as });
  return response;
}

describe('inventory report', () => {
  it('equals the hand-computed ledger for November (Asia/Manila days), and opening + in - out - bad = closing', async () => {
    const response = await report(`startDate=2026-11-01&endDate=2026-11-30&sellerId=${sellerId}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.totalCount).toBe(2);
    expect(body.results).toEqual([
      {
        id: cement,
        productId: cement,
        productName: 'Cement 40kg',
        openingStock: 100,
        stockIn: 47,
        // 30 committed - 5 released = 25 kept by orders; plus 2 adjusted away and 10 transferred out.
        stockOut: 37,
        badStock: 3,
        committedStock: 25,
        closingStock: 107,
        productPrice: 25_000,
        stockValue: 25_000 * 107,
      },
      {
        id: drill,
        productId: drill,
        productName: 'Hammer Drill',
        openingStock: 0,
        stockIn: 5,
        stockOut: 0,
        badStock: 0,
        committedStock: 0,
        closingStock: 5,
        productPrice: 350_075,
        stockValue: 350_075 * 5,
      },
    ]);
    for (const row of body.results) {
      expect(row.openingStock + row.stockIn - row.stockOut - row.badStock).toBe(row.closingStock);
    }
    expect(body.results.map((row: { id: number }) => row.id)).not.toContain(idle);
    expect(body.chart).toHaveLength(30);
    expect(body.chart[0]).toEqual({ day: '2026-11-01', stockIn: 40, stockOut: 0, badStock: 0 });
    expect(body.chart[1]).toEqual({ day: '2026-11-02', stockIn: 5, stockOut: 0, badStock: 0 });
    expect(body.chart[4]).toEqual({ day: '2026-11-05', stockIn: 0, stockOut: 30, badStock: 0 });
    expect(body.chart[9]).toEqual({ day: '2026-11-10', stockIn: 0, stockOut: 0, badStock: 3 });
    expect(body.chart[29]).toEqual({ day: '2026-11-30', stockIn: 7, stockOut: 0, badStock: 0 });
  });

  it('a single day, the categories (Building Materials, Tools, one category) and every seller', async () => {
    const day = (await report(`startDate=2026-12-01&endDate=2026-12-01&sellerId=${sellerId}`)).json();
    expect(day.results).toMatchObject([
      { productId: cement, openingStock: 107, stockIn: 0, stockOut: 20, committedStock: 20, closingStock: 87 },
      { productId: drill, openingStock: 5, stockIn: 0, stockOut: 0, closingStock: 5 },
    ]);
    const ids = async (query: string) =>
      (await report(`startDate=2026-11-01&endDate=2026-11-30&${query}`))
        .json()
        .results.map((row: { id: number }) => row.id);
    expect(await ids(`sellerId=${sellerId}&categoryId=tools`)).toEqual([drill]);
    expect(await ids(`sellerId=${sellerId}&categoryId=building`)).toEqual([cement]);
    expect(await ids(`sellerId=${sellerId}&categoryId=2`)).toEqual([cement]);
    expect(await ids('')).toEqual([cement, drill, elsewhere]);
    const paged = (await report(`startDate=2026-11-01&endDate=2026-11-30&pageSize=2&page=2`)).json();
    expect(paged).toMatchObject({ totalCount: 3, totalPages: 2, page: 2 });
    expect(paged.results.map((row: { id: number }) => row.id)).toEqual([elsewhere]);
  });

  it('refuses a wrong period with its message', async () => {
    const reversed = await report('startDate=2026-11-30&endDate=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe(purchasingMessages.dateOrder);
    const long = await report('startDate=2024-01-01&endDate=2026-11-01');
    expect(long.json().error.message).toBe(purchasingMessages.rangeTooLong);
    const garbage = await report('startDate=yesterday&endDate=2026-11-01');
    expect(garbage.statusCode).toBe(400);
    expect((await report('startDate=2026-11-01&endDate=2026-11-02&sellerId=abc')).statusCode).toBe(400);
  });

  it('lists the categories to filter by', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/inventory-report/categories',
      headers: as,
    });
    expect(response.json().items).toEqual([
      { category_id: 2, product_category: 'CEMENT' },
      { category_id: 13, product_category: 'TOOLS' },
    ]);
  });
});
