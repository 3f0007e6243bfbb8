import { createHmac, randomUUID } from 'node:crypto';
import { creditRepaymentMessages } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { creditLines, creditRepayments, creditTransactions, orders } from '../../db/schema/index.ts';
import { bearer, createUser, tokenFor } from '../../test/factories.ts';
import {
  addCartLine,
  buyerWithCart,
  delivery,
  insertCreditLine,
  multipart,
  placeOrder,
  pngBytes,
} from '../../test/orders-support.ts';
import { adminCookie, csrf, productId, t, useAdminApp } from '../admin/test-support.ts';

useAdminApp();

const LIMIT = 10_000_000; // ₱100,000.00

/** A buyer with a BuildCredit line who bought cement on it at checkout; returns the order. */
async function creditBuyer(quantity = 2) {
  const buyer = await buyerWithCart(t.app, [{ productId, quantity }]);
  const line = await insertCreditLine(t.app, { customerId: buyer.user.id, kind: 'buildcredit', balance: LIMIT });
  const order = await buyCredit(buyer.headers, buyer.cartItemIds);
  return { ...buyer, line, order };
}

async function buyCredit(headers: Record<string, string>, cartItemIds: number[]) {
  const res = await placeOrder(t.app, headers, {
    cart_item_ids: cartItemIds,
    ...delivery('pickup'),
    payment_method: 'build_credit',
  });
  expect(res.statusCode, res.body).toBe(200);
  const reference: string = res.json().orders[0].reference;
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  return row!;
}

function pay(headers: Record<string, string>, data: unknown, proof?: Buffer) {
  const body = multipart(data, proof ? { rpafpaymentPhoto: { bytes: proof } } : {});
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/credit/buildcredit/payments',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function creditOrders(headers: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/credit/buildcredit/orders${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function lineOf(id: number) {
  const [row] = await t.app.db.select().from(creditLines).where(eq(creditLines.id, id));
  return row!;
}

