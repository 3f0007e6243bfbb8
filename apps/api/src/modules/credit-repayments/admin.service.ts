import type { AdminRepayment, RepaymentStatus } from '@tibay/contract';
import { creditRepaymentMessages as m, messages } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { type AdminAct, insertAudit } from '../admin/index.ts';
import * as repo from './credit-repayments.repository.ts';
import { settleRepayment } from './credit-repayments.service.ts';

/** The administrators' side of repayments (admin-v2 BuildCredit payments): the queue, a decision (audited). */

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** An administrator verifies or rejects a pending bank transfer (audited). Twice changes nothing the second time. */
export async function decideRepayment(
  deps: Pick<Deps, 'db'>,
  id: number,
  decision: { decision: 'verify' } | { decision: 'reject'; reason: string },
  act: AdminAct,
): Promise<{ payment: AdminRepayment; changed: boolean }> {
  const changed = await deps.db.transaction(async (tx) => {
    const current = await repo.lockRepayment(tx, id);
    if (!current) throw new HttpError('NOT_FOUND', messages.notFound);
    if (current.method !== 'bank_transfer' && current.status === 'pending') {
      throw new HttpError('BUSINESS_RULE', 'Online payments are settled by the payment gateway.');
    }
    const outcome = decision.decision === 'verify' ? 'paid' : 'rejected';
    const result = await settleRepayment(tx, id, outcome, {
      adminId: act.adminId,
      reason: decision.decision === 'reject' ? decision.reason : undefined,
    });
    if (result.overpaid) throw new HttpError('CONFLICT', m.overPayment);
    if (result.changed) {
      await insertAudit(tx, act, `credit_repayment_${outcome === 'paid' ? 'verified' : 'rejected'}`, 200, {
        repaymentId: id,
        reference: current.reference,
        amount: current.amount,
        ...(decision.decision === 'reject' ? { reason: decision.reason } : {}),
      });
    }
    return result.changed;
  });
  const payment = await adminRepayment(deps, id);
  return { payment: payment!, changed };
}

function adminRepaymentOf(row: Record<string, unknown>, orders: { reference_no: string; amount: number }[]) {
  return {
    id: row.id as number,
    reference_no: row.reference as string,
    method: row.method as AdminRepayment['method'],
    amount_paid: Number(row.amount),
    status: row.status as RepaymentStatus,
    payment_url: (row.payment_url as string | null) ?? null,
    created_at: iso(row.created_at as string)!,
    orders,
    customer_id: row.customer_id as number,
    customer_name: (row.customer_name as string) || (row.customer_email as string),
    customer_email: row.customer_email as string,
    has_proof: Boolean(row.proof_key),
    verified_by: (row.verified_by_name as string | null) || null,
    verified_at: iso(row.verified_at as string | null),
    reject_reason: (row.reject_reason as string | null) ?? null,
  } satisfies AdminRepayment;
}

export async function adminRepayments(
  deps: Pick<Deps, 'db'>,
  query: { status: 'pending' | 'paid' | 'rejected' | 'all'; page: number; pageSize: number },
) {
  const { items, total } = await repo.adminRepaymentsPage(deps.db, query);
  const allocations = await repo.allocationsOf(
    deps.db,
    items.map((item) => item.id as number),
  );
  return {
    items: items.map((item) =>
      adminRepaymentOf(
        item,
        allocations
          .filter((a) => a.repayment_id === item.id)
          .map((a) => ({ reference_no: a.order_reference, amount: a.amount })),
      ),
    ),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
    totalCount: total,
  };
}

export async function adminRepayment(deps: Pick<Deps, 'db'>, id: number) {
  const row = await repo.adminRepaymentById(deps.db, id);
  if (!row) return null;
  const allocations = await repo.allocationsOf(deps.db, [id]);
  return adminRepaymentOf(
    row,
    allocations.map((a) => ({ reference_no: a.order_reference, amount: a.amount })),
  );
}
