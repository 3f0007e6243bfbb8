import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_CSRF_HEADER,
  ADMIN_CSRF_VALUE,
  type AdminSession,
  type AvailablePurchaseOrder,
  type BackOfficeSummary,
  type InventoryReport,
  type PoProduct,
  type PoSeller,
  type PurchaseOrder,
  type PurchaseOrderDecision,
  type PurchaseOrderDecisionResult,
  type PurchaseOrderRequest,
  type PurchaseOrderStatus,
  type PurchaseReceive,
  type PurchaseReceiveRequest,
  type PurchaseReceiveResult,
  type Supplier,
  type SupplierInput,
  type Warehouse,
  type WarehouseInput,
} from '@tibay/contract';
import { ApiError, api, type RequestOptions } from '../../lib/api.ts';

/**
 * Back office I calls (purchasing, receiving, the inventory report). The admin session is the httpOnly cookie the
 * browser sends itself (decision 0009); every call carries the admin CSRF header. A 401 means the session ended:
 * the session query is checked again, and the admin frame then shows 'Not Authorized!'.
 */

const sessionKey = ['admin', 'session'] as const;

async function call<T>(client: QueryClient, path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  try {
    return await api<T>(path, {
      ...options,
      token: null,
      headers: { ...options.headers, [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) void client.invalidateQueries({ queryKey: sessionKey });
    throw error;
  }
}

export const backOfficeKeys = {
  all: ['admin', 'back-office'] as const,
  suppliers: ['admin', 'back-office', 'suppliers'] as const,
  warehouses: ['admin', 'back-office', 'warehouses'] as const,
  sellers: ['admin', 'back-office', 'sellers'] as const,
  sellerProducts: (sellerId: number | null) => ['admin', 'back-office', 'seller-products', sellerId] as const,
  orders: (status: string) => ['admin', 'back-office', 'orders', status] as const,
  approvals: ['admin', 'back-office', 'approvals'] as const,
  available: ['admin', 'back-office', 'available'] as const,
  receives: ['admin', 'back-office', 'receives'] as const,
  report: (filters: ReportFilters) => ['admin', 'back-office', 'report', filters] as const,
  categories: ['admin', 'back-office', 'categories'] as const,
  summary: ['admin', 'back-office', 'summary'] as const,
};

/** Whether the cookie holds an admin session (the spec's admin paths ask before showing anything). */
export function useAdminSessionCheck() {
  const client = useQueryClient();
  return useQuery({
    queryKey: sessionKey,
    queryFn: () => call<AdminSession>(client, '/admin/session'),
    staleTime: 60_000,
  });
}

export function useSuppliers() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.suppliers,
    queryFn: () => call<{ items: Supplier[] }>(client, '/admin/suppliers'),
  });
}

export function useSaveSupplier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SupplierInput }) =>
      call<Supplier>(client, id === null ? '/admin/suppliers' : `/admin/suppliers/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.suppliers }),
  });
}

export function useWarehouses() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.warehouses,
    queryFn: () => call<{ items: Warehouse[] }>(client, '/admin/warehouses'),
  });
}

export function useSaveWarehouse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: WarehouseInput }) =>
      call<Warehouse>(client, id === null ? '/admin/warehouses' : `/admin/warehouses/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.warehouses }),
  });
}

export function usePoSellers() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.sellers,
    queryFn: () => call<{ items: PoSeller[] }>(client, '/admin/purchasing/sellers'),
  });
}

export function useSellerProducts(sellerId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.sellerProducts(sellerId),
    queryFn: () => call<{ items: PoProduct[] }>(client, `/admin/purchasing/sellers/${sellerId}/products`),
    enabled: sellerId !== null,
  });
}

export function usePurchaseOrders(status: 'ALL' | PurchaseOrderStatus) {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.orders(status),
    queryFn: () => call<{ items: PurchaseOrder[] }>(client, `/admin/purchase-orders?status=${status}`),
    placeholderData: keepPreviousData,
  });
}

export function useRequestPurchaseOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseOrderRequest) =>
      call<PurchaseOrder>(client, '/admin/purchase-orders', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}

export function usePurchaseOrderApprovals() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.approvals,
    queryFn: () => call<{ items: PurchaseOrder[] }>(client, '/admin/purchase-orders/approvals'),
  });
}

export function useDecidePurchaseOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: PurchaseOrderDecision }) =>
      call<PurchaseOrderDecisionResult>(client, `/admin/purchase-orders/${id}/decision`, {
        method: 'POST',
        body: decision,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}

export function useAvailablePurchaseOrders() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.available,
    queryFn: () => call<{ items: AvailablePurchaseOrder[] }>(client, '/admin/purchase-orders/available'),
  });
}

export function usePurchaseReceives() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.receives,
    queryFn: () => call<{ items: PurchaseReceive[] }>(client, '/admin/purchase-receives'),
  });
}

export function useCreatePurchaseReceive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseReceiveRequest) =>
      call<PurchaseReceiveResult>(client, '/admin/purchase-receives', { method: 'POST', body: input }),
  });
}

export interface ReportFilters {
  startDate: string;
  endDate: string;
  sellerId: string;
  categoryId: string;
}

function reportPath(filters: ReportFilters, page: number, pageSize: number) {
  const params = new URLSearchParams({
    startDate: filters.startDate,
    endDate: filters.endDate,
    page: String(page),
    pageSize: String(pageSize),
  });
  if (filters.sellerId) params.set('sellerId', filters.sellerId);
  if (filters.categoryId) params.set('categoryId', filters.categoryId);
  return `/admin/inventory-report?${params}`;
}

/** The report for the searched filters (null until Search is pressed). */
export function useInventoryReport(filters: ReportFilters | null, page: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...backOfficeKeys.report(filters ?? { startDate: '', endDate: '', sellerId: '', categoryId: '' }), page],
    queryFn: () => call<InventoryReport>(client, reportPath(filters!, page, 50)),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every row of the report, page by page (for the exports). */
export function useFetchWholeReport() {
  const client = useQueryClient();
  return async (filters: ReportFilters) => {
    const rows: InventoryReport['results'] = [];
    for (let page = 1; ; page += 1) {
      const report = await call<InventoryReport>(client, reportPath(filters, page, 1000));
      rows.push(...report.results);
      if (page >= report.totalPages) return rows;
    }
  };
}

export function useInventoryCategories() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.categories,
    queryFn: () =>
      call<{ items: Array<{ category_id: number; product_category: string }> }>(
        client,
        '/admin/inventory-report/categories',
      ),
  });
}

/** POs to decide and to receive, and the products running low. */
export function useBackOfficeSummary() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.summary,
    queryFn: () => call<BackOfficeSummary>(client, '/admin/back-office/summary'),
  });
}
