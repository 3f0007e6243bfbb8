import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_CSRF_HEADER,
  ADMIN_CSRF_VALUE,
  type InventoryReportRow,
  type inventoryReportQuery,
  type PurchaseOrderDecision,
  type PurchaseOrderRequest,
  type PurchaseOrderStatus,
  type PurchaseReceiveRequest,
  type SupplierInput,
  type WarehouseInput,
} from '@tibay/contract';
import { ApiError, api } from '../../lib/api.ts';
import { callVia, type QueryValues, type Transport } from '../../lib/endpoint.ts';
import * as adminEndpoints from '../../lib/endpoints/admin.ts';
import * as purchasingEndpoints from '../../lib/endpoints/purchasing.ts';

/**
 * Back office I calls (purchasing, receiving, the inventory report). The admin session is the httpOnly cookie the
 * browser sends itself (decision 0009); every call carries the admin CSRF header. A 401 means the session ended:
 * the session query is checked again, and the admin frame then shows 'Not Authorized!'.
 */

export interface ReportFilters {
  startDate: string;
  endDate: string;
  sellerId: string;
  categoryId: string;
}

export const backOfficeKeys = {
  /** The admin session's query (the same key as the admin frame's, so both read one answer). */
  session: ['admin', 'session'] as const,
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
  reportPage: (filters: ReportFilters, page: number) => [...backOfficeKeys.report(filters), page] as const,
  categories: ['admin', 'back-office', 'categories'] as const,
  summary: ['admin', 'back-office', 'summary'] as const,
};

/** The back office's admin transport: no bearer token, the CSRF header, and a 401 checks the session again. */
function adminTransport(client: QueryClient): Transport {
  return async (path, options) => {
    try {
      return await api(path, {
        ...options,
        token: null,
        headers: { ...options.headers, [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        void client.invalidateQueries({ queryKey: backOfficeKeys.session });
      }
      throw error;
    }
  };
}

/** Whether the cookie holds an admin session (the spec's admin paths ask before showing anything). */
export function useAdminSessionCheck() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.session,
    queryFn: () => callVia(adminTransport(client), adminEndpoints.session),
    staleTime: 60_000,
  });
}

export function useSuppliers() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.suppliers,
    queryFn: () => callVia(adminTransport(client), purchasingEndpoints.suppliers),
  });
}

export function useSaveSupplier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SupplierInput }) =>
      id === null
        ? callVia(adminTransport(client), purchasingEndpoints.addSupplier, { body: input })
        : callVia(adminTransport(client), purchasingEndpoints.changeSupplier, { params: { id }, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.suppliers }),
  });
}

export function useWarehouses() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.warehouses,
    queryFn: () => callVia(adminTransport(client), purchasingEndpoints.warehouses),
  });
}

export function useSaveWarehouse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: WarehouseInput }) =>
      id === null
        ? callVia(adminTransport(client), purchasingEndpoints.addWarehouse, { body: input })
        : callVia(adminTransport(client), purchasingEndpoints.changeWarehouse, { params: { id }, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.warehouses }),
  });
}

export function usePoSellers() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.sellers,
    queryFn: () => callVia(adminTransport(client), purchasingEndpoints.sellers),
  });
}

export function useSellerProducts(sellerId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.sellerProducts(sellerId),
    queryFn: () =>
      callVia(adminTransport(client), purchasingEndpoints.sellerProducts, { params: { sellerId: sellerId! } }),
    enabled: sellerId !== null,
  });
}

export function usePurchaseOrders(status: 'ALL' | PurchaseOrderStatus) {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.orders(status),
    queryFn: () => callVia(adminTransport(client), purchasingEndpoints.purchaseOrders, { query: { status } }),
    placeholderData: keepPreviousData,
  });
}

export function useRequestPurchaseOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseOrderRequest) =>
      callVia(adminTransport(client), purchasingEndpoints.requestPurchaseOrder, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}

export function usePurchaseOrderApprovals() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.approvals,
    queryFn: () => callVia(adminTransport(client), purchasingEndpoints.approvals),
  });
}

export function useDecidePurchaseOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: PurchaseOrderDecision }) =>
      callVia(adminTransport(client), purchasingEndpoints.decide, { params: { id }, body: decision }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}

export function useAvailablePurchaseOrders() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.available,
    queryFn: () => callVia(adminTransport(client), purchasingEndpoints.available),
  });
}

export function usePurchaseReceives() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.receives,
    queryFn: () => callVia(adminTransport(client), purchasingEndpoints.receives),
  });
}

export function useCreatePurchaseReceive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseReceiveRequest) =>
      callVia(adminTransport(client), purchasingEndpoints.createReceive, { body: input }),
  });
}

/** The report's query: the dates and the page always, the seller and the category when chosen ('' for any). */
function reportQuery(filters: ReportFilters, page: number, pageSize: number): QueryValues<typeof inventoryReportQuery> {
  const { sellerId, categoryId } = filters;
  return {
    startDate: filters.startDate,
    endDate: filters.endDate,
    page,
    pageSize,
    sellerId: sellerId ? Number(sellerId) : undefined,
    categoryId: categoryQuery(categoryId),
  };
}

/** The chosen category: a group ('building' / 'tools') or a category id; '' leaves it out. */
function categoryQuery(categoryId: string) {
  if (!categoryId) return undefined;
  return categoryId === 'building' || categoryId === 'tools' ? categoryId : Number(categoryId);
}

/** The report for the searched filters (null until Search is pressed). */
export function useInventoryReport(filters: ReportFilters | null, page: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.reportPage(filters ?? { startDate: '', endDate: '', sellerId: '', categoryId: '' }, page),
    queryFn: () =>
      callVia(adminTransport(client), purchasingEndpoints.inventoryReportPage, {
        query: reportQuery(filters!, page, 50),
      }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every row of the report, page by page (for the exports). */
export function useFetchWholeReport() {
  const client = useQueryClient();
  return async (filters: ReportFilters) => {
    const rows: InventoryReportRow[] = [];
    for (let page = 1; ; page += 1) {
      const report = await callVia(adminTransport(client), purchasingEndpoints.inventoryReportPage, {
        query: reportQuery(filters, page, 1000),
      });
      rows.push(...report.results);
      if (page >= report.totalPages) return rows;
    }
  };
}

export function useInventoryCategories() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.categories,
    queryFn: () => callVia(adminTransport(client), purchasingEndpoints.inventoryCategories),
  });
}

/** POs to decide and to receive, and the products running low. */
export function useBackOfficeSummary() {
  const client = useQueryClient();
  return useQuery({
    queryKey: backOfficeKeys.summary,
    queryFn: () => callVia(adminTransport(client), purchasingEndpoints.summary),
  });
}
