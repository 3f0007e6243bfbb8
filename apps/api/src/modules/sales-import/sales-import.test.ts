import { randomUUID } from 'node:crypto';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, importColumns } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products, stockMovements, vouchers } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, bearer, createUser, tokenFor } from '../../test/factories.ts';
import { countRows, insertVoucher, stockOf } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let as: Record<string, string>;
let sellerId: number;
let otherSellerId: number;
let cement: number;
let hammer20: number;
let buyerId: number;
let agentCode: string;
let agentBuyerId: number;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 2, 'CEMENT');
  sellerId = (await insertSeller(t.app, { name: 'Bakal Pro Trading' })).id;
  otherSellerId = (await insertSeller(t.app, { name: 'Another Hardware' })).id;
  cement = (
    await insertProduct(t.app, { sellerId, categoryId: 2, name: 'Portland Cement 40kg', price: 24_500, stock: 10 })
  ).id;
  const hammer = await insertProduct(t.app, {
    sellerId,
    categoryId: 2,
    name: 'Claw Hammer',
    price: 35_000,
    variations: [
      { name: '16 oz', price: 35_000, stock: 0 },
      { name: '20 oz', price: 42_000, stock: 3 },
    ],
  });
  hammer20 = hammer.variations[1]!.id;
  await t.app.db.update(products).set({ secondaryId: 'CEM-40' }).where(eq(products.id, cement));
  await insertProduct(t.app, { sellerId: otherSellerId, categoryId: 2, name: 'Other Cement', stock: 5 });
  const admin = await createUser(t.app, { role: 'admin' });
  const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: csrf,
    payload: { email: admin.email, password: admin.password },
  });
  as = { ...csrf, cookie: `tibay_admin=${login.cookies.find((c) => c.name === 'tibay_admin')!.value}` };
  const address = { address: '123 Shaw Boulevard, Mandaluyong', latitude: 14.58, longitude: 121.05 };
  buyerId = (await createUser(t.app, { isCompletedProfile: true, ...address })).id;
  const agent = await createUser(t.app, { role: 'agent' });
  agentCode = agent.agentCode!;
  agentBuyerId = (await createUser(t.app, { isCompletedProfile: true, agentId: agent.id, ...address })).id;
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

type Cells = (string | number)[];
const row = (code: string, qty: number | string, discounted: number | string, name = 'Item'): Cells => [
  code,
  name,
  qty,
  500,
  discounted,
  Number(qty) * 500 || 0,
  Number(qty) * Number(discounted) || 0,
  '5%',
];

async function xlsx(rows: Cells[], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sales');
  sheet.addRow([...importColumns]);
  for (const cells of rows) sheet.addRow(cells);
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csv = (rows: Cells[]) => Buffer.from([importColumns.join(','), ...rows.map((r) => r.join(','))].join('\n'));

function form(fields: Record<string, string>, file?: Buffer) {
  const boundary = `----tibay${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="sales.xlsx"\r\n` +
          'content-type: application/octet-stream\r\n\r\n',
      ),
    );
    chunks.push(file, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function verify(file: Buffer | undefined, seller: string | number = sellerId, headers = as) {
  const body = form({ sellerID: String(seller) }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/sales-import/verify',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function submit(file: Buffer, data: Record<string, unknown>, key = randomUUID(), headers = as) {
  const body = form({ data: JSON.stringify(data) }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/sales-import/orders',
    headers: { ...headers, 'content-type': body.contentType, 'idempotency-key': key },
    payload: body.payload,
  });
}

async function verified(file: Buffer) {
  const res = await verify(file);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success, res.body).toBe(true);
  return res.json() as { totalAmount: number; fileDigest: string };
}

/** The message of a refusal (the error body). */
const err = (res: { json(): { error?: { message: string } } }) => res.json().error?.message;

const hammerCode = () => `SKU-${String(hammer20).padStart(6, '0')}`;

