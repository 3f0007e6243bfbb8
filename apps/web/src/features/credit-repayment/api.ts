import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRepaymentDecision, AdminRepaymentQuery, CreditOrdersQuery } from '@tibay/contract';
import { buildCreditKeys } from '../../lib/customer.ts';
import { call, callVia, pathOf } from '../../lib/endpoint.ts';
import * as endpoints from '../../lib/endpoints/credit-repayments.ts';
import { getSession } from '../../lib/session.ts';
import { adminApi, adminFile } from '../admin/index.ts';

/** The BuildCredit repayment calls (decision 0039): /pay-rpaf, rpaf-payment, rpaf-multiple-payment, admin-v2. */

export type CreditOrdersFilters = Pick<CreditOrdersQuery, 'page' | 'pageSize' | 'filter' | 'sort' | 'direction'>;

export const creditRepaymentKeys = {
  all: ['credit-repayment'] as const,
  orders: (token: string | null, filters: CreditOrdersFilters) =>
    [...creditRepaymentKeys.all, 'orders', token, filters] as const,
  admin: ['admin', 'credit-repayments'] as const,
  adminList: (filters: Pick<AdminRepaymentQuery, 'status' | 'page'>) =>
    [...creditRepaymentKeys.admin, 'list', filters] as const,
  adminProof: (id: number) => [...creditRepaymentKeys.admin, 'proof', id] as const,
  adminOverdue: ['admin', 'credit-overdue'] as const,
};

/** fetchToPay: the buyer's BuildCredit orders. */
export function useCreditOrders(token: string | null, filters: CreditOrdersFilters) {
  return useQuery({
    queryKey: creditRepaymentKeys.orders(token, filters),
    queryFn: ({ signal }) => call(endpoints.creditOrders, { query: filters, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export interface RepaymentInput {
  online: boolean;
  allocations: { order_id: number; amount: number }[];
  proof: File | null;
}

/** payUsingBuildCredit: the spec's data JSON (one order) or several orders' allocations, and the proof photo. */
export function usePayCredit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RepaymentInput) => {
      const form = new FormData();
      const one = input.allocations.length === 1 ? input.allocations[0]! : null;
      form.append(
        'data',
        JSON.stringify(
          one
            ? { online_payment: String(input.online), order_id: one.order_id, amount_paid: one.amount }
            : { online_payment: String(input.online), allocations: input.allocations },
        ),
      );
      if (input.proof) form.append('rpafpaymentPhoto', input.proof, input.proof.name);
      return call(endpoints.pay, { body: form });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: creditRepaymentKeys.all });
      void client.invalidateQueries({ queryKey: buildCreditKeys.all });
    },
  });
}

/** The trust receipt as a PDF download (a POST, as the spec's form; the bearer token goes with it). */
export async function downloadTrustReceipt(reference: string) {
  const token = getSession().token;
  const response = await fetch(`/api/v1${pathOf(endpoints.trustReceipt, { params: { reference } })}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error('The trust receipt could not be downloaded.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `trust-receipt-${reference}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useAdminRepayments(filters: Pick<AdminRepaymentQuery, 'status' | 'page'>) {
  return useQuery({
    queryKey: creditRepaymentKeys.adminList(filters),
    queryFn: () => callVia(adminApi, endpoints.adminRepayments, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

/** A bank transfer's proof image as a blob (private: fetched with the admin cookie, shown as an object URL). */
export function useAdminProof(id: number | null) {
  return useQuery({
    queryKey: creditRepaymentKeys.adminProof(id ?? 0),
    queryFn: ({ signal }) => adminFile(pathOf(endpoints.adminProof, { params: { id: id ?? 0 } }), signal),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useDecideRepayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: AdminRepaymentDecision }) =>
      callVia(adminApi, endpoints.adminDecide, { params: { id }, body: decision }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: creditRepaymentKeys.admin });
      void client.invalidateQueries({ queryKey: creditRepaymentKeys.adminOverdue });
    },
  });
}

export function useAdminOverdueCredit() {
  return useQuery({
    queryKey: creditRepaymentKeys.adminOverdue,
    queryFn: () => callVia(adminApi, endpoints.adminOverdue),
  });
}
