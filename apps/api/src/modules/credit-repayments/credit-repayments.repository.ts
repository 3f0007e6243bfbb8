import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { creditRepaymentAllocations, creditRepayments } from '../../db/schema/index.ts';
import { type Conn, rows } from '../../db/sql.ts';

/** The credit-repayments module's SQL (decision 0039). */

/** Orders that ended (their credit went back) are not to be paid. */
const endedStatuses = sql`('Denied', 'Cancelled', 'Payment Failed', 'Payment Expired')`;

export interface LineRow {
  id: number;
  approved_limit: number;
  used: number;
  balance: number;
  terms_days: number;
  status: string;
}

/** The buyer's BuildCredit line (the platform's, no seller), locked when `lock` (in a transaction). */
export async function buildCreditLine(conn: Conn, customerId: number, lock = false): Promise<LineRow | null> {
  const [line] = await rows<LineRow>(
    conn,
    sql`select id, approved_limit::float8 as approved_limit, used::float8 as used, balance::float8 as balance,
               terms_days, status
          from credit_lines where customer_id = ${customerId} and kind = 'buildcredit' and seller_id is null
          order by id limit 1 ${lock ? sql`for update` : sql``}`,
  );
  return line
    ? { ...line, approved_limit: Number(line.approved_limit), used: Number(line.used), balance: Number(line.balance) }
    : null;
}

/**
 * The credit orders of a line as one derived view: what each still owes (the negative of its credit_transactions
 * on the line: the debit at checkout, the repayments and any release), what pending repayments cover, its due
 * date (Manila day of delivery + the line's terms; null before delivery) and whether it is overdue.
 */
function creditOrdersView(customerId: number, lineId: number, termsDays: number) {
  return sql`
    select o.id, o.reference, o.created_at, o.status, o.payment_method, o.total::float8 as total,
           greatest(0, -coalesce((select sum(t.amount) from credit_transactions t
                                   where t.credit_line_id = ${lineId} and t.reference = o.reference), 0))::float8
             as remaining,
           coalesce((select sum(a.amount) from credit_repayment_allocations a
                       join credit_repayments r on r.id = a.repayment_id
                      where a.order_id = o.id and r.status = 'pending' and r.method = 'bank_transfer'), 0)::float8 as pending,
           case when o.delivered_at is null then null
                else ((o.delivered_at at time zone 'Asia/Manila')::date + ${termsDays}::int) end as due
      from orders o
     where o.customer_id = ${customerId} and o.payment_method = 'build_credit' and o.status not in ${endedStatuses}`;
}

export interface CreditOrderRow {
  id: number;
  reference: string;
  created_at: Date | string;
  status: string;
  payment_method: string;
  total: number;
  remaining: number;
  pending: number;
  due_date: string | null;
  overdue: boolean;
}

const sortColumns = {
  due_date: sql`v.due`,
  encode_date: sql`v.created_at`,
  remaining_balance: sql`v.remaining`,
} as const;

