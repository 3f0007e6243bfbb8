// BuildCredit repayments online, other buyers' orders, overdue lines and the trust receipt (decision 0039).
import { creditRepaymentMessages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { addCartLine, delivery, placeOrder, pngBytes } from '../../test/orders-support.ts';
import {
  adminCookie,
  buyCredit,
  creditBuyer,
  creditOrders,
  LIMIT,
  lineOf,
  pay,
  productId,
  signedPaid,
  t,
  useRepaymentApp,
} from './test-support.ts';

useRepaymentApp();

describe('paying online', () => {
  it('the sandbox gateway’s signed webhook settles it; the same webhook twice counts once', async () => {
    const { headers, order, line } = await creditBuyer();
    const res = await pay(headers, { online_payment: 'true', order_id: order.id, amount_paid: order.total });
    expect(res.statusCode, res.body).toBe(200);
    const payment = res.json().payment;
    const sessionId = new URL(payment.payment_url).pathname.split('/').pop()!;
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-gateway/${sessionId}` });
    expect(page.body).toContain(payment.reference_no);
    const webhook = signedPaid(sessionId, payment.reference_no, payment.amount_paid);
    for (let i = 0; i < 2; i++) {
      const delivered = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        ...webhook,
        payload: webhook.body,
      });
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json().result).toBe(i === 0 ? 'settled' : 'duplicate');
    }
    // Another event for the same (already paid) session changes nothing either.
    const again = signedPaid(sessionId, payment.reference_no, payment.amount_paid);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/sandbox',
      ...again,
      payload: again.body,
    });
    expect(third.json().result).toBe('unchanged');
    const after = await lineOf(line.id);
    expect(after.balance).toBe(LIMIT);
    expect(after.used).toBe(0);
    expect((await creditOrders(headers)).response[0].remaining_balance).toBe(0);
  });

  it('a payment cancelled at the gateway restores nothing and can be made again', async () => {
    const { headers, order, line } = await creditBuyer();
    const first = (await pay(headers, { online_payment: 'true', order_id: order.id, amount_paid: order.total })).json()
      .payment;
    const sessionPath = new URL(first.payment_url).pathname;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${sessionPath}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancel.statusCode).toBe(303);
    expect((await lineOf(line.id)).balance).toBe(LIMIT - order.total);
    const listed = (await creditOrders(headers)).response[0];
    expect(listed.remaining_balance).toBe(order.total);
    expect(listed.payments[0]).toMatchObject({ reference_no: first.reference_no, status: 'cancelled' });
    // Online payments reserve nothing: the full amount can be paid again.
    const again = await pay(headers, { online_payment: 'true', order_id: order.id, amount_paid: order.total });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('one payment split over several credit orders', async () => {
    const { headers, user, order: first } = await creditBuyer(1);
    const second = await buyCredit(headers, [await addCartLine(t.app, user.id, productId, 3)]);
    const res = await pay(headers, {
      online_payment: 'true',
      allocations: [
        { order_id: first.id, amount: first.total },
        { order_id: second.id, amount: 1_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const payment = res.json().payment;
    expect(payment.amount_paid).toBe(first.total + 1_000);
    const sessionId = new URL(payment.payment_url).pathname.split('/').pop()!;
    const press = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(press.statusCode).toBe(303);
    const listed = (await creditOrders(headers, '?sort=encode_date&direction=asc')).response;
    expect(listed.map((o: { remaining_balance: number }) => o.remaining_balance)).toEqual([0, second.total - 1_000]);
    const unpaid = (await creditOrders(headers, '?filter=unpaid')).response;
    expect(unpaid.map((o: { reference_no: string }) => o.reference_no)).toEqual([second.reference]);
  });
});

describe('another buyer’s credit order', () => {
  it('cannot be listed, paid, its proof read or its trust receipt downloaded (404)', async () => {
    const owner = await creditBuyer();
    const payment = (
      await pay(
        owner.headers,
        { online_payment: 'false', order_id: owner.order.id, amount_paid: 1_000 },
        await pngBytes(),
      )
    ).json().payment;
    const other = await creditBuyer();
    expect((await creditOrders(other.headers)).response.map((o: { reference_no: string }) => o.reference_no)).toEqual([
      other.order.reference,
    ]);
    const paid = await pay(
      other.headers,
      { online_payment: 'false', order_id: owner.order.id, amount_paid: 1_000 },
      await pngBytes(),
    );
    expect(paid.statusCode).toBe(404);
    const proof = await t.app.inject({
      method: 'GET',
      url: `/api/v1/credit/buildcredit/payments/${payment.id}/proof`,
      headers: other.headers,
    });
    expect(proof.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/credit/buildcredit/payments/${payment.id}/proof`,
      headers: owner.headers,
    });
    expect(own.statusCode).toBe(200);
    const receipt = await t.app.inject({
      method: 'POST',
      url: `/api/v1/credit/buildcredit/orders/${owner.order.reference}/trust-receipt`,
      headers: other.headers,
    });
    expect(receipt.statusCode).toBe(404);
  });
});

describe('overdue lines', () => {
  it('cannot take new BuildCredit orders at checkout, with a clear message; the dashboard lists the order', async () => {
    const { headers, user, order } = await creditBuyer(1);
    await t.app.db
      .update(orders)
      .set({ status: 'Delivered', deliveredAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.id, order.id));
    expect((await creditOrders(headers)).line.overdue).toBe(true);
    expect((await creditOrders(headers, '?filter=overdue')).response[0]).toMatchObject({ overdue: true });
    const cartItem = await addCartLine(t.app, user.id, productId, 1);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/preview',
      headers,
      payload: { cart_item_ids: [cartItem], ...delivery('pickup') },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().payment_methods.find((m: { code: string }) => m.code === 'build_credit')).toMatchObject({
      available: false,
      reason: creditRepaymentMessages.overdueAtCheckout,
    });
    const res = await placeOrder(t.app, headers, {
      cart_item_ids: [cartItem],
      ...delivery('pickup'),
      payment_method: 'build_credit',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(creditRepaymentMessages.overdueAtCheckout);
    const overdue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/credit/overdue',
      headers: await adminCookie(),
    });
    expect(overdue.json().orders.map((o: { reference_no: string }) => o.reference_no)).toContain(order.reference);
  });
});

describe('the trust receipt', () => {
  it('is a real PDF naming the order, for the buyer and for administrators', async () => {
    const { headers, order } = await creditBuyer();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/credit/buildcredit/orders/${order.reference}/trust-receipt`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getTitle()).toContain(order.reference);
    expect(pdf.getPageCount()).toBe(1);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/credit/orders/${order.reference}/trust-receipt`,
      headers: await adminCookie(),
    });
    expect(asAdmin.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const guest = await t.app.inject({
      method: 'GET',
      url: `/api/v1/credit/buildcredit/orders/${order.reference}/trust-receipt`,
    });
    expect(guest.statusCode).toBe(401);
  });
});
