import { adminMessages, purchasingMessages } from '@tibay/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, purchaseOrders, suppliers, warehouses } from '../../db/schema/index.ts';
import { APP_START_TIMEOUT, bearer, createUser, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminHeaders, headersOf, purchasingWorld } from './purchasing-fixtures.ts';

let t: TestApp;
let as: Record<string, string>;
let otherAdmin: Record<string, string>;
let world: Awaited<ReturnType<typeof purchasingWorld>>;
let supplierId: number;

beforeAll(async () => {
  t = await createTestApp();
  world = await purchasingWorld(t.app);
  as = headersOf(await adminHeaders(t.app));
  otherAdmin = headersOf(await adminHeaders(t.app));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/suppliers',
    headers: as,
    payload: { supplier_name: 'Holcim Philippines', contact_person: 'Ana Cruz', phone: '0288881234' },
  });
  expect(created.statusCode, created.body).toBe(201);
  supplierId = created.json().id;
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

function requestPo(payload: object, headers = as) {
  return t.app.inject({ method: 'POST', url: '/api/v1/admin/purchase-orders', headers, payload });
}

function validPo() {
  return {
    supplierId,
    sellerCompanyId: world.seller.id,
    orderDate: '2026-11-20',
    remarks: 'Rush: site in Pasig',
    poItems: [
      { productId: world.cement, quantity: 100, unitPrice: 21_050 },
      { productId: world.hammer20, quantity: 5, unitPrice: 30_000 },
    ],
  };
}

