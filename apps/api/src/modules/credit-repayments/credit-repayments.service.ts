import { randomBytes } from 'node:crypto';
import {
  type CreditOrdersQuery,
  type CreditOrdersResponse,
  type CreditRepayment,
  type CreditRepaymentData,
  creditRepaymentMessages as m,
  manilaToday,
  messages,
  type RepaymentStatus,
} from '@tibay/contract';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { creditBack } from '../orders/index.ts';
import { prepareProfileImage } from '../profile/index.ts';
import * as repo from './credit-repayments.repository.ts';

/**
 * BuildCredit repayments (decision 0039): the buyer's credit orders with what each still owes and its due date,
 * payments by bank transfer (a proof image, verified by an administrator) or online (the gateway's signed webhook),
 * and the one settlement both end in.
 */

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** GET /credit/buildcredit/orders: the spec's fetchToPay. */
export async function creditOrders(
  deps: Pick<Deps, 'db'>,
  customerId: number,
  query: CreditOrdersQuery,
  now = new Date(),
): Promise<CreditOrdersResponse> {
  const line = await repo.buildCreditLine(deps.db, customerId);
  if (!line) {
    return { success: true, line: null, response: [], page: 1, pageSize: query.pageSize, totalPages: 1, totalCount: 0 };
  }
  const today = manilaToday(now);
  const [{ items, total }, overdue] = await Promise.all([
    repo.creditOrdersPage(deps.db, { customerId, line, today, ...query }),
    repo.hasOverdue(deps.db, customerId, line, today),
  ]);
  const payments = await repo.paymentsOfOrders(
    deps.db,
    items.map((item) => item.id),
  );
  return {
    success: true,
    line: {
      approved_credit_limit: line.approved_limit,
      used_credit_limit: line.used,
      current_bal: line.balance,
      credit_terms: line.terms_days,
      overdue,
    },
    response: items.map((item) => ({
      order_id: item.id,
      reference_no: item.reference,
      encode_date: iso(item.created_at)!,
      status: item.status,
      payment_method: item.payment_method,
      total_amount: item.total,
      remaining_balance: item.remaining,
      pending_amount: item.pending,
      due_date: item.due_date,
      overdue: item.overdue,
      payments: payments
        .filter((payment) => payment.order_id === item.id)
        .map((payment) => ({
          reference_no: payment.reference,
          method: payment.method,
          amount_paid: payment.amount,
          status: payment.status as RepaymentStatus,
          created_at: iso(payment.created_at)!,
          paid_at: iso(payment.paid_at),
        })),
    })),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
    totalCount: total,
  };
}

/** Whether the buyer's BuildCredit line has an order past its due date (checkout refuses new credit orders). */
export async function buildCreditOverdue(deps: Pick<Deps, 'db'>, customerId: number, now = new Date()) {
  const line = await repo.buildCreditLine(deps.db, customerId);
  return line ? repo.hasOverdue(deps.db, customerId, line, manilaToday(now)) : false;
}

function repaymentReference(now: Date) {
  const day = manilaToday(now).replaceAll('-', '');
  return `RP${day}${(randomBytes(4).readUInt32BE() % 1_000_000).toString().padStart(6, '0')}`;
}

function allocationsOf(data: CreditRepaymentData) {
  const wanted = data.allocations?.length
    ? data.allocations
    : [{ order_id: data.order_id!, amount: data.amount_paid! }];
  const seen = new Set<number>();
  for (const allocation of wanted) {
    if (seen.has(allocation.order_id)) throw new HttpError('VALIDATION', m.chooseOrders, { order_id: m.chooseOrders });
    seen.add(allocation.order_id);
  }
  return wanted;
}

export interface NewRepaymentInput {
  data: CreditRepaymentData;
  proof: Buffer | null;
  origin: string;
}

/**
 * POST /credit/buildcredit/payments (the spec's payUsingBuildCredit). A bank transfer needs its proof image
 * ('Please ensure file is uploaded.'), checked by content and re-encoded, stored privately, and stays pending until
 * an administrator verifies it. An online payment opens a gateway session; its webhook settles it. Each chosen
 * order must be the buyer's credit order, and the amount at most what it still owes less what pending bank
 * transfers already cover (over-payment is refused; partial payments are fine).
 */
