import { adminMessages, messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments, products } from '../../db/schema/index.ts';
import { mailsTo } from '../../test/factories.ts';
import { buyerWithCart, delivery, placeOrder, pngBytes } from '../checkout/test-support.ts';
import { dashboard, manilaDay } from './dashboard.service.ts';
import { adminCookie, csrf, productId, sellerId, sellerName, t, useAdminApp } from './test-support.ts';

/** Sales (every order of the marketplace), refunds and the dashboard. */

useAdminApp();

async function bankTransferOrder(options: { purchaseOrder?: boolean } = {}) {
  const buyer = await buyerWithCart(t.app, [{ productId, quantity: 3 }]);
  const png = await pngBytes();
  const res = await placeOrder(
    t.app,
    buyer.headers,
    { cart_item_ids: buyer.cartItemIds, ...delivery(), payment_method: 'bank_transfer' },
    {
      files: {
        proof_of_payment: { bytes: png },
        ...(options.purchaseOrder ? { po_attachment: { bytes: png } } : {}),
      },
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { buyer, reference: res.json().orders[0].reference as string };
}

async function orderRow(reference: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  return row!;
}

describe('sales', () => {
  it('verifies a bank-transfer order through the order life cycle, showing its proof and purchase order', async () => {
    const cookie = await adminCookie();
    const { buyer, reference } = await bankTransferOrder({ purchaseOrder: true });

    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/admin/orders/${reference}`, headers: cookie });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({
      reference,
      status: 'Pending',
      payment_method: 'bank_transfer',
      seller_id: sellerId,
      seller_name: sellerName,
      buyer_email: buyer.user.email,
      next: ['Verified', 'Denied'],
      proof_of_payment_url: `/api/v1/admin/orders/${reference}/proof-of-payment`,
      purchase_order_url: `/api/v1/admin/orders/${reference}/purchase-order`,
    });
    expect(body.items).toHaveLength(1);
    expect(body.timeline.map((e: { status: string }) => e.status)).toEqual(['Pending']);

    for (const kind of ['proof-of-payment', 'purchase-order']) {
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders/${reference}/${kind}`,
        headers: cookie,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }

    // State-changing calls need the CSRF header and a same-origin Origin.
    const noHeader = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${reference}/status`,
      headers: cookie,
      payload: { to: 'Verified' },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error.message).toBe(adminMessages.csrfMissing);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${reference}/status`,
      headers: { ...cookie, ...csrf, origin: 'https://evil.example' },
      payload: { to: 'Verified' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await orderRow(reference)).status).toBe('Pending');

    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${reference}/status`,
      headers: { ...cookie, ...csrf, origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { to: 'Verified' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'Verified', next: ['For Preparation', 'Denied'] });
    const row = await orderRow(reference);
    expect(row.status).toBe('Verified');
    expect(row.verifiedAt).toBeTruthy();
    expect((await mailsTo(t.app, buyer.user.email)).map((m) => m.subject)).toContain(
      `Your Tibay order ${reference} has been verified`,
    );

    // Only forward: verifying again is refused and changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${reference}/status`,
      headers: { ...cookie, ...csrf },
      payload: { to: 'Verified' },
    });
    expect(again.statusCode).toBe(422);
  });

  it('denies an order only with a reason, releasing its stock', async () => {
    const cookie = { ...(await adminCookie()), ...csrf };
    const [before] = await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    const { reference } = await bankTransferOrder();
    for (const reason of [undefined, '   ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${reference}/status`,
        headers: cookie,
        payload: { to: 'Denied', ...(reason === undefined ? {} : { reason }) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.denyReasonRequired);
    }
    expect((await orderRow(reference)).status).toBe('Pending');

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${reference}/status`,
      headers: cookie,
      payload: { to: 'Denied', reason: 'The transfer slip does not match the amount.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Denied',
      deny_reason: 'The transfer slip does not match the amount.',
      next: [],
    });
    expect(res.json().timeline.at(-1)).toMatchObject({
      status: 'Denied',
      note: 'The transfer slip does not match the amount.',
    });
    const [after] = await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    expect(after!.stock).toBe(before!.stock);
  });

  it('answers 404 for an unknown or malformed reference', async () => {
    const cookie = await adminCookie();
    for (const ref of ['ORD99999999999999', 'nope']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/orders/${ref}`, headers: cookie });
      expect(res.statusCode).toBe(404);
    }
  });

  it('lists all orders with filters by status, payment method, Manila dates and search, paged', async () => {
    const cookie = await adminCookie();
    const first = await bankTransferOrder();
    const second = await bankTransferOrder();
    // Known placing times: the first on 2025-06-10 23:30 Manila, the second on 2025-06-11 00:30 Manila.
    await t.app.db
      .update(orders)
      .set({ createdAt: new Date('2025-06-10T15:30:00Z') })
      .where(eq(orders.reference, first.reference));
    await t.app.db
      .update(orders)
      .set({ createdAt: new Date('2025-06-10T16:30:00Z') })
      .where(eq(orders.reference, second.reference));
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/orders?${query}`, headers: cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { reference: string }[]; totalCount: number; totalPages: number };
    };
    const refs = async (query: string) => (await list(query)).items.map((item) => item.reference);

    expect(await refs('from=2025-06-10&to=2025-06-10')).toEqual([first.reference]);
    expect(await refs('from=2025-06-11&to=2025-06-11')).toEqual([second.reference]);
    expect(await refs('from=2025-06-10&to=2025-06-11')).toEqual([second.reference, first.reference]);
    expect(await refs(`q=${first.reference.toLowerCase()}`)).toEqual([first.reference]);
    expect(await refs(`q=${encodeURIComponent(first.buyer.user.email)}`)).toEqual([first.reference]);
    expect(await refs(`q=Bulacan&from=2025-06-10&to=2025-06-11`)).toHaveLength(2);
    expect(await refs(`q=${encodeURIComponent('Nowhere Depot')}`)).toEqual([]);
    expect(await refs('payment_method=cod&from=2025-06-10&to=2025-06-11')).toEqual([]);
    expect(await refs('payment_method=bank_transfer&status=Pending&from=2025-06-10&to=2025-06-11')).toHaveLength(2);
    expect(await refs('status=Verified&from=2025-06-10&to=2025-06-11')).toEqual([]);

    const all = await list('pageSize=1');
    expect(all.items).toHaveLength(1);
    expect(all.totalPages).toBe(all.totalCount);
    const page2 = await list('pageSize=1&page=2');
    expect(page2.items[0]!.reference).not.toBe(all.items[0]!.reference);

    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders?from=10/06/2025', headers: cookie });
    expect(bad.statusCode).toBe(400);
  });
});

describe('refunds of payments that came after their orders ended', () => {
  it('shows the payment, lists and counts the refunds due, and records a refund once', async () => {
    const cookie = await adminCookie();
    const { reference } = await bankTransferOrder();
    const other = await bankTransferOrder();
    const detail = async (ref: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/orders/${ref}`, headers: cookie })).json();
    const pending = await detail(reference);
    expect(pending.payment).toEqual({
      status: 'pending',
      amount: pending.total,
      paid_at: null,
      references: [reference],
    });

    // What the webhook leaves when a gateway payment arrives after the order expired (payments.test.ts covers it).
    const { checkoutId } = await orderRow(reference);
    await t.app.db.update(orders).set({ status: 'Payment Expired' }).where(eq(orders.checkoutId, checkoutId));
    await t.app.db
      .update(payments)
      .set({ status: 'refund_due', paidAt: new Date() })
      .where(eq(payments.checkoutId, checkoutId));
    expect((await detail(reference)).payment).toMatchObject({ status: 'refund_due', paid_at: expect.any(String) });
    const due = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders?payment_status=refund_due',
      headers: cookie,
    });
    expect(due.json().items.map((item: { reference: string }) => item.reference)).toEqual([reference]);
    expect((await dashboard({ db: t.app.db })).refunds_due).toBe(1);

    const refund = (ref: string, headers: Record<string, string> = { ...cookie, ...csrf }) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/orders/${ref}/refund`, headers });
    expect((await refund(reference, cookie)).statusCode).toBe(403); // no CSRF header
    const notDue = await refund(other.reference);
    expect(notDue.statusCode).toBe(422);
    expect(notDue.json().error.message).toBe(adminMessages.noRefundDue);

    const done = await refund(reference);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().payment.status).toBe('refunded');
    expect((await dashboard({ db: t.app.db })).refunds_due).toBe(0);
    const twice = await refund(reference);
    expect(twice.statusCode).toBe(422);
    expect((await detail(reference)).payment.status).toBe('refunded');
  });
});

describe('dashboard', () => {
  it("counts today's and this month's orders and sales in Manila days, and sales by day", async () => {
    // "Now" is 2020-03-01 12:00 Manila; no other order of this file is placed in that period.
    const now = new Date('2020-03-01T04:00:00Z');
    expect(manilaDay(now)).toBe('2020-03-01');
    const place = async (at: string, status?: 'Denied' | 'Cancelled') => {
      const { reference } = await bankTransferOrder();
      await t.app.db
        .update(orders)
        .set({ createdAt: new Date(at), ...(status ? { status } : {}) })
        .where(eq(orders.reference, reference));
      return (await orderRow(reference)).total;
    };
    const todayEarly = await place('2020-02-29T16:30:00Z'); // 2020-03-01 00:30 Manila
    const yesterdayLate = await place('2020-02-29T15:30:00Z'); // 2020-02-29 23:30 Manila
    await place('2020-03-01T02:00:00Z', 'Denied'); // today, not a sale
    const firstChartDay = await place('2020-01-31T16:00:00Z'); // 2020-02-01 00:00 Manila
    await place('2020-01-31T15:59:00Z'); // 2020-01-31 23:59 Manila: before the chart
    await place('2020-03-01T05:00:00Z', 'Cancelled'); // later today, not a sale

    const figures = await dashboard({ db: t.app.db }, now);
    expect(figures.today).toEqual({ date: '2020-03-01', orders: 3, sales: todayEarly });
    expect(figures.month).toEqual({ month: '2020-03', orders: 3, sales: todayEarly });
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily[0]).toEqual({ date: '2020-02-01', orders: 1, sales: firstChartDay });
    expect(figures.daily[28]).toEqual({ date: '2020-02-29', orders: 1, sales: yesterdayLate });
    expect(figures.daily[29]).toEqual({ date: '2020-03-01', orders: 3, sales: todayEarly });
    expect(figures.daily.slice(1, 28).every((day) => day.orders === 0 && day.sales === 0)).toBe(true);

    // Seen on 2020-02-29, February holds the orders of Feb 1 and Feb 29 (leap year).
    const feb = await dashboard({ db: t.app.db }, new Date('2020-02-29T10:00:00Z'));
    expect(feb.month).toEqual({ month: '2020-02', orders: 2, sales: yesterdayLate + firstChartDay });
    expect(feb.today).toEqual({ date: '2020-02-29', orders: 1, sales: yesterdayLate });
  });

  it('is served to an administrator with today in Manila and 30 days', async () => {
    const cookie = await adminCookie();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.today.date).toBe(manilaDay(new Date()));
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1).date).toBe(body.today.date);
  });
});