describe('verify (spec 3 §5, §8)', () => {
  it('names each bad row with the spec words, and the sheet row number', async () => {
    const file = await xlsx([
      row('CEM-40', 2, 230),
      row('', 1, 230),
      row(hammerCode(), 0, 400),
      row('CEM-40', 1, 'abc'),
    ]);
    const res = await verify(file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Data verification failed:',
      problems: ['Row 3: Secondary ID is missing', 'Row 4: Invalid quantity', 'Row 5: Invalid discounted price'],
    });
  });

  it('lists the secondary IDs no product of the seller has', async () => {
    const res = await verify(csv([row('CEM-40', 1, 230), row('NOPE-1', 1, 10), row('NOPE-2', 1, 10)]));
    expect(res.json()).toMatchObject({
      success: false,
      message: '2 product(s) could not be matched. Unmatched secondary IDs: NOPE-1, NOPE-2.',
    });
    // Another seller's code is not this seller's product.
    const other = await verify(csv([row('CEM-40', 1, 230)]), otherSellerId);
    expect(other.json().message).toBe('1 product(s) could not be matched. Unmatched secondary IDs: CEM-40.');
  });

  it('needs data and a seller ID', async () => {
    expect((await verify(await xlsx([]))).json().message).toBe('No data to verify. Please upload a file first.');
    expect((await verify(csv([row('CEM-40', 1, 230)]), '')).json().message).toBe('Seller ID cannot be empty');
  });

  it('verifies a good file: count, total and the file digest', async () => {
    const res = await verify(await xlsx([row('CEM-40', 2, 230.5), row(hammerCode(), 1, '1,000.00')]));
    expect(res.json()).toMatchObject({
      success: true,
      message: 'All 2 products verified successfully! You can now upload the data.',
      totalAmount: 2 * 23_050 + 100_000,
    });
    expect(res.json().fileDigest).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('bad files change nothing and say why', () => {
  const refusal = async (file: Buffer) => {
    const before = await countRows(t.app, 'orders');
    const res = await verify(file);
    expect(await countRows(t.app, 'orders')).toBe(before);
    return res;
  };

  it('a file that is not a spreadsheet, whatever its name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const res = await refusal(png);
    expect(res.statusCode).toBe(400);
    expect(err(res)).toBe('This file is not a spreadsheet. Please upload an .xlsx or .csv file.');
    // A zip that is not a workbook.
    const zip = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(40)]);
    expect(err(await refusal(zip))).toBe('This file is not a spreadsheet. Please upload an .xlsx or .csv file.');
    // A workbook damaged inside (its directory intact): refused, and the server answers the next call.
    const damaged = await xlsx([row('CEM-40', 1, 230)]);
    damaged.fill(0, 60, Math.min(damaged.length - 200, 2000));
    expect(err(await refusal(damaged))).toBe('This file is not a spreadsheet. Please upload an .xlsx or .csv file.');
    expect((await verify(csv([row('CEM-40', 1, 230)]))).json().success).toBe(true);
    // Text with other columns.
    const text = await refusal(Buffer.from('hello,world\n1,2\n'));
    expect(err(text)).toMatch(/^The first row must be the template columns: CODE, PRODUCT, QTY/);
  });

  it('a 20 MB file', async () => {
    const res = await refusal(Buffer.alloc(20 * 1024 * 1024, 'a'));
    expect(res.statusCode).toBe(413);
    expect(err(res)).toBe('This file is larger than 5 MB. Please split the sale into smaller files.');
  });

  it('50,000 rows', async () => {
    const rows = Array.from({ length: 50_000 }, () => row('CEM-40', 1, 230));
    const res = await refusal(csv(rows));
    expect(res.statusCode).toBe(400);
    expect(err(res)).toBe('This file has more than 10,000 rows. Please split the sale into smaller files.');
  });

  it('formulas', async () => {
    const file = await xlsx([row('CEM-40', 2, 230)], (sheet) => {
      sheet.getCell('G2').value = { formula: 'C2*E2', result: 460 } as ExcelJS.CellFormulaValue;
    });
    const res = await refusal(file);
    expect(res.statusCode).toBe(400);
    expect(err(res)).toBe(
      'This file contains formulas (first at G2). Please paste the values only and upload it again.',
    );
    expect(err(await refusal(Buffer.from(`${importColumns.join(',')}\nCEM-40,x,1,1,=1+1,1,1,1\n`)))).toMatch(
      /formulas \(first at E2\)/,
    );
  });

  it('an empty sheet', async () => {
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('Sales');
    const res = await refusal(Buffer.from(await empty.xlsx.writeBuffer()));
    expect(err(res)).toBe('The sheet is empty. Please fill in the template and upload it again.');
  });
});

