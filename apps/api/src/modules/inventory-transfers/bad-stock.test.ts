import { badStockMessages as messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditLines, orderEvents, orders, payments, stockMovements } from '../../db/schema/index.ts';
import { adminHeaders, headersOf } from '../../test/admin-support.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, bearer, tokenFor } from '../../test/factories.ts';
import { buyerWithCart, delivery, insertCreditLine, placeOrder, pngBytes, stockOf } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Bad stock transfer (spec 3 §2.4, §5, §8; decision 0041). */

let t: TestApp;
let as: Record<string, string>;
let productId: number;
let reference: string;
let buyer: Awaited<ReturnType<typeof buyerWithCart>>;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 2, 'CEMENT');
  const seller = await insertSeller(t.app, { name: 'Bakal Pro Trading' });
  productId = (
    await insertProduct(t.app, {
      sellerId: seller.id,
      categoryId: 2,
      name: 'Portland Cement 40kg',
      price: 24_500,
      stock: 20,
    })
  ).id;
  as = headersOf(await adminHeaders(t.app));
  buyer = await buyerWithCart(t.app, [{ productId, quantity: 3 }]);
  const placed = await placeOrder(
    t.app,
    buyer.headers,
    { cart_item_ids: buyer.cartItemIds, ...delivery(), payment_method: 'bank_transfer' },
    { files: { proof_of_payment: { bytes: await pngBytes() } } },
  );
  expect(placed.statusCode, placed.body).toBe(200);
  reference = placed.json().orders[0].reference;
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

const orderRow = async () => (await t.app.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;
const paymentOf = async (checkoutId: number) =>
  (await t.app.db.select().from(payments).where(eq(payments.checkoutId, checkoutId)))[0]!;
const transfer = (payload: Record<string, unknown>, headers = as) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/bad-stock/transfers', headers, payload });

describe('finding the order', () => {
  it('searches orders by reference and says when none match', async () => {
    const found = await t.app.inject({
      url: `/api/v1/admin/bad-stock/orders?query=${reference.slice(-6)}`,
      headers: as,
    });
    expect(found.json().results).toEqual([
      {
        id: expect.any(Number),
        reference_no: reference,
        total_amount: (await orderRow()).total,
        name: expect.any(String),
      },
    ]);
    const none = await t.app.inject({ url: '/api/v1/admin/bad-stock/orders?query=NOSUCHREF', headers: as });
    expect(none.json().results).toEqual([]);
  });

  it("shows the order's items with quantity, unit price and sum", async () => {
    const res = await t.app.inject({ url: `/api/v1/admin/bad-stock/orders/${reference}`, headers: as });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_details).toEqual([
      {
        id: expect.any(Number),
        product_id: productId,
        name: 'Portland Cement 40kg',
        quantity: 3,
        transferable: 3,
        price: 24_500,
        amount: 73_500,
      },
    ]);
    expect((await t.app.inject({ url: '/api/v1/admin/bad-stock/orders/ORD000', headers: as })).statusCode).toBe(404);
  });
});

