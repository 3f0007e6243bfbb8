import { messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLines, orderEvents, orders, products, vouchers } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { createUser, mailsTo } from '../../test/factories.ts';
import {
  buyerWithCart,
  delivery,
  insertCreditLine,
  insertVoucher,
  placeOrder,
  pngBytes,
  stockOf,
} from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { moveOrder, nextStatuses, type OrderActor } from './lifecycle.ts';

const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let sellerId: number;
let otherSellerId: number;
let productId: number;
let admin: OrderActor;
let seller: OrderActor;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 2, 'CEMENT');
  const owner = await createUser(t.app, { role: 'seller' });
  sellerId = (await insertSeller(t.app)).id;
  otherSellerId = (await insertSeller(t.app)).id;
  productId = (await insertProduct(t.app, { sellerId, categoryId: 2, name: 'Portland Cement', stock: 100 })).id;
  admin = { role: 'admin', userId: (await createUser(t.app, { role: 'admin' })).id };
  seller = { role: 'seller', userId: owner.id, sellerId };
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

async function order(method: string, type: Parameters<typeof delivery>[0] = 'standard', quantity = 4) {
  const b = await buyerWithCart(t.app, [{ productId, quantity }]);
  const files = method === 'bank_transfer' ? { proof_of_payment: { bytes: await pngBytes() } } : undefined;
  const res = await placeOrder(
    t.app,
    b.headers,
    { cart_item_ids: b.cartItemIds, ...delivery(type), payment_method: method },
    { files },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { buyer: b.user, reference: res.json().orders[0].reference as string };
}

async function statusOf(reference: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  return row!;
}

describe('moving an order forward', () => {
  it('walks a COD order from Pending to Delivered, stamping each step, auditing it and emailing the buyer', async () => {
    const { buyer, reference } = await order('cod');
    for (const to of ['Verified', 'For Preparation', 'For Delivery', 'Delivered'] as const) {
      await moveOrder(t.app, { reference, to, actor: seller });
    }
    const row = await statusOf(reference);
    expect(row.status).toBe('Delivered');
    expect(row.verifiedAt && row.preparationAt && row.deliveryAt && row.deliveredAt).toBeTruthy();
    const events = await t.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(events.filter((e) => e.actorUserId === seller.userId).map((e) => e.status)).toEqual([
      'Verified',
      'For Preparation',
      'For Delivery',
      'Delivered',
    ]);
    const subjects = (await mailsTo(t.app, buyer.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Your Tibay order ${reference} has been verified`,
        `Your Tibay order ${reference} is being prepared`,
        `Your Tibay order ${reference} is out for delivery`,
        `Your Tibay order ${reference} has been delivered`,
      ]),
    );
    const [product] = await t.app.db.select().from(products).where(eq(products.id, productId));
    expect(product!.soldCount).toBeGreaterThanOrEqual(4);
  });

  it('refuses to skip, go back or repeat a step', async () => {
    const { reference } = await order('cod');
    await expect(moveOrder(t.app, { reference, to: 'For Delivery', actor: admin })).rejects.toMatchObject({
      statusCode: 422,
      message: 'An order that is Pending cannot be moved to For Delivery.',
    });
    await moveOrder(t.app, { reference, to: 'Verified', actor: admin });
    await expect(moveOrder(t.app, { reference, to: 'Verified', actor: admin })).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(moveOrder(t.app, { reference, to: 'Pending', actor: admin })).rejects.toMatchObject({
      statusCode: 422,
    });
    expect((await statusOf(reference)).status).toBe('Verified');
  });

  it('ends a pick-up order with Received, never For Delivery', async () => {
    const { reference } = await order('cod', 'pickup');
    await moveOrder(t.app, { reference, to: 'Verified', actor: seller });
    await moveOrder(t.app, { reference, to: 'For Preparation', actor: seller });
    expect(nextStatuses(await statusOf(reference), 'seller')).toEqual(['Received', 'Denied']);
    await expect(moveOrder(t.app, { reference, to: 'For Delivery', actor: seller })).rejects.toMatchObject({
      message: messages.orderIsPickup,
    });
    await moveOrder(t.app, { reference, to: 'Received', actor: seller });
    expect((await statusOf(reference)).status).toBe('Received');
  });

  it('leaves payment verification to administrators (a seller verifies only COD)', async () => {
    const { reference } = await order('bank_transfer');
    await expect(moveOrder(t.app, { reference, to: 'Verified', actor: seller })).rejects.toMatchObject({
      message: messages.orderVerifiedByAdmin,
    });
    await moveOrder(t.app, { reference, to: 'Verified', actor: admin });
    expect((await statusOf(reference)).status).toBe('Verified');
  });

  it("hides another seller's order as not found", async () => {
    const { reference } = await order('cod');
    const stranger: OrderActor = { role: 'seller', userId: seller.userId, sellerId: otherSellerId };
    await expect(moveOrder(t.app, { reference, to: 'Verified', actor: stranger })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await statusOf(reference)).status).toBe('Pending');
  });
});

describe('denying an order', () => {
  it('needs a reason', async () => {
    const { reference } = await order('cod');
    await expect(moveOrder(t.app, { reference, to: 'Denied', actor: admin, reason: '  ' })).rejects.toMatchObject({
      statusCode: 400,
      message: messages.denyReasonRequired,
    });
  });

  it('gives back the stock, the credit and the voucher use, once', async () => {
    const stockBefore = await stockOf(t.app, productId);
    const b = await buyerWithCart(t.app, [{ productId, quantity: 5 }]);
    const line = await insertCreditLine(t.app, { customerId: b.user.id, kind: 'buildcredit', balance: 100_000_000 });
    await insertVoucher(t.app, { code: 'DENYME', amount: 5_000, usageLimit: 1 });
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'build_credit',
      voucher_code: 'DENYME',
    });
    expect(res.statusCode, res.body).toBe(200);
    const reference = res.json().orders[0].reference as string;
    expect(await stockOf(t.app, productId)).toBe(stockBefore - 5);

    await moveOrder(t.app, { reference, to: 'Denied', actor: seller, reason: 'Out of delivery area' });
    const row = await statusOf(reference);
    expect(row.status).toBe('Denied');
    expect(row.denyReason).toBe('Out of delivery area');
    expect(await stockOf(t.app, productId)).toBe(stockBefore);
    const [credit] = await t.app.db.select().from(creditLines).where(eq(creditLines.id, line.id));
    expect(credit!.balance).toBe(100_000_000);
    const [voucher] = await t.app.db.select().from(vouchers).where(eq(vouchers.code, 'DENYME'));
    expect(voucher!.usedCount).toBe(0);

    await expect(moveOrder(t.app, { reference, to: 'Denied', actor: admin, reason: 'again' })).rejects.toMatchObject({
      statusCode: 422,
    });
    expect(await stockOf(t.app, productId)).toBe(stockBefore);
  });
});
