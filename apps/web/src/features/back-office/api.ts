import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InventoryReportRow,
  inventoryReportQuery,
  PurchaseOrderDecision,
  PurchaseOrderRequest,
  PurchaseOrderStatus,
  PurchaseReceiveRequest,
  SupplierInput,
  WarehouseInput,
} from '@tibay/contract';
import { callVia, type QueryValues } from '../../lib/endpoint.ts';
import * as purchasingEndpoints from '../../lib/endpoints/purchasing.ts';
import { adminApi } from '../admin/index.ts';

/**
 * Back office I calls (purchasing, receiving, the inventory report), through the admin transport (adminApi: the
 * httpOnly cookie session of decision 0009 and the CSRF header; a 401 sends the admin frame to 'Not Authorized!').
 */

export interface ReportFilters {
  startDate: string;
  endDate: string;
  sellerId: string;
  categoryId: string;
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
  reportPage: (filters: ReportFilters, page: number) => [...backOfficeKeys.report(filters), page] as const,
  categories: ['admin', 'back-office', 'categories'] as const,
  summary: ['admin', 'back-office', 'summary'] as const,
};

export function useSuppliers() {
  return useQuery({
    queryKey: backOfficeKeys.suppliers,
    queryFn: () => callVia(adminApi, purchasingEndpoints.suppliers),
  });
}

export function useSaveSupplier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SupplierInput }) =>
      id === null
        ? callVia(adminApi, purchasingEndpoints.addSupplier, { body: input })
        : callVia(adminApi, purchasingEndpoints.changeSupplier, { params: { id }, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.suppliers }),
  });
}

export function useWarehouses() {
  return useQuery({
    queryKey: backOfficeKeys.warehouses,
    queryFn: () => callVia(adminApi, purchasingEndpoints.warehouses),
  });
}

export function useSaveWarehouse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: WarehouseInput }) =>
      id === null
        ? callVia(adminApi, purchasingEndpoints.addWarehouse, { body: input })
        : callVia(adminApi, purchasingEndpoints.changeWarehouse, { params: { id }, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.warehouses }),
  });
}

export function usePoSellers() {
  return useQuery({
    queryKey: backOfficeKeys.sellers,
    queryFn: () => callVia(adminApi, purchasingEndpoints.sellers),
  });
}

export function useSellerProducts(sellerId: number | null) {
  return useQuery({
    queryKey: backOfficeKeys.sellerProducts(sellerId),
    queryFn: () => callVia(adminApi, purchasingEndpoints.sellerProducts, { params: { sellerId: sellerId! } }),
    enabled: sellerId !== null,
  });
}

export function usePurchaseOrders(status: 'ALL' | PurchaseOrderStatus) {
  return useQuery({
    queryKey: backOfficeKeys.orders(status),
    queryFn: () => callVia(adminApi, purchasingEndpoints.purchaseOrders, { query: { status } }),
    placeholderData: keepPreviousData,
  });
}

export function useRequestPurchaseOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseOrderRequest) =>
      callVia(adminApi, purchasingEndpoints.requestPurchaseOrder, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}

export function usePurchaseOrderApprovals() {
  return useQuery({
    queryKey: backOfficeKeys.approvals,
    queryFn: () => callVia(adminApi, purchasingEndpoints.approvals),
  });
}

export function useDecidePurchaseOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: PurchaseOrderDecision }) =>
      callVia(adminApi, purchasingEndpoints.decide, { params: { id }, body: decision }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}

export function useAvailablePurchaseOrders() {
  return useQuery({
    queryKey: backOfficeKeys.available,
    queryFn: () => callVia(adminApi, purchasingEndpoints.available),
  });
}

export function usePurchaseReceives() {
  return useQuery({
    queryKey: backOfficeKeys.receives,
    queryFn: () => callVia(adminApi, purchasingEndpoints.receives),
  });
}

export function useCreatePurchaseReceive() {
  return useMutation({
    mutationFn: (input: PurchaseReceiveRequest) =>
      callVia(adminApi, purchasingEndpoints.createReceive, { body: input }),
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
  return useQuery({
    queryKey: backOfficeKeys.reportPage(filters ?? { startDate: '', endDate: '', sellerId: '', categoryId: '' }, page),
    queryFn: () =>
      callVia(adminApi, purchasingEndpoints.inventoryReportPage, {
        query: reportQuery(filters!, page, 50),
      }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every row of the report, page by page (for the exports). */
export function useFetchWholeReport() {
  return async (filters: ReportFilters) => {
    const rows: InventoryReportRow[] = [];
    for (let page = 1; ; page += 1) {
      const report = await callVia(adminApi, purchasingEndpoints.inventoryReportPage, {
        query: reportQuery(filters, page, 1000),
      });
      rows.push(...report.results);
      if (page >= report.totalPages) return rows;
    }
  };
}

export function useInventoryCategories() {
  return useQuery({
    queryKey: backOfficeKeys.categories,
    queryFn: () => callVia(adminApi, purchasingEndpoints.inventoryCategories),
  });
}

/** POs to decide and to receive, and the products running low. */
export function useBackOfficeSummary() {
  return useQuery({
    queryKey: backOfficeKeys.summary,
    queryFn: () => callVia(adminApi, purchasingEndpoints.summary),
  });
}