export async function creditOrdersPage(
  conn: Conn,
  args: {
    customerId: number;
    line: LineRow;
    today: string;
    filter: 'all' | 'unpaid' | 'overdue' | 'paid';
    sort: keyof typeof sortColumns;
    direction: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
): Promise<{ items: CreditOrderRow[]; total: number }> {
  const view = creditOrdersView(args.customerId, args.line.id, args.line.terms_days);
  const where =
    args.filter === 'unpaid'
      ? sql`where v.remaining > 0`
      : args.filter === 'paid'
        ? sql`where v.remaining = 0`
        : args.filter === 'overdue'
          ? sql`where v.remaining > 0 and v.due < ${args.today}::date`
          : sql``;
  const direction = args.direction === 'asc' ? sql`asc` : sql`desc`;
  const found = await rows<CreditOrderRow & { full_count: string }>(
    conn,
    sql`select v.*, to_char(v.due, 'YYYY-MM-DD') as due_date,
               (v.remaining > 0 and v.due is not null and v.due < ${args.today}::date) as overdue,
               count(*) over () as full_count
          from (${view}) v ${where}
         order by ${sortColumns[args.sort]} ${direction} nulls last, v.id desc
         limit ${args.pageSize} offset ${(args.page - 1) * args.pageSize}`,
  );
  return {
    items: found.map((row) => ({
      ...row,
      total: Number(row.total),
      remaining: Number(row.remaining),
      pending: Number(row.pending),
    })),
    total: Number(found[0]?.full_count ?? 0),
  };
}

/** The chosen orders of the customer's line (locked: a settlement or a new payment reads them in its transaction). */
export async function creditOrdersByIds(conn: Conn, customerId: number, line: LineRow, orderIds: number[]) {
  const view = creditOrdersView(customerId, line.id, line.terms_days);
  const found = await rows<CreditOrderRow>(
    conn,
    sql`select v.*, to_char(v.due, 'YYYY-MM-DD') as due_date, false as overdue
          from (${view}) v where v.id = any(${`{${orderIds.join(',')}}`}::int[])`,
  );
  return found.map((row) => ({
    ...row,
    total: Number(row.total),
    remaining: Number(row.remaining),
    pending: Number(row.pending),
  }));
}

/** Whether any credit order of the line is past its due date with a balance left. */
export async function hasOverdue(conn: Conn, customerId: number, line: LineRow, today: string): Promise<boolean> {
  const view = creditOrdersView(customerId, line.id, line.terms_days);
  const [row] = await rows<{ overdue: boolean }>(
    conn,
    sql`select exists (select 1 from (${view}) v where v.remaining > 0 and v.due < ${today}::date) as overdue`,
  );
  return Boolean(row?.overdue);
}

export interface PaymentOfOrderRow {
  order_id: number;
  reference: string;
  method: 'bank_transfer' | 'online';
  amount: number;
  status: string;
  created_at: Date | string;
  paid_at: Date | string | null;
}

/** The payments (their share) of these orders, newest first. */
export async function paymentsOfOrders(conn: Conn, orderIds: number[]): Promise<PaymentOfOrderRow[]> {
  if (orderIds.length === 0) return [];
  const found = await rows<PaymentOfOrderRow>(
    conn,
    sql`select a.order_id, r.reference, r.method, a.amount::float8 as amount, r.status, r.created_at, r.paid_at
          from credit_repayment_allocations a join credit_repayments r on r.id = a.repayment_id
         where a.order_id = any(${`{${orderIds.join(',')}}`}::int[])
         order by r.created_at desc, r.id desc`,
  );
  return found.map((row) => ({ ...row, amount: Number(row.amount) }));
}

export async function insertRepayment(
  tx: Tx,
  values: {
    reference: string;
    customerId: number;
    creditLineId: number;
    method: 'bank_transfer' | 'online';
    amount: number;
    proofKey: string | null;
    allocations: { orderId: number; orderReference: string; amount: number }[];
  },
) {
  const { allocations, ...repayment } = values;
  const [row] = await tx.insert(creditRepayments).values(repayment).returning();
  await tx
    .insert(creditRepaymentAllocations)
    .values(allocations.map((allocation) => ({ ...allocation, repaymentId: row!.id })));
  return row!;
}

export async function recordRepaymentSession(
  conn: Conn,
  id: number,
  session: { provider: string; sessionId: string; paymentUrl: string },
) {
  await conn
    .update(creditRepayments)
    .set({
      provider: session.provider,
      providerReference: session.sessionId,
      paymentUrl: session.paymentUrl,
      updatedAt: new Date(),
    })
    .where(eq(creditRepayments.id, id));
}

export type RepaymentRow = typeof creditRepayments.$inferSelect;

/** A repayment, locked for its settlement. */
export async function lockRepayment(tx: Tx, id: number): Promise<RepaymentRow | null> {
  const [row] = await tx.select().from(creditRepayments).where(eq(creditRepayments.id, id)).for('update');
  return row ?? null;
}

export async function repaymentBySession(conn: Conn, provider: string, sessionId: string) {
  const [row] = await conn
    .select({ id: creditRepayments.id, amount: creditRepayments.amount, status: creditRepayments.status })
    .from(creditRepayments)
    .where(and(eq(creditRepayments.provider, provider), eq(creditRepayments.providerReference, sessionId)));
  return row ?? null;
}

export async function allocationsOf(conn: Conn, repaymentIds: number[]) {
  if (repaymentIds.length === 0) return [];
  return rows<{ repayment_id: number; order_id: number; order_reference: string; amount: number }>(
    conn,
    sql`select repayment_id, order_id, order_reference, amount::float8 as amount from credit_repayment_allocations
         where repayment_id = any(${`{${repaymentIds.join(',')}}`}::int[]) order by id`,
  ).then((found) => found.map((row) => ({ ...row, amount: Number(row.amount) })));
}

export async function finishRepayment(
  tx: Tx,
  id: number,
  change: {
    status: string;
    paidAt?: Date | null;
    verifiedBy?: number | null;
    verifiedAt?: Date | null;
    rejectReason?: string | null;
  },
) {
  await tx
    .update(creditRepayments)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(creditRepayments.id, id), eq(creditRepayments.status, 'pending')));
}

export interface AdminRepaymentRow extends RepaymentRow {
  customer_name: string;
  customer_email: string;
  verified_by_name: string | null;
}

