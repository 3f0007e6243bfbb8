import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { approveCreditRequest, CreditFileKind, CreditReviewQuery } from '@tibay/contract';
import type { z } from 'zod';
import { callVia, pathOf } from '../../lib/endpoint.ts';
import * as review from '../../lib/endpoints/credit-review.ts';
import { adminApi, adminFile } from '../admin/index.ts';

/**
 * The BuildCredit review's calls (admin-v2 BuildCredit, decision 0038), through the admin frame's transport (the
 * admin cookie and CSRF header; a 401 ends the admin session there).
 */
export type CreditReviewFilters = Pick<CreditReviewQuery, 'status' | 'q' | 'page'>;

export const creditReviewKeys = {
  lists: ['admin', 'credit-applications', 'list'] as const,
  list: (filters: CreditReviewFilters) => [...creditReviewKeys.lists, filters] as const,
  detail: (id: number) => ['admin', 'credit-applications', 'detail', id] as const,
  file: (id: number, field: CreditFileKind, version: string) =>
    ['admin', 'credit-applications', 'file', id, field, version] as const,
};

export function useCreditQueue(filters: CreditReviewFilters) {
  return useQuery({
    queryKey: creditReviewKeys.list(filters),
    queryFn: () => callVia(adminApi, review.queue, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useCreditApplication(id: number | null) {
  return useQuery({
    queryKey: creditReviewKeys.detail(id ?? 0),
    queryFn: () => callVia(adminApi, review.detail, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** A private application file as a blob (read with the admin cookie; shown through an object URL). */
export function useCreditFile(id: number, field: CreditFileKind, version: string) {
  return useQuery({
    queryKey: creditReviewKeys.file(id, field, version),
    queryFn: ({ signal }) => adminFile(pathOf(review.file, { params: { id, field } }), signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export type Decision =
  | { kind: 'approve'; body: z.input<typeof approveCreditRequest> }
  | { kind: 'reject'; reason: string }
  | { kind: 'documents'; note: string };

/** Approve, reject or ask for more documents; the queue and the application are read again. */
export function useDecide(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => {
      const params = { id };
      if (decision.kind === 'approve') return callVia(adminApi, review.approve, { params, body: decision.body });
      if (decision.kind === 'reject') {
        return callVia(adminApi, review.reject, { params, body: { reason: decision.reason } });
      }
      return callVia(adminApi, review.requestDocuments, { params, body: { note: decision.note } });
    },
    onSuccess: (answer) => {
      client.setQueryData(creditReviewKeys.detail(id), answer);
      void client.invalidateQueries({ queryKey: creditReviewKeys.lists });
    },
    onError: () => void client.invalidateQueries({ queryKey: creditReviewKeys.detail(id) }),
  });
}