export async function createRepayment(
  deps: Pick<Deps, 'db' | 'storage' | 'paymentGateway' | 'config'>,
  customerId: number,
  input: NewRepaymentInput,
): Promise<CreditRepayment> {
  const online = input.data.online_payment === 'true';
  const wanted = allocationsOf(input.data);
  if (!online && !input.proof?.length) {
    throw new HttpError('VALIDATION', m.proofRequired, { rpafpaymentPhoto: m.proofRequired });
  }
  const proof = online ? null : await prepareProfileImage(input.proof!, 'jpeg', 'rpafpaymentPhoto');
  const now = new Date();
  const reference = repaymentReference(now);
  let proofKey: string | null = null;
  if (proof) {
    proofKey = `checkout/credit-repayments/${customerId}/${reference}-${randomBytes(8).toString('hex')}.jpg`;
    await deps.storage.put(proofKey, proof.bytes, 'image/jpeg');
  }
  let created: Awaited<ReturnType<typeof repo.insertRepayment>>;
  let references: { reference_no: string; amount: number }[];
  try {
    ({ created, references } = await deps.db.transaction(async (tx) => {
      const line = await repo.buildCreditLine(tx, customerId, true);
      if (!line) throw new HttpError('NOT_FOUND', m.noLine);
      const found = await repo.creditOrdersByIds(
        tx,
        customerId,
        line,
        wanted.map((w) => w.order_id),
      );
      const allocations = wanted.map((w) => {
        const order = found.find((o) => o.id === w.order_id);
        // Another buyer's order, or not a credit order: the same answer as none at all.
        if (!order) throw new HttpError('NOT_FOUND', messages.notFound);
        if (w.amount > order.remaining - order.pending) {
          throw new HttpError('BUSINESS_RULE', m.overPayment, { amount_paid: m.overPayment });
        }
        return { orderId: order.id, orderReference: order.reference, amount: w.amount };
      });
      const amount = allocations.reduce((sum, a) => sum + a.amount, 0);
      const row = await repo.insertRepayment(tx, {
        reference,
        customerId,
        creditLineId: line.id,
        method: online ? 'online' : 'bank_transfer',
        amount,
        proofKey,
        allocations,
      });
      return {
        created: row,
        references: allocations.map((a) => ({ reference_no: a.orderReference, amount: a.amount })),
      };
    }));
  } catch (error) {
    if (proofKey) await deps.storage.delete(proofKey).catch(() => undefined);
    throw error;
  }
  let paymentUrl: string | null = null;
  if (online) {
    const contact = await repo.customerContact(deps.db, customerId);
    const session = await deps.paymentGateway.createSession({
      // A repayment is no checkout payment: ids 0 name none (its webhook is matched by the session id).
      paymentId: 0,
      checkoutId: 0,
      amount: created.amount,
      description: `BuildCredit payment for ${references.map((r) => r.reference_no).join(', ')}`,
      reference: created.reference,
      method: 'online',
      channel: null,
      billing: { name: contact.name || contact.email, email: contact.email, phone: null },
      successUrl: `${input.origin}/pay-rpaf?paid=${encodeURIComponent(created.reference)}`,
      cancelUrl: `${input.origin}/pay-rpaf`,
      expiresAt: new Date(now.getTime() + deps.config.PAYMENT_EXPIRY_MINUTES * 60_000),
    });
    await repo.recordRepaymentSession(deps.db, created.id, {
      provider: deps.paymentGateway.provider,
      sessionId: session.sessionId,
      paymentUrl: session.paymentUrl,
    });
    paymentUrl = session.paymentUrl;
  }
  return {
    id: created.id,
    reference_no: created.reference,
    method: created.method as CreditRepayment['method'],
    amount_paid: created.amount,
    status: 'pending',
    payment_url: paymentUrl,
    created_at: created.createdAt.toISOString(),
    orders: references,
  };
}

export type SettleOutcome = 'paid' | 'rejected' | 'failed' | 'cancelled' | 'expired';

/**
 * The one settlement (decision 0039), inside the caller's transaction: the repayment row locked and still
 * pending, else nothing changes (a second verification or a replayed webhook counts once). Paid: the line locked,
 * each order's share checked against what it still owes, then per order the line's balance up and used down with
 * a credit_transactions row under the order's reference (which is what the order's remaining balance is read
 * from), and the repayment paid — all in this one transaction.
 */
