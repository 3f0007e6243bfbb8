import type {
  availablePurchaseOrderList,
  backOfficeSummary,
  inventoryCategoryList,
  inventoryReport,
  inventoryReportQuery,
  poProductList,
  poSellerList,
  purchaseOrder,
  purchaseOrderDecision,
  purchaseOrderDecisionResult,
  purchaseOrderList,
  purchaseOrderListQuery,
  purchaseOrderRequest,
  purchaseReceiveList,
  purchaseReceiveRequest,
  purchaseReceiveResult,
  supplier,
  supplierInput,
  supplierList,
  warehouse,
  warehouseInput,
  warehouseList,
} from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

/** Back office I: purchasing, receiving and the inventory report (the admin cookie session, see features/admin). */
export const suppliers = defineEndpoint({
  method: 'GET',
  path: '/admin/suppliers',
  response: schema<typeof supplierList>(),
});
export const addSupplier = defineEndpoint({
  method: 'POST',
  path: '/admin/suppliers',
  body: schema<typeof supplierInput>(),
  response: schema<typeof supplier>(),
});
export const changeSupplier = defineEndpoint({
  method: 'PUT',
  path: '/admin/suppliers/:id',
  body: schema<typeof supplierInput>(),
  response: schema<typeof supplier>(),
});
export const warehouses = defineEndpoint({
  method: 'GET',
  path: '/admin/warehouses',
  response: schema<typeof warehouseList>(),
});
export const addWarehouse = defineEndpoint({
  method: 'POST',
  path: '/admin/warehouses',
  body: schema<typeof warehouseInput>(),
  response: schema<typeof warehouse>(),
});
export const changeWarehouse = defineEndpoint({
  method: 'PUT',
  path: '/admin/warehouses/:id',
  body: schema<typeof warehouseInput>(),
  response: schema<typeof warehouse>(),
});
export const sellers = defineEndpoint({
  method: 'GET',
  path: '/admin/purchasing/sellers',
  response: schema<typeof poSellerList>(),
});
export const sellerProducts = defineEndpoint({
  method: 'GET',
  path: '/admin/purchasing/sellers/:sellerId/products',
  response: schema<typeof poProductList>(),
});
export const purchaseOrders = defineEndpoint({
  method: 'GET',
  path: '/admin/purchase-orders',
  query: schema<typeof purchaseOrderListQuery>(),
  response: schema<typeof purchaseOrderList>(),
});
export const requestPurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/admin/purchase-orders',
  body: schema<typeof purchaseOrderRequest>(),
  response: schema<typeof purchaseOrder>(),
});
export const approvals = defineEndpoint({
  method: 'GET',
  path: '/admin/purchase-orders/approvals',
  response: schema<typeof purchaseOrderList>(),
});
export const available = defineEndpoint({
  method: 'GET',
  path: '/admin/purchase-orders/available',
  response: schema<typeof availablePurchaseOrderList>(),
});
export const decide = defineEndpoint({
  method: 'POST',
  path: '/admin/purchase-orders/:id/decision',
  body: schema<typeof purchaseOrderDecision>(),
  response: schema<typeof purchaseOrderDecisionResult>(),
});
export const receives = defineEndpoint({
  method: 'GET',
  path: '/admin/purchase-receives',
  response: schema<typeof purchaseReceiveList>(),
});
export const createReceive = defineEndpoint({
  method: 'POST',
  path: '/admin/purchase-receives',
  body: schema<typeof purchaseReceiveRequest>(),
  response: schema<typeof purchaseReceiveResult>(),
});
export const summary = defineEndpoint({
  method: 'GET',
  path: '/admin/back-office/summary',
  response: schema<typeof backOfficeSummary>(),
});
export const inventoryReportPage = defineEndpoint({
  method: 'GET',
  path: '/admin/inventory-report',
  query: schema<typeof inventoryReportQuery>(),
  response: schema<typeof inventoryReport>(),
});
export const inventoryCategories = defineEndpoint({
  method: 'GET',
  path: '/admin/inventory-report/categories',
  response: schema<typeof inventoryCategoryList>(),
});