describe('import (spec 3 §7 "import orders")', () => {
  it('places one real order: stock committed through the ledger, seen by the buyer', async () => {
    const file = await xlsx([row('CEM-40', 2, 230), row(hammerCode(), 1, 400)]);
    const { totalAmount, fileDigest } = await verified(file);
    const cementBefore = await stockOf(t.app, cement);
    const data = {
      totalAmount,
      customerID: buyerId,
      sellerID: sellerId,
      shippingMethod: 'pickup',
      hasVoucher: false,
      voucherCode: '',
      agentCode: '',
      fileDigest,
    };
    const key = randomUUID();
    const res = await submit(file, data, key);
    expect(res.statusCode, res.body).toBe(200);
    const reference = res.json().referenceNo as string;
    expect(res.json().message).toBe(
      `Order has been successfully imported. Reference No.: ${reference}. This page will auto refresh in 15 seconds.`,
    );
    expect(await stockOf(t.app, cement)).toBe(cementBefore - 2);
    const moves = await t.app.db.select().from(stockMovements).where(eq(stockMovements.reference, reference));
    expect(moves.map((m) => [m.productId, m.kind, m.quantity]).sort()).toEqual(
      [
        [cement, 'commit', -2],
        [hammer20, 'commit', -1],
      ].sort(),
    );
    const [order] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
    expect(order).toMatchObject({ customerId: buyerId, sellerId, subtotal: 86_000, total: 86_000, status: 'Pending' });
    const items = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.map((i) => [i.productId, i.unitPrice, i.quantity]).sort()).toEqual(
      [
        [cement, 23_000, 2],
        [hammer20, 40_000, 1],
      ].sort(),
    );

    // The buyer's MY ORDERS lists it.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: bearer(await tokenFor(t.app, { id: buyerId })),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.body).toContain(reference);

    // The same import again (a double click, a retry): the same answer, one order, stock taken once.
    const again = await submit(file, data, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().referenceNo).toBe(reference);
    expect(await countRows(t.app, 'orders', sql`reference = ${reference}`)).toBe(1);
    expect(await stockOf(t.app, cement)).toBe(cementBefore - 2);
    // Two at once: still one order.
    const key2 = randomUUID();
    const [a, b] = await Promise.all([submit(file, data, key2), submit(file, data, key2)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().referenceNo).toBe(b.json().referenceNo);
    expect(await stockOf(t.app, cement)).toBe(cementBefore - 4);
  });

  it('refuses a file other than the verified one, a wrong total, and short stock, changing nothing', async () => {
    const file = await xlsx([row('CEM-40', 1, 230)]);
    const { totalAmount, fileDigest } = await verified(file);
    const base = {
      totalAmount,
      customerID: buyerId,
      sellerID: sellerId,
      shippingMethod: 'standard',
      hasVoucher: false,
      fileDigest,
    };
    const before = await countRows(t.app, 'orders');
    const other = await submit(await xlsx([row('CEM-40', 2, 230)]), base);
    expect(err(other)).toBe('Please verify this file before uploading it.');
    const wrongTotal = await submit(file, { ...base, totalAmount: 1 });
    expect(err(wrongTotal)).toBe('The total ₱0.01 does not match the file, whose rows add up to ₱230.00.');
    const big = await xlsx([row(hammerCode(), 99, 400)]);
    const bigVerified = await verified(big);
    const short = await submit(big, { ...base, ...bigVerified });
    expect(short.statusCode).toBe(409);
    expect(err(short)).toContain('Claw Hammer');
    expect(await countRows(t.app, 'orders')).toBe(before);
  });

  it('applies the voucher by the checkout rules (discount, one use) and the agent', async () => {
    const voucher = await insertVoucher(t.app, { code: 'IMPORT100', amount: 10_000, usageLimit: 1 });
    const file = await xlsx([row('CEM-40', 1, 230)]);
    const { totalAmount, fileDigest } = await verified(file);
    const data = {
      totalAmount,
      customerID: agentBuyerId,
      sellerID: sellerId,
      shippingMethod: 'standard',
      hasVoucher: true,
      voucherCode: 'IMPORT100',
      agentCode: '',
      fileDigest,
    };
    const res = await submit(file, data);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 13_000, voucherDiscount: 10_000, agentCode });
    const [used] = await t.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(used!.usedCount).toBe(1);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.reference, res.json().referenceNo));
    expect(order).toMatchObject({ voucherDiscount: 10_000, total: 13_000, agentCode });
    // Used up: the next import with it is refused, nothing placed.
    const before = await countRows(t.app, 'orders');
    const second = await submit(file, data);
    expect(second.statusCode).toBe(422);
    expect(await countRows(t.app, 'orders')).toBe(before);
    // An agent code that is not the customer's agent, or no agent at all.
    const wrongAgent = await submit(file, { ...data, hasVoucher: false, agentCode: 'AG-NOBODY' });
    expect(err(wrongAgent)).toBe(`Agent code AG-NOBODY is not the customer's agent (${agentCode}).`);
    const unknown = await submit(file, { ...data, customerID: buyerId, hasVoucher: false, agentCode: 'AG-NOBODY' });
    expect(err(unknown)).toBe('Agent code AG-NOBODY was not found.');
    expect(await countRows(t.app, 'orders')).toBe(before);
  });

  it('is for administrators only', async () => {
    const file = await xlsx([row('CEM-40', 1, 230)]);
    const anonymous = await verify(file, sellerId, {});
    expect(anonymous.statusCode).toBe(401);
    const buyer = await createUser(t.app, { isCompletedProfile: true });
    const asBuyer = await verify(file, sellerId, bearer(await tokenFor(t.app, buyer)));
    expect([401, 403]).toContain(asBuyer.statusCode);
    const placed = await submit(file, {}, randomUUID(), bearer(await tokenFor(t.app, buyer)));
    expect([401, 403]).toContain(placed.statusCode);
  });
});
