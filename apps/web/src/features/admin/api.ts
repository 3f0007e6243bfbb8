import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_CSRF_HEADER,
  ADMIN_CSRF_VALUE,
  type AdminLoginRequest,
  type AdminOrderListQuery,
  type SearchSynonymInput,
} from '@tibay/contract';
import { ApiError, api, type RequestOptions } from '../../lib/api.ts';
import { type BodyOf, call, callVia } from '../../lib/endpoint.ts';
import * as adminEndpoints from '../../lib/endpoints/admin.ts';

/**
 * Admin calls: the session is an httpOnly cookie the browser sends by itself (decision 0009), so no token is
 * read or stored by scripts; every call carries the admin CSRF header. A 401 means the admin session ended.
 */

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** The admin frame listens here: an ended session shows 'Not Authorized!' and goes to the admin login. */
export function onAdminUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const ended = () => {
  for (const listener of unauthorizedListeners) listener();
};

/** The header every admin call carries (CSRF, decision 0009); also the admin chat stream's. */
export const adminHeaders = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE } as const;

/**
 * The back office's one transport (every admin-v2 page and the spec's admin paths): no bearer token, the CSRF
 * header, and a 401 tells the admin frame.
 */
export async function adminApi(path: string, options: RequestOptions): Promise<unknown> {
  try {
    return await api(path, { ...options, token: null, headers: { ...options.headers, ...adminHeaders } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) ended();
    throw error;
  }
}

/**
 * A private file (a customer's documents, a logo, a proof of payment) as a blob, read with the admin cookie: an
 * <img> cannot send the CSRF header, so pages show it through an object URL. `path` is under /api/v1.
 */
export async function adminFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(`/api/v1${path}`, { headers: adminHeaders, credentials: 'same-origin', signal });
  if (response.status === 401) ended();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.blob();
}

/** The sales page's filters as read from its URL ('' for any); they go to the server as they are. */
export type AdminOrderFilters = Record<'status' | 'payment_method' | 'from' | 'to' | 'q' | 'payment_status', string> & {
  page: number;
};

export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  orderLists: ['admin', 'orders'] as const,
  orders: (filters: AdminOrderFilters) => [...adminKeys.orderLists, filters] as const,
  order: (reference: string) => ['admin', 'order', reference] as const,
  dashboard: ['admin', 'dashboard'] as const,
  undeliveredMail: ['admin', 'mail', 'undelivered'] as const,
  synonyms: ['admin', 'search-synonyms'] as const,
};

export function useAdminSession() {
  return useQuery({
    queryKey: adminKeys.session,
    queryFn: () => callVia(adminApi, adminEndpoints.session),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useAdminLogin() {
  const client = useQueryClient();
  return useMutation({
    // Not through adminApi: a refused login is not an ended session.
    mutationFn: (input: AdminLoginRequest) =>
      call(adminEndpoints.login, { body: input, token: null, headers: adminHeaders }),
    onSuccess: (session) => client.setQueryData(adminKeys.session, session),
  });
}

export function useAdminLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callVia(adminApi, adminEndpoints.logout),
    onSettled: () => client.removeQueries({ queryKey: adminKeys.all }),
  });
}

export function useAdminOrders(filters: AdminOrderFilters) {
  // The URL's values are sent as they are: the server answers an unknown one with its message.
  const query = {
    status: (filters.status || 'ALL') as AdminOrderListQuery['status'],
    page: filters.page,
    pageSize: 20,
    payment_method: filters.payment_method || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    q: filters.q || undefined,
    payment_status: (filters.payment_status || undefined) as AdminOrderListQuery['payment_status'],
  };
  return useQuery({
    queryKey: adminKeys.orders(filters),
    queryFn: () => callVia(adminApi, adminEndpoints.orders, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(reference: string) {
  return useQuery({
    queryKey: adminKeys.order(reference),
    queryFn: () => callVia(adminApi, adminEndpoints.order, { params: { reference } }),
  });
}

export function useAdminMoveOrder(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<typeof adminEndpoints.moveOrder>) =>
      callVia(adminApi, adminEndpoints.moveOrder, { params: { reference }, body: input }),
    onSuccess: (order) => {
      client.setQueryData(adminKeys.order(reference), order);
      void client.invalidateQueries({ queryKey: adminKeys.orderLists });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

/** Records that a payment which came after its orders ended was refunded at the gateway. */
export function useAdminRecordRefund(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callVia(adminApi, adminEndpoints.recordRefund, { params: { reference } }),
    onSuccess: (order) => {
      client.setQueryData(adminKeys.order(reference), order);
      void client.invalidateQueries({ queryKey: adminKeys.orderLists });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

export function useAdminDashboard() {
  return useQuery({ queryKey: adminKeys.dashboard, queryFn: () => callVia(adminApi, adminEndpoints.dashboard) });
}

/** Mails whose every try over SMTP failed (the dashboard links here). */
export function useAdminUndeliveredMail() {
  return useQuery({
    queryKey: adminKeys.undeliveredMail,
    queryFn: () => callVia(adminApi, adminEndpoints.undeliveredMail),
  });
}

/** A fresh round of tries for one undelivered mail. */
export function useAdminRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callVia(adminApi, adminEndpoints.retryMail, { params: { id } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.undeliveredMail });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

/** The search synonym rules administrators edit (GET/POST/PUT/DELETE /admin/search-synonyms). */
export function useSearchSynonyms() {
  return useQuery({ queryKey: adminKeys.synonyms, queryFn: () => callVia(adminApi, adminEndpoints.synonyms) });
}

/** Adds a rule (no id) or changes one. */
export function useSaveSearchSynonym() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id: number | null; rule: SearchSynonymInput }) =>
      id === null
        ? callVia(adminApi, adminEndpoints.addSynonym, { body: rule })
        : callVia(adminApi, adminEndpoints.changeSynonym, { params: { id }, body: rule }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.synonyms }),
  });
}

export function useDeleteSearchSynonym() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callVia(adminApi, adminEndpoints.deleteSynonym, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.synonyms }),
  });
}
