// BuildCredit repayments by bank transfer, verified by an administrator (decision 0039).
import { creditRepaymentMessages } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditRepayments, creditTransactions, orders } from '../../db/schema/index.ts';
import { bearer, createUser, tokenFor } from '../../test/factories.ts';
import { pngBytes } from '../../test/orders-support.ts';
import {
  adminCookie,
  creditBuyer,
  creditOrders,
  csrf,
  decide,
  LIMIT,
  lineOf,
  pay,
  t,
  useRepaymentApp,
} from './test-support.ts';

useRepaymentApp();

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

    // Two administrators verify at the same moment: exactly one changes anything.
    const [a, b] = await Promise.all([decide(payment.id, cookie), decide(payment.id, cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().changed, b.json().changed].sort()).toEqual([false, true]);
    expect(a.json().payment.status).toBe('paid');
    const again = await decide(payment.id, cookie);
    expect(again.json()).toMatchObject({ changed: false, payment: { status: 'paid' } });

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