function decide(id: number, cookie: Record<string, string>, body: object = { decision: 'verify' }) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/credit-repayments/${id}/decision`,
    headers: { ...cookie, ...csrf },
    payload: body,
  });
}

/** The sandbox gateway's webhook for a session, signed as the gateway signs it (one fixed event id). */
function signedPaid(sessionId: string, reference: string, amount: number, eventId = `evt_${randomUUID()}`) {
  const t0 = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: eventId,
    type: 'payment.paid',
    created: t0,
    data: { session_id: sessionId, reference, amount },
  });
  const v1 = createHmac('sha256', t.app.config.sandboxGatewaySecret).update(`${t0}.${body}`).digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'sandbox-signature': `t=${t0},v1=${v1}` } };
}

describe('the buyer’s credit orders (/pay-rpaf)', () => {
  it('lists the order bought on BuildCredit with its remaining balance; the due date follows delivery + terms', async () => {
    const { headers, order, line } = await creditBuyer();
    const before = await creditOrders(headers);
    expect(before.line).toMatchObject({ approved_credit_limit: LIMIT, current_bal: LIMIT - order.total });
    expect(before.response).toHaveLength(1);
    expect(before.response[0]).toMatchObject({
      reference_no: order.reference,
      payment_method: 'build_credit',
      total_amount: order.total,
      remaining_balance: order.total,
      due_date: null,
      overdue: false,
      payments: [],
    });
    // Delivered on 2026-11-02 (Manila) with 30-day terms: due 2026-12-02.
    await t.app.db
      .update(orders)
      .set({ status: 'Delivered', deliveredAt: new Date('2026-11-02T01:00:00Z') })
      .where(eq(orders.id, order.id));
    expect(line.termsDays).toBe(30);
    const after = await creditOrders(headers);
    expect(after.response[0].due_date).toBe('2026-12-02');
  });
});

describe('paying by bank transfer', () => {
  it('needs a proof image, judged by its content', async () => {
    const { headers, order } = await creditBuyer();
    const data = { online_payment: 'false', order_id: order.id, amount_paid: 1_000 };
    const none = await pay(headers, data);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(creditRepaymentMessages.proofRequired);
    const fake = await pay(headers, data, Buffer.from('not really a png, just text'));
    expect(fake.statusCode).toBe(415);
    expect(
      await t.app.db.select().from(creditRepayments).where(eq(creditRepayments.customerId, order.customerId)),
    ).toHaveLength(0);
  });

  it('refuses more than the remaining balance and changes nothing', async () => {
    const { headers, order, line } = await creditBuyer();
    const res = await pay(
      headers,
      { online_payment: 'false', order_id: order.id, amount_paid: order.total + 1 },
      await pngBytes(),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(creditRepaymentMessages.overPayment);
    expect((await lineOf(line.id)).balance).toBe(LIMIT - order.total);
    expect(
      await t.app.db.select().from(creditRepayments).where(eq(creditRepayments.customerId, order.customerId)),
    ).toHaveLength(0);
  });

  it('a partial payment restores credit only when verified, and a second verification counts once', async () => {
    const { headers, order, line } = await creditBuyer();
    const part = 12_345;
    const res = await pay(
      headers,
      { online_payment: 'false', order_id: order.id, amount_paid: part },
      await pngBytes(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const payment = res.json().payment;
    expect(payment).toMatchObject({ status: 'pending', amount_paid: part, method: 'bank_transfer' });
    // Pending: no credit back yet, but the pending amount counts against the remaining balance.
    expect((await lineOf(line.id)).balance).toBe(LIMIT - order.total);
    const tooMuch = await pay(
      headers,
      { online_payment: 'false', order_id: order.id, amount_paid: order.total - part + 1 },
      await pngBytes(),
    );
    expect(tooMuch.statusCode).toBe(422);

    const cookie = await adminCookie();
    const queue = await t.app.inject({ method: 'GET', url: '/api/v1/admin/credit-repayments', headers: cookie });
    expect(queue.json().items.map((p: { reference_no: string }) => p.reference_no)).toContain(payment.reference_no);
    const proof = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/credit-repayments/${payment.id}/proof`,
      headers: cookie,
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const first = await decide(payment.id, cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ changed: true, payment: { status: 'paid' } });
    const second = await decide(payment.id, cookie);
    expect(second.json()).toMatchObject({ changed: false, payment: { status: 'paid' } });
    const [a, b] = await Promise.all([decide(payment.id, cookie), decide(payment.id, cookie)]);
    expect([a.json().changed, b.json().changed]).toEqual([false, false]);

    const after = await lineOf(line.id);
    expect(after.balance).toBe(LIMIT - order.total + part);
    expect(after.used).toBe(order.total - part);
    const ledger = await t.app.db
      .select()
      .from(creditTransactions)
      .where(sql`${creditTransactions.creditLineId} = ${line.id} and ${creditTransactions.amount} > 0`);
    expect(ledger).toHaveLength(1);
    const listed = (await creditOrders(headers)).response[0];
    expect(listed.remaining_balance).toBe(order.total - part);
    expect(listed.payments).toEqual([
      expect.objectContaining({ reference_no: payment.reference_no, amount_paid: part, status: 'paid' }),
    ]);
  });

  it('an administrator may reject; a customer may not decide (and no cookie is refused)', async () => {
    const { headers, order, line } = await creditBuyer();
    const payment = (
      await pay(headers, { online_payment: 'false', order_id: order.id, amount_paid: 5_000 }, await pngBytes())
    ).json().payment;
    const asBuyer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/credit-repayments/${payment.id}/decision`,
      headers: { ...headers, ...csrf },
      payload: { decision: 'verify' },
    });
    // A customer's bearer token is no admin session.
    expect([401, 403]).toContain(asBuyer.statusCode);
    const staff = await createUser(t.app, { role: 'buyer' });
    const asOther = await decide(payment.id, { authorization: bearer(await tokenFor(t.app, staff)).authorization });
    expect([401, 403]).toContain(asOther.statusCode);
    const anonymous = await decide(payment.id, {});
    expect([401, 403]).toContain(anonymous.statusCode);
    const rejected = await decide(payment.id, await adminCookie(), { decision: 'reject', reason: 'Proof unreadable' });
    expect(rejected.json()).toMatchObject({
      changed: true,
      payment: { status: 'rejected', reject_reason: 'Proof unreadable' },
    });
    expect((await lineOf(line.id)).balance).toBe(LIMIT - order.total);
  });
});

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
