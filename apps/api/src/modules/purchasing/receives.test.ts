import { purchasingMessages } from '@tibay/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  products,
  purchaseOrderLines,
  purchaseOrders,
  purchaseReceives,
  stockMovements,
  warehouseStock,
} from '../../db/schema/index.ts';
import { APP_START_TIMEOUT } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminHeaders, headersOf, purchasingWorld } from './purchasing-fixtures.ts';

let t: TestApp;
let as: Record<string, string>;
let otherAdmin: Record<string, string>;
let world: Awaited<ReturnType<typeof purchasingWorld>>;
let supplierId: number;
let warehouseId: number;

beforeAll(async () => {
  t = await createTestApp();
  world = await purchasingWorld(t.app);
  as = headersOf(await adminHeaders(t.app));
  otherAdmin = headersOf(await adminHeaders(t.app));
  const supplier = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/suppliers',
    headers: as,
    payload: { supplier_name: 'Republic Cement' },
  });
  supplierId = supplier.json().id;
  const warehouse = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/warehouses',
    headers: as,
    payload: { name: 'Caloocan Warehouse' },
  });
  warehouseId = warehouse.json().id;
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

/** An approved PO for the cement (and the 20 oz hammer); returns it with its line ids. */
async function approvedPo(cementUnits: number, hammerUnits = 4) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/purchase-orders',
    headers: as,
    payload: {
      supplierId,
      sellerCompanyId: world.seller.id,
      orderDate: '2026-11-24',
      remarks: 'Deliver to the Caloocan warehouse',
      poItems: [
        { productId: world.cement, quantity: cementUnits, unitPrice: 21_000 },
        { productId: world.hammer20, quantity: hammerUnits, unitPrice: 30_000 },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const po = created.json();
  const decided = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/purchase-orders/${po.id}/decision`,
    headers: as,
    payload: { approvalStatus: 'Approved' },
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return {
    id: po.id as number,
    cementLine: po.purchase_order_details[0].id,
    hammerLine: po.purchase_order_details[1].id,
  };
}

function receive(purchaseOrderId: number, poItems: object[], headers = as) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/purchase-receives',
    headers,
    payload: {
      purchaseOrderId,
      receiveDate: '2026-11-25',
      deliveryRefNo: 'DR-7781',
      deliveryDate: '2026-11-25',
      warehouseId,
      remarks: 'Two bags torn',
      poItems,
    },
  });
}

const item = (purchaseOrderDetailId: number, quantityReceived: number, condition = 'Good') => ({
  purchaseOrderDetailId,
  quantityReceived,
  expiryDate: '2027-05-25',
  condition,
});

async function stockOf(productId: number) {
  const [row] = await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

async function storefrontStock(productId: number) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` });
  return response.json().product.stocks as number;
}

