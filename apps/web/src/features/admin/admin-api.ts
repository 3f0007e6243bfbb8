import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_CSRF_HEADER,
  ADMIN_CSRF_VALUE,
  type AdminDashboard,
  type AdminLoginRequest,
  type AdminOrderDetail,
  type AdminOrderRow,
  type AdminSession,
  type AdminUndeliveredMailList,
  type OrderStatus,
} from '@tibay/contract';
import { ApiError, api, type RequestOptions } from '../../lib/api.ts';

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

export async function adminApi<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  try {
    return await api<T>(path, {
      ...options,
      token: null,
      headers: { ...options.headers, [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) for (const listener of unauthorizedListeners) listener();
    throw error;
  }
}

export const adminKeys = {
  session: ['admin', 'session'] as const,
  orders: (filters: AdminOrderFilters) => ['admin', 'orders', filters] as const,
  order: (reference: string) => ['admin', 'order', reference] as const,
  dashboard: ['admin', 'dashboard'] as const,
  undeliveredMail: ['admin', 'mail', 'undelivered'] as const,
};

export function useAdminSession() {
  return useQuery({
    queryKey: adminKeys.session,
    queryFn: () => adminApi<AdminSession>('/admin/session'),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useAdminLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminLoginRequest) =>
      api<AdminSession>('/admin/session', {
        method: 'POST',
        body: input,
        token: null,
        headers: { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE },
      }),
    onSuccess: (session) => client.setQueryData(adminKeys.session, session),
  });
}

export function useAdminLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminApi<void>('/admin/session', { method: 'DELETE' }),
    onSettled: () => client.removeQueries({ queryKey: ['admin'] }),
  });
}

export interface AdminOrderFilters {
  status: string;
  payment_method: string;
  from: string;
  to: string;
  q: string;
  /** '' for every payment, or one payment status (the dashboard links to 'refund_due'). */
  payment_status: string;
  page: number;
}

export function useAdminOrders(filters: AdminOrderFilters) {
  const params = new URLSearchParams({ status: filters.status || 'ALL', page: String(filters.page), pageSize: '20' });
  if (filters.payment_method) params.set('payment_method', filters.payment_method);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q) params.set('q', filters.q);
  if (filters.payment_status) params.set('payment_status', filters.payment_status);
  return useQuery({
    queryKey: adminKeys.orders(filters),
    queryFn: () =>
      adminApi<{ items: AdminOrderRow[]; page: number; totalPages: number; totalCount: number }>(
        `/admin/orders?${params}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(reference: string) {
  return useQuery({
    queryKey: adminKeys.order(reference),
    queryFn: () => adminApi<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(reference)}`),
  });
}

export function useAdminMoveOrder(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { to: OrderStatus; reason?: string }) =>
      adminApi<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(reference)}/status`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: (order) => {
      client.setQueryData(adminKeys.order(reference), order);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

/** Records that a payment which came after its orders ended was refunded at the gateway. */
export function useAdminRecordRefund(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminApi<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(reference)}/refund`, { method: 'POST' }),
    onSuccess: (order) => {
      client.setQueryData(adminKeys.order(reference), order);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: () => adminApi<AdminDashboard>('/admin/dashboard'),
  });
}

/** Mails whose every try over SMTP failed (the dashboard links here). */
export function useAdminUndeliveredMail() {
  return useQuery({
    queryKey: adminKeys.undeliveredMail,
    queryFn: () => adminApi<AdminUndeliveredMailList>('/admin/mail/undelivered'),
  });
}

/** A fresh round of tries for one undelivered mail. */
export function useAdminRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi<{ message: string }>(`/admin/mail/${id}/retry`, { method: 'POST' }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.undeliveredMail });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}