describe('the transfer', () => {
  it('refuses a quantity, amount or updated total out of bounds, changing nothing', async () => {
    const form = (await t.app.inject({ url: `/api/v1/admin/bad-stock/orders/${reference}`, headers: as })).json();
    const line = form.order_details[0];
    const total = form.total_amount as number;
    const valid = {
      transferQuantity: 1,
      transferAmount: 24_500,
      orderFormDetailId: line.id,
      productId,
      updatedOrderTotal: total - 24_500,
      orderReference: reference,
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, transferQuantity: 0 }, messages.quantityAboveZero],
      [{ ...valid, transferQuantity: -1 }, messages.quantityAboveZero],
      [{ ...valid, transferQuantity: 4 }, 'Enter a quantity above 0 and at most 3.'],
      [{ ...valid, transferAmount: -1 }, messages.amountMin],
      [
        { ...valid, updatedOrderTotal: total + 1 },
        messages.totalRange.replace(
          '{total}',
          `₱${(total / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`,
        ),
      ],
      [{ ...valid, updatedOrderTotal: -1 }, 'The updated total must be 0 or more.'],
      [{ ...valid, productId: productId + 999 }, messages.itemNotOnOrder],
      [{ ...valid, orderReference: 'ORD000' }, messages.orderNotFound],
    ];
    const stock = await stockOf(t.app, productId);
    for (const [payload, message] of cases) {
      const res = await transfer(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message, JSON.stringify(payload)).toBe(message);
    }
    expect((await orderRow()).total).toBe(total);
    expect(await stockOf(t.app, productId)).toBe(stock);
    expect(await t.app.db.select().from(stockMovements).where(eq(stockMovements.kind, 'bad_stock'))).toEqual([]);
    // Buyers are refused too.
    expect((await transfer(valid, bearer(await tokenFor(t.app, buyer.user)))).statusCode).toBe(403);
    expect((await orderRow()).total).toBe(total);
  });

  it("records the bad stock in the ledger and lowers the order's total and its pending payment, audited", async () => {
    const before = await orderRow();
    const payment = await paymentOf(before.checkoutId);
    const stock = await stockOf(t.app, productId);
    const form = (await t.app.inject({ url: `/api/v1/admin/bad-stock/orders/${reference}`, headers: as })).json();
    const res = await transfer({
      transferQuantity: 2,
      transferAmount: 49_000,
      orderFormDetailId: form.order_details[0].id,
      productId,
      updatedOrderTotal: before.total - 49_000,
      orderReference: reference,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({
      quantity: 2,
      amount: 49_000,
      original_total: before.total,
      updated_total: before.total - 49_000,
      order_form_details: { total_amount: before.total - 49_000, order_details: [{ transferable: 1 }] },
    });
    expect((await orderRow()).total).toBe(before.total - 49_000);
    expect((await paymentOf(before.checkoutId)).amount).toBe(payment.amount - 49_000);
    // The units leave the order and are set aside: the seller's stock does not change, the ledger says bad stock.
    expect(await stockOf(t.app, productId)).toBe(stock);
    const moved = await t.app.db.select().from(stockMovements).where(eq(stockMovements.reference, reference));
    expect(moved.map((m) => [m.kind, m.quantity])).toEqual(
      expect.arrayContaining([
        ['release', 2],
        ['bad_stock', -2],
      ]),
    );
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'bad_stock_transferred'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ orderReference: reference, quantity: 2, balance: 'pending_payment' });
    const events = await t.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, before.id));
    expect(events.some((e) => e.note?.startsWith('Bad stock: 2 × Portland Cement 40kg'))).toBe(true);

    // Only the line's remaining unit can follow; the total may go down to 0 but no further.
    const over = await transfer({
      transferQuantity: 2,
      transferAmount: 0,
      orderFormDetailId: form.order_details[0].id,
      productId,
      updatedOrderTotal: 0,
      orderReference: reference,
    });
    expect(over.json().error.message).toBe('Enter a quantity above 0 and at most 1.');
    const last = await transfer({
      transferQuantity: 1,
      transferAmount: 0,
      orderFormDetailId: form.order_details[0].id,
      productId,
      updatedOrderTotal: 0,
      orderReference: reference,
    });
    expect(last.statusCode, last.body).toBe(201);
    expect((await orderRow()).total).toBe(0);
    expect((await paymentOf(before.checkoutId)).amount).toBe(Math.max(payment.amount - before.total, 0));
  });

  it('gives a credit line that paid the order the difference back', async () => {
    const b = await buyerWithCart(t.app, [{ productId, quantity: 2 }]);
    const line = await insertCreditLine(t.app, { customerId: b.user.id, kind: 'buildcredit', balance: 100_000_000 });
    const placed = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'build_credit',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const creditRef = placed.json().orders[0].reference as string;
    const balanceOf = async () =>
      (await t.app.db.select().from(creditLines).where(eq(creditLines.id, line.id)))[0]!.balance;
    const afterOrder = await balanceOf();
    const form = (await t.app.inject({ url: `/api/v1/admin/bad-stock/orders/${creditRef}`, headers: as })).json();
    const res = await transfer({
      transferQuantity: 1,
      transferAmount: 24_500,
      orderFormDetailId: form.order_details[0].id,
      productId,
      updatedOrderTotal: form.total_amount - 24_500,
      orderReference: creditRef,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balanceOf()).toBe(afterOrder + 24_500);
  });
});