describe('purchase receives', () => {
  it('50 Good and 5 Damaged: 50 sellable units through the ledger, 5 bad in the warehouse, the balance drops', async () => {
    const po = await approvedPo(60);
    const before = await stockOf(world.cement);
    const shownBefore = await storefrontStock(world.cement);
    const received = await receive(po.id, [item(po.cementLine, 50), item(po.cementLine, 5, 'Damaged')]);
    expect(received.statusCode, received.body).toBe(201);
    const result = received.json();
    expect(result.success).toBe(true);
    expect(result.results.receive_reference_no).toMatch(/^PR\d{14}$/);
    expect(result.results).toMatchObject({
      receive_date: '2026-11-25',
      delivery_reference_no: 'DR-7781',
      delivery_date: '2026-11-25',
      warehouse: { id: warehouseId, name: 'Caloocan Warehouse' },
    });
    expect(result.results.purchase_receive_details).toMatchObject([
      {
        product: { id: world.cement, menu: 'Portland Cement 40kg' },
        quantity_received: 50,
        unit_price: 21_000,
        condition: 'Good',
      },
      { quantity_received: 5, condition: 'Damaged', expiry_date: '2027-05-25' },
    ]);

    expect(await stockOf(world.cement)).toBe(before + 50);
    expect(await storefrontStock(world.cement)).toBe(shownBefore + 50);
    const ledger = await t.app.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reference, result.results.receive_reference_no));
    expect(ledger.map((row) => [row.kind, row.quantity, row.warehouseId, row.productId])).toEqual([
      ['receive', 55, warehouseId, world.cement],
      ['bad_stock', -5, warehouseId, world.cement],
    ]);
    // The ledger and the stock figure agree.
    const all = await t.app.db.select().from(stockMovements).where(eq(stockMovements.productId, world.cement));
    expect(all.reduce((sum, row) => sum + row.quantity, 0)).toBe(await stockOf(world.cement));
    const [held] = await t.app.db
      .select()
      .from(warehouseStock)
      .where(and(eq(warehouseStock.warehouseId, warehouseId), eq(warehouseStock.productId, world.cement)));
    expect(held).toMatchObject({ good: 50, bad: 5 });
    const [line] = await t.app.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, po.cementLine));
    expect(line!.quantityBalance).toBe(5);
    const [order] = await t.app.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, po.id));
    expect(order!.status).toBe('Approved');
    const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'purchase_receive_created'));
    expect(audited).toHaveLength(1);

    const available = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/purchase-orders/available',
      headers: as,
    });
    const listed = available.json().items.find((row: { id: number }) => row.id === po.id);
    expect(listed.remarks).toBe('Deliver to the Caloocan warehouse');
    expect(listed.poItems).toEqual([
      expect.objectContaining({ id: po.cementLine, quantity: 60, quantity_balance: 5, unit_price: 21_000 }),
      expect.objectContaining({ id: po.hammerLine, quantity: 4, quantity_balance: 4 }),
    ]);
  });

  it("refuses more than the balance with 'Cannot receive more than available balance ({balance})', changing nothing", async () => {
    const po = await approvedPo(10);
    const before = await stockOf(world.cement);
    const receivesBefore = (await t.app.db.select().from(purchaseReceives)).length;
    const over = await receive(po.id, [item(po.hammerLine, 1), item(po.cementLine, 11)]);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toBe('Cannot receive more than available balance (10)');
    expect(over.json().error.fields).toEqual({
      'poItems.1.quantityReceived': 'Cannot receive more than available balance (10)',
    });
    // Two rows of one line count together: the second row may take only what the first left.
    const split = await receive(po.id, [item(po.cementLine, 6), item(po.cementLine, 5, 'Expired')]);
    expect(split.statusCode).toBe(422);
    expect(split.json().error.message).toBe('Cannot receive more than available balance (4)');
    expect(await stockOf(world.cement)).toBe(before);
    expect((await t.app.db.select().from(purchaseReceives)).length).toBe(receivesBefore);
  });

  it('two receipts of the last units at once: only one succeeds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const po = await approvedPo(8, 1);
      const before = await stockOf(world.cement);
      const [first, second] = await Promise.all([
        receive(po.id, [item(po.cementLine, 8)], as),
        receive(po.id, [item(po.cementLine, 8)], otherAdmin),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 422]);
      const refused = first.statusCode === 422 ? first : second;
      expect(refused.json().error.message).toBe(purchasingMessages.overBalance.replace('{balance}', '0'));
      expect(await stockOf(world.cement)).toBe(before + 8);
    }
  });

  it('closes the PO when nothing remains; Pending, Rejected and Closed POs cannot be received', async () => {
    const po = await approvedPo(3, 2);
    const done = await receive(po.id, [item(po.cementLine, 3), item(po.hammerLine, 2, 'Expired')]);
    expect(done.statusCode, done.body).toBe(201);
    const [order] = await t.app.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, po.id));
    expect(order!.status).toBe('Closed');
    const again = await receive(po.id, [item(po.cementLine, 1)]);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(purchasingMessages.poNotReceivable);
    const available = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/purchase-orders/available',
      headers: as,
    });
    expect(available.json().items.map((row: { id: number }) => row.id)).not.toContain(po.id);

    const pending = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/purchase-orders',
        headers: as,
        payload: {
          supplierId,
          sellerCompanyId: world.seller.id,
          orderDate: '2026-11-24',
          poItems: [{ productId: world.cement, quantity: 5, unitPrice: 100 }],
        },
      })
    ).json();
    const early = await receive(pending.id, [item(pending.purchase_order_details[0].id, 1)]);
    expect(early.statusCode).toBe(422);
  });

  it('refuses a receive missing a required field or naming a line of another PO', async () => {
    const po = await approvedPo(5);
    const other = await approvedPo(5);
    const base = {
      purchaseOrderId: po.id,
      receiveDate: '2026-11-25',
      deliveryRefNo: 'DR-1',
      deliveryDate: '2026-11-25',
      warehouseId,
      poItems: [item(po.cementLine, 1)],
    };
    const cases: Array<[object, string, string]> = [
      [{ purchaseOrderId: null }, 'purchaseOrderId', purchasingMessages.purchaseOrderRequired],
      [{ receiveDate: '' }, 'receiveDate', purchasingMessages.receiveDateRequired],
      [{ deliveryRefNo: '  ' }, 'deliveryRefNo', purchasingMessages.deliveryRefRequired],
      [{ deliveryDate: undefined }, 'deliveryDate', purchasingMessages.deliveryDateRequired],
      [{ warehouseId: undefined }, 'warehouseId', purchasingMessages.warehouseRequired],
      [{ poItems: [] }, 'poItems', purchasingMessages.itemsRequired],
      [
        { poItems: [{ ...item(po.cementLine, 1), purchaseOrderDetailId: null }] },
        'poItems.0.purchaseOrderDetailId',
        purchasingMessages.poItemRequired,
      ],
      [
        { poItems: [{ ...item(po.cementLine, 1), quantityReceived: undefined }] },
        'poItems.0.quantityReceived',
        purchasingMessages.receivedRequired,
      ],
      [
        { poItems: [{ ...item(po.cementLine, 1), expiryDate: '' }] },
        'poItems.0.expiryDate',
        purchasingMessages.expiryRequired,
      ],
      [
        { poItems: [{ ...item(po.cementLine, 1), condition: 'Wet' }] },
        'poItems.0.condition',
        purchasingMessages.conditionRequired,
      ],
      [{ poItems: [item(other.cementLine, 1)] }, 'poItems.0.purchaseOrderDetailId', purchasingMessages.poItemNotOnPo],
      [{ warehouseId: 999_999 }, 'warehouseId', purchasingMessages.warehouseNotFound],
    ];
    const before = await stockOf(world.cement);
    for (const [change, field, message] of cases) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/purchase-receives',
        headers: as,
        payload: { ...base, ...change },
      });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().error.fields[field], JSON.stringify(change)).toBe(message);
    }
    expect(await stockOf(world.cement)).toBe(before);
  });
});