function decide(id: number, approvalStatus: string, headers = as) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/purchase-orders/${id}/decision`,
    headers,
    payload: { approvalStatus, remarks: '' },
  });
}

describe('access', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/v1/admin/suppliers'],
    ['POST', '/api/v1/admin/suppliers'],
    ['PUT', '/api/v1/admin/suppliers/1'],
    ['GET', '/api/v1/admin/warehouses'],
    ['POST', '/api/v1/admin/warehouses'],
    ['PUT', '/api/v1/admin/warehouses/1'],
    ['GET', '/api/v1/admin/purchasing/sellers'],
    ['GET', '/api/v1/admin/purchasing/sellers/1/products'],
    ['GET', '/api/v1/admin/purchase-orders'],
    ['POST', '/api/v1/admin/purchase-orders'],
    ['GET', '/api/v1/admin/purchase-orders/approvals'],
    ['GET', '/api/v1/admin/purchase-orders/available'],
    ['GET', '/api/v1/admin/purchase-orders/1'],
    ['POST', '/api/v1/admin/purchase-orders/1/decision'],
    ['GET', '/api/v1/admin/purchase-receives'],
    ['POST', '/api/v1/admin/purchase-receives'],
    ['GET', '/api/v1/admin/inventory-report?startDate=2026-11-01&endDate=2026-11-30'],
    ['GET', '/api/v1/admin/inventory-report/categories'],
    ['GET', '/api/v1/admin/back-office/summary'],
  ];

  it('refuses every route to guests (401) and to buyers and sellers (403), changing nothing', async () => {
    const buyer = await createUser(t.app);
    const seller = await createUser(t.app, { role: 'seller' });
    const before = await t.app.db.select().from(suppliers);
    for (const [method, url] of routes) {
      const payload = method === 'GET' ? undefined : { supplier_name: 'Sneaky', name: 'Sneaky' };
      const guest = await t.app.inject({ method: method as 'GET', url, payload });
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      expect(guest.json().error.message).toBe(adminMessages.notAuthorized);
      for (const user of [buyer, seller]) {
        const refused = await t.app.inject({
          method: method as 'GET',
          url,
          payload,
          headers: bearer(await tokenFor(t.app, user)),
        });
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(await t.app.db.select().from(suppliers)).toEqual(before);
    expect(await t.app.db.select().from(warehouses).where(eq(warehouses.name, 'Sneaky'))).toEqual([]);
  });
});

describe('suppliers and warehouses', () => {
  it('lists, creates and edits suppliers and warehouses; names are unique; changes are audited', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/suppliers', headers: as });
    expect(list.json().items.map((s: { supplier_name: string }) => s.supplier_name)).toContain('Holcim Philippines');

    const twin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/suppliers',
      headers: as,
      payload: { supplier_name: 'holcim philippines' },
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.fields).toEqual({ supplier_name: purchasingMessages.supplierTaken });

    const blank = await t.app.inject({ method: 'POST', url: '/api/v1/admin/warehouses', headers: as, payload: {} });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.name).toBe(purchasingMessages.nameRequired);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/warehouses',
      headers: as,
      payload: { name: 'Valenzuela DC', address: 'Km 14 MacArthur Hwy' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/warehouses/${created.json().id}`,
      headers: as,
      payload: { name: 'Valenzuela Warehouse', address: 'Km 14 MacArthur Hwy' },
    });
    expect(edited.json()).toMatchObject({ name: 'Valenzuela Warehouse' });
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/suppliers/999999',
      headers: as,
      payload: { supplier_name: 'Ghost' },
    });
    expect(missing.statusCode).toBe(404);

    const audited = await t.app.db.select().from(auditLog).where(like(auditLog.action, 'warehouse_%'));
    expect(audited.map((row) => row.action)).toEqual(['warehouse_created', 'warehouse_updated']);
  });

  it("lists the sellers by company name and a seller's stock-keeping products with their price", async () => {
    const sellers = await t.app.inject({ method: 'GET', url: '/api/v1/admin/purchasing/sellers', headers: as });
    expect(sellers.json().items.map((s: { company_name: string }) => s.company_name)).toEqual([
      'Another Hardware',
      'Bakal Pro Trading',
    ]);
    const products = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/purchasing/sellers/${world.seller.id}/products`,
      headers: as,
    });
    // The hammer itself has variations: its variations are what stock is kept on.
    expect(products.json().items).toEqual([
      { id: world.hammer16, menu: 'Claw Hammer - 16 oz', price: 35_000 },
      { id: world.hammer20, menu: 'Claw Hammer - 20 oz', price: 42_000 },
      { id: world.cement, menu: 'Portland Cement 40kg', price: 24_500 },
    ]);
  });
});

describe('purchase order request', () => {
  it('creates a Pending PO with a reference number and its lines, totals in centavos', async () => {
    const created = await requestPo(validPo());
    expect(created.statusCode, created.body).toBe(201);
    const po = created.json();
    expect(po.po_reference_no).toMatch(/^PO\d{8}\d{6}$/);
    expect(po).toMatchObject({
      status: 'Pending',
      order_date: '2026-11-20',
      remarks: 'Rush: site in Pasig',
      supplier: { id: supplierId, supplier_name: 'Holcim Philippines' },
      seller_company: { id: world.seller.id, company_name: 'Bakal Pro Trading' },
      total_amount: 100 * 21_050 + 5 * 30_000,
    });
    expect(po.purchase_order_details).toMatchObject([
      { product_id: world.cement, quantity: 100, quantity_balance: 100, unit_price: 21_050, total_amount: 2_105_000 },
      { product: { menu: 'Claw Hammer - 20 oz' }, quantity: 5, unit_price: 30_000, total_amount: 150_000 },
    ]);
  });

  it('refuses a request missing any required field, with the field and its message, writing nothing', async () => {
    const before = (await t.app.db.select().from(purchaseOrders)).length;
    const cases: Array<[object, string, string]> = [
      [{ supplierId: undefined }, 'supplierId', purchasingMessages.supplierRequired],
      [{ sellerCompanyId: null }, 'sellerCompanyId', purchasingMessages.sellerRequired],
      [{ orderDate: '' }, 'orderDate', purchasingMessages.orderDateRequired],
      [{ poItems: [] }, 'poItems', purchasingMessages.linesRequired],
      [{ poItems: [{ quantity: 1, unitPrice: 100 }] }, 'poItems.0.productId', purchasingMessages.productRequired],
      [
        { poItems: [{ productId: world.cement, quantity: 0, unitPrice: 100 }] },
        'poItems.0.quantity',
        purchasingMessages.quantityRequired,
      ],
      [
        { poItems: [{ productId: world.cement, quantity: 1.5, unitPrice: 100 }] },
        'poItems.0.quantity',
        purchasingMessages.wholeUnits,
      ],
      [
        { poItems: [{ productId: world.cement, quantity: 2 }] },
        'poItems.0.unitPrice',
        purchasingMessages.unitPriceRequired,
      ],
      [
        { poItems: [{ productId: world.foreign, quantity: 2, unitPrice: 1 }] },
        'poItems.0.productId',
        purchasingMessages.productNotSellers,
      ],
      [
        { poItems: [{ productId: world.hammerRoot, quantity: 2, unitPrice: 1 }] },
        'poItems.0.productId',
        purchasingMessages.productNotSellers,
      ],
      [
        {
          poItems: [
            { productId: world.cement, quantity: 2, unitPrice: 1 },
            { productId: world.cement, quantity: 1, unitPrice: 1 },
          ],
        },
        'poItems.1.productId',
        purchasingMessages.productRepeated,
      ],
      [{ supplierId: 999_999 }, 'supplierId', purchasingMessages.supplierNotFound],
    ];
    for (const [change, field, message] of cases) {
      const refused = await requestPo({ ...validPo(), ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().error.fields[field], JSON.stringify(change)).toBe(message);
    }
    const unknownField = await requestPo({ ...validPo(), total: 1 });
    expect(unknownField.statusCode).toBe(400);
    expect((await t.app.db.select().from(purchaseOrders)).length).toBe(before);
  });
});

describe('purchase order approvals', () => {
  it('lists Pending POs; approving one moves it to Approved once, and a second decision is refused', async () => {
    const po = (await requestPo(validPo())).json();
    const approvals = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/purchase-orders/approvals',
      headers: as,
    });
    const pending = approvals.json().items as Array<{ id: number; status: string }>;
    expect(pending.find((row) => row.id === po.id)?.status).toBe('Pending');
    expect(pending.every((row) => row.status === 'Pending')).toBe(true);

    const approved = await decide(po.id, 'Approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ success: true, data: { result: { id: po.id, status: 'Approved' } } });
    expect(approved.json().data.result.decided_at).not.toBeNull();

    const again = await decide(po.id, 'Rejected');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(purchasingMessages.alreadyDecided.replace('{status}', 'approved'));
    expect((await t.app.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, po.id)))[0]?.status).toBe(
      'Approved',
    );
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/admin/purchase-orders/approvals', headers: as });
    expect(after.json().items.map((row: { id: number }) => row.id)).not.toContain(po.id);
    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'purchase_order_approved')));
    expect(audited.some((row) => (row.detail as { id: number }).id === po.id)).toBe(true);
  });

  it('two administrators deciding the same PO at once: one decision, the other told it was already decided', async () => {
    for (let round = 0; round < 3; round += 1) {
      const po = (await requestPo(validPo())).json();
      const [first, second] = await Promise.all([decide(po.id, 'Approved', as), decide(po.id, 'Rejected', otherAdmin)]);
      const codes = [first.statusCode, second.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const winner = first.statusCode === 200 ? first : second;
      const loser = first.statusCode === 200 ? second : first;
      const status = winner.json().data.result.status as string;
      expect(loser.json().error.message).toBe(
        purchasingMessages.alreadyDecided.replace('{status}', status.toLowerCase()),
      );
      const decisions = await t.app.db.select().from(auditLog).where(like(auditLog.action, 'purchase_order_%ed'));
      expect(
        decisions.filter(
          (row) => (row.detail as { id: number }).id === po.id && row.action !== 'purchase_order_created',
        ),
      ).toHaveLength(1);
    }
  });

  it('rejects a PO; a rejected PO is never available to receive; unknown POs are 404', async () => {
    const po = (await requestPo(validPo())).json();
    const rejected = await decide(po.id, 'Rejected');
    expect(rejected.json().data.result.status).toBe('Rejected');
    const available = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/purchase-orders/available',
      headers: as,
    });
    expect(available.json().items.map((row: { id: number }) => row.id)).not.toContain(po.id);
    expect((await decide(999_999, 'Approved')).statusCode).toBe(404);
    const wrong = await decide(po.id, 'Maybe');
    expect(wrong.statusCode).toBe(400);
  });
});

describe('back office summary', () => {
  it('counts the POs to decide and to receive, and lists the products running low, fewest first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/back-office/summary', headers: as });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const pending = (await t.app.db.select().from(purchaseOrders).where(eq(purchaseOrders.status, 'Pending'))).length;
    const approved = (await t.app.db.select().from(purchaseOrders).where(eq(purchaseOrders.status, 'Approved'))).length;
    expect(body.pending_purchase_orders).toBe(pending);
    expect(body.purchase_orders_to_receive).toBe(approved);
    // At most 10 units is low: the 16 oz hammer (0), the 20 oz (3), the other seller's cement (5), 10 bags of cement.
    expect(body.low_stock.map((row: { productName: string; stock: number }) => [row.productName, row.stock])).toEqual([
      ['Claw Hammer - 16 oz', 0],
      ['Claw Hammer - 20 oz', 3],
      ['Other Cement', 5],
      ['Portland Cement 40kg', 10],
    ]);
  });
});