export async function settleRepayment(
  tx: Tx,
  repaymentId: number,
  outcome: SettleOutcome,
  by: { adminId?: number; reason?: string } = {},
): Promise<{ changed: boolean; overpaid?: boolean }> {
  const repayment = await repo.lockRepayment(tx, repaymentId);
  if (repayment?.status !== 'pending' || !repayment) return { changed: false };
  const now = new Date();
  const decided = { verifiedBy: by.adminId ?? null, verifiedAt: by.adminId ? now : null };
  if (outcome !== 'paid') {
    await repo.finishRepayment(tx, repaymentId, { status: outcome, rejectReason: by.reason ?? null, ...decided });
    return { changed: true };
  }
  const line = await repo.buildCreditLine(tx, repayment.customerId, true);
  const allocations = await repo.allocationsOf(tx, [repaymentId]);
  const orders = line
    ? await repo.creditOrdersByIds(
        tx,
        repayment.customerId,
        line,
        allocations.map((a) => a.order_id),
      )
    : [];
  const fits = allocations.every((a) => (orders.find((o) => o.id === a.order_id)?.remaining ?? 0) >= a.amount);
  if (!line || line.id !== repayment.creditLineId || !fits) return { changed: false, overpaid: true };
  for (const allocation of allocations) {
    await creditBack(tx, {
      creditLineId: line.id,
      amount: allocation.amount,
      reference: allocation.order_reference,
      note: `BuildCredit payment ${repayment.reference} (${repayment.method})`,
    });
  }
  await repo.finishRepayment(tx, repaymentId, { status: 'paid', paidAt: now, ...decided });
  return { changed: true };
}

/**
 * A verified gateway event about a repayment's session (called by the payments module in the transaction that
 * records the event once). Null when the session is no repayment's.
 */
export async function settleRepaymentFromGateway(
  tx: Tx,
  provider: string,
  event: { sessionId: string | null; outcome: string; amount: number | null },
): Promise<'settled' | 'unchanged' | 'ignored' | null> {
  if (!event.sessionId) return null;
  const repayment = await repo.repaymentBySession(tx, provider, event.sessionId);
  if (!repayment) return null;
  if (event.outcome === 'ignored') return 'ignored';
  if (event.outcome === 'paid' && event.amount !== null && event.amount !== repayment.amount) return 'ignored';
  const outcome = event.outcome as SettleOutcome;
  const result = await settleRepayment(tx, repayment.id, outcome);
  if (result.overpaid) {
    // Paid at the gateway for more than is still owed (owed less meanwhile): left for an administrator to refund.
    await repo.finishRepayment(tx, repayment.id, { status: 'rejected', rejectReason: 'Refund due: more than owed.' });
    return 'settled';
  }
  return result.changed ? 'settled' : 'unchanged';
}

/** The payment status the sandbox page shows for a repayment session (null when none). */
export async function repaymentSessionStatus(deps: Pick<Deps, 'db'>, provider: string, sessionId: string) {
  return (await repo.repaymentBySession(deps.db, provider, sessionId))?.status ?? null;
}

/** A repayment's proof image: the owner's (customerId) or any (an administrator: null); 404 otherwise. */
export async function repaymentProof(deps: Pick<Deps, 'db' | 'storage'>, id: number, customerId: number | null) {
  const key = await repo.proofKeyOf(deps.db, id, customerId);
  const bytes = key ? await deps.storage.read(key) : null;
  if (!bytes) throw new HttpError('NOT_FOUND', messages.notFound);
  return bytes;
}

/** Overdue BuildCredit orders for the admin dashboard. */
export async function overdueCredit(deps: Pick<Deps, 'db'>, now = new Date()) {
  const found = await repo.overdueOrders(deps.db, manilaToday(now), 10);
  return {
    count: Number(found[0]?.full_count ?? 0),
    amount: Math.round(Number(found[0]?.full_amount ?? 0)),
    orders: found.map((row) => ({
      reference_no: row.reference,
      customer_name: row.customer_name,
      due_date: row.due_date,
      remaining_balance: Number(row.remaining),
    })),
  };
}
