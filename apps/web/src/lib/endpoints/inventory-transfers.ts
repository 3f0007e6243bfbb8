import type {
  badStockOrder,
  badStockOrderList,
  badStockOrderQuery,
  badStockTransferRequest,
  badStockTransferResult,
  inventoryTransferDecision,
  inventoryTransferDecisionResult,
  inventoryTransferList,
  inventoryTransferListQuery,
  inventoryTransferRequest,
  inventoryTransferResult,
  inventoryTransfersSummary,
  transferProductList,
  transferProductQuery,
  transferSellerList,
} from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

/** Back office II: inventory transfers and their approval, bad stock transfers (the admin cookie session). */
export const transferSellers = defineEndpoint({
  method: 'GET',
  path: '/admin/inventory-transfers/sellers',
  response: schema<typeof transferSellerList>(),
});
export const transferProducts = defineEndpoint({
  method: 'GET',
  path: '/admin/inventory-transfers/sellers/:sellerId/products',
  query: schema<typeof transferProductQuery>(),
  response: schema<typeof transferProductList>(),
});
export const transfers = defineEndpoint({
  method: 'GET',
  path: '/admin/inventory-transfers',
  query: schema<typeof inventoryTransferListQuery>(),
  response: schema<typeof inventoryTransferList>(),
});
export const transfersSummary = defineEndpoint({
  method: 'GET',
  path: '/admin/inventory-transfers/summary',
  response: schema<typeof inventoryTransfersSummary>(),
});
export const createTransfer = defineEndpoint({
  method: 'POST',
  path: '/admin/inventory-transfers',
  body: schema<typeof inventoryTransferRequest>(),
  response: schema<typeof inventoryTransferResult>(),
});
export const decideTransfer = defineEndpoint({
  method: 'PUT',
  path: '/admin/inventory-transfers/:id',
  body: schema<typeof inventoryTransferDecision>(),
  response: schema<typeof inventoryTransferDecisionResult>(),
});
export const badStockOrders = defineEndpoint({
  method: 'GET',
  path: '/admin/bad-stock/orders',
  query: schema<typeof badStockOrderQuery>(),
  response: schema<typeof badStockOrderList>(),
});
export const badStockOrderForm = defineEndpoint({
  method: 'GET',
  path: '/admin/bad-stock/orders/:reference',
  response: schema<typeof badStockOrder>(),
});
export const transferBadStock = defineEndpoint({
  method: 'POST',
  path: '/admin/bad-stock/transfers',
  body: schema<typeof badStockTransferRequest>(),
  response: schema<typeof badStockTransferResult>(),
});