export async function adminRepaymentsPage(
  conn: Conn,
  query: { status: 'pending' | 'paid' | 'rejected' | 'all'; page: number; pageSize: number },
) {
  const where = query.status === 'all' ? sql`true` : sql`r.status = ${query.status}`;
  const found = await rows<Record<string, unknown>>(
    conn,
    sql`select r.id, r.reference, r.customer_id, r.method, r.amount::float8 as amount, r.status, r.payment_url,
               r.proof_key, r.created_at, r.verified_at, r.reject_reason,
               trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as customer_name,
               u.email as customer_email,
               trim(coalesce(v.first_name, '') || ' ' || coalesce(v.last_name, '')) as verified_by_name,
               count(*) over () as full_count
          from credit_repayments r join users u on u.id = r.customer_id left join users v on v.id = r.verified_by
         where ${where}
         order by (r.status = 'pending') desc, r.created_at ${query.status === 'pending' ? sql`asc` : sql`desc`}, r.id
         limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  return { items: found, total: Number(found[0]?.full_count ?? 0) };
}

export async function adminRepaymentById(conn: Conn, id: number) {
  const [row] = await rows<Record<string, unknown>>(
    conn,
    sql`select r.id, r.reference, r.customer_id, r.method, r.amount::float8 as amount, r.status, r.payment_url,
               r.proof_key, r.created_at, r.verified_at, r.reject_reason,
               trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as customer_name,
               u.email as customer_email,
               trim(coalesce(v.first_name, '') || ' ' || coalesce(v.last_name, '')) as verified_by_name
          from credit_repayments r join users u on u.id = r.customer_id left join users v on v.id = r.verified_by
         where r.id = ${id}`,
  );
  return row ?? null;
}

/** The proof key of a repayment, when the customer owns it (null otherwise: 404 for everyone else). */
export async function proofKeyOf(conn: Conn, id: number, customerId: number | null) {
  const [row] = await conn
    .select({ proofKey: creditRepayments.proofKey })
    .from(creditRepayments)
    .where(
      customerId === null
        ? eq(creditRepayments.id, id)
        : and(eq(creditRepayments.id, id), eq(creditRepayments.customerId, customerId)),
    );
  return row?.proofKey ?? null;
}

/** Overdue BuildCredit orders over every line (admin dashboard), oldest due first. */
export async function overdueOrders(conn: Conn, today: string, limit: number) {
  return rows<{
    reference: string;
    customer_name: string;
    due_date: string;
    remaining: number;
    full_count: string;
    full_amount: string;
  }>(
    conn,
    sql`with owed as (
          select o.reference, o.customer_id,
                 ((o.delivered_at at time zone 'Asia/Manila')::date + l.terms_days) as due_date,
                 -coalesce((select sum(t.amount) from credit_transactions t
                             where t.credit_line_id = l.id and t.reference = o.reference), 0) as remaining
            from orders o
            join credit_lines l on l.customer_id = o.customer_id and l.kind = 'buildcredit' and l.seller_id is null
           where o.payment_method = 'build_credit' and o.delivered_at is not null and o.status not in ${endedStatuses})
        select w.reference, to_char(w.due_date, 'YYYY-MM-DD') as due_date, w.remaining::float8 as remaining,
               trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as customer_name,
               count(*) over () as full_count, sum(w.remaining) over ()::float8 as full_amount
          from owed w join users u on u.id = w.customer_id
         where w.remaining > 0 and w.due_date < ${today}::date
         order by w.due_date, w.reference limit ${limit}`,
  );
}

/** Order details for the trust receipt. */
export async function receiptOrder(conn: Conn, customerId: number | null, reference: string) {
  const [row] = await rows<Record<string, unknown>>(
    conn,
    sql`select o.id, o.reference, o.customer_id, o.created_at, o.status, o.total::float8 as total,
               o.subtotal::float8 as subtotal, o.shipping_fee::float8 as shipping_fee,
               o.voucher_discount::float8 as voucher_discount, o.delivery_address, o.delivered_at,
               o.recipient_name, o.billing_email, s.name as seller_name,
               trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as buyer_name, u.email as buyer_email
          from orders o join users u on u.id = o.customer_id left join seller_companies s on s.id = o.seller_id
         where o.reference = ${reference} and o.payment_method = 'build_credit'
           ${customerId === null ? sql`` : sql`and o.customer_id = ${customerId}`}`,
  );
  if (!row) return null;
  const items = await rows<{ name: string; quantity: number; unit_price: number; line_total: number }>(
    conn,
    sql`select concat_ws(' - ', product_name, variation_name, sub_variation_name) as name, quantity,
               unit_price::float8 as unit_price, line_total::float8 as line_total
          from order_items where order_id = ${row.id as number} order by id`,
  );
  return { ...row, items };
}

/** The buyer's name and e-mail for the gateway's billing. */
export async function customerContact(conn: Conn, customerId: number) {
  const [row] = await rows<{ name: string; email: string }>(
    conn,
    sql`select trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name, email from users
         where id = ${customerId}`,
  );
  return row ?? { name: '', email: '' };
}
