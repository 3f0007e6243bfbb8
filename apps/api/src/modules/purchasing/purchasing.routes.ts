import {
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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { adminAct } from '../admin/index.ts';
import { inventoryReport as buildReport, listCategories } from './inventory-report.service.ts';
import * as orders from './purchase-orders.service.ts';
import * as receives from './receives.service.ts';
import * as catalogue from './suppliers.service.ts';

const tags = ['admin-purchasing'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const sellerParams = z.object({ sellerId: z.coerce.number().int().positive().max(2_147_483_647) });
const productQuery = z.object({ q: z.string().max(100).default('') });

/** Back office I (spec 3 §2.4): administrators only (the admin cookie session), every change audited. */
export async function purchasingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const preHandler = app.requireAdmin;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Suppliers and warehouses.
  app.get('/admin/suppliers', { schema: { tags, response: { 200: supplierList } }, preHandler }, () =>
    catalogue.listSuppliers(deps),
  );
  app.post(
    '/admin/suppliers',
    { schema: { tags, response: { 201: supplier } }, preHandler },
    async (request, reply) => {
      const input = parseOrRefuse(supplierInput, request.body);
      return reply.status(201).send(await catalogue.saveSupplier(deps, null, input, adminAct(request)));
    },
  );
  app.put(
    '/admin/suppliers/:id',
    { schema: { tags, params: idParams, response: { 200: supplier } }, preHandler },
    (request) =>
      catalogue.saveSupplier(deps, request.params.id, parseOrRefuse(supplierInput, request.body), adminAct(request)),
  );
  app.get('/admin/warehouses', { schema: { tags, response: { 200: warehouseList } }, preHandler }, () =>
    catalogue.listWarehouses(deps),
  );
  app.post(
    '/admin/warehouses',
    { schema: { tags, response: { 201: warehouse } }, preHandler },
    async (request, reply) => {
      const input = parseOrRefuse(warehouseInput, request.body);
      return reply.status(201).send(await catalogue.saveWarehouse(deps, null, input, adminAct(request)));
    },
  );
  app.put(
    '/admin/warehouses/:id',
    { schema: { tags, params: idParams, response: { 200: warehouse } }, preHandler },
    (request) =>
      catalogue.saveWarehouse(deps, request.params.id, parseOrRefuse(warehouseInput, request.body), adminAct(request)),
  );

  // What a purchase order request chooses from.
  app.get('/admin/purchasing/sellers', { schema: { tags, response: { 200: poSellerList } }, preHandler }, () =>
    catalogue.listSellers(deps),
  );
  app.get(
    '/admin/purchasing/sellers/:sellerId/products',
    { schema: { tags, params: sellerParams, querystring: productQuery, response: { 200: poProductList } }, preHandler },
    (request) => catalogue.listSellerProducts(deps, request.params.sellerId, request.query.q),
  );

  // Purchase orders and their approval.
  app.get(
    '/admin/purchase-orders',
    { schema: { tags, querystring: purchaseOrderListQuery, response: { 200: purchaseOrderList } }, preHandler },
    (request) => orders.listPurchaseOrders(deps, request.query.status),
  );
  app.post(
    '/admin/purchase-orders',
    { schema: { tags, response: { 201: purchaseOrder } }, preHandler },
    async (request, reply) => {
      const input = parseOrRefuse(purchaseOrderRequest, request.body);
      return reply.status(201).send(await orders.createPurchaseOrder(deps, input, adminAct(request)));
    },
  );
  app.get(
    '/admin/purchase-orders/approvals',
    { schema: { tags, response: { 200: purchaseOrderList } }, preHandler },
    () => orders.listApprovals(deps),
  );
  app.get(
    '/admin/purchase-orders/available',
    { schema: { tags, response: { 200: availablePurchaseOrderList } }, preHandler },
    () => orders.listAvailable(deps),
  );
  app.get(
    '/admin/purchase-orders/:id',
    { schema: { tags, params: idParams, response: { 200: purchaseOrder } }, preHandler },
    (request) => orders.getPurchaseOrder(deps, request.params.id),
  );
  app.post(
    '/admin/purchase-orders/:id/decision',
    { schema: { tags, params: idParams, response: { 200: purchaseOrderDecisionResult } }, preHandler },
    (request) =>
      orders.decidePurchaseOrder(
        deps,
        request.params.id,
        parseOrRefuse(purchaseOrderDecision, request.body),
        adminAct(request),
      ),
  );

  // Purchase receives.
  app.get('/admin/purchase-receives', { schema: { tags, response: { 200: purchaseReceiveList } }, preHandler }, () =>
    receives.listReceives(deps),
  );
  app.post(
    '/admin/purchase-receives',
    { schema: { tags, response: { 201: purchaseReceiveResult } }, preHandler },
    async (request, reply) => {
      const input = parseOrRefuse(purchaseReceiveRequest, request.body);
      return reply.status(201).send(await receives.createReceive(deps, input, adminAct(request)));
    },
  );

  app.get('/admin/back-office/summary', { schema: { tags, response: { 200: backOfficeSummary } }, preHandler }, () =>
    orders.summary(deps),
  );

  // The inventory report over the stock ledger.
  app.get('/admin/inventory-report', { schema: { tags, response: { 200: inventoryReport } }, preHandler }, (request) =>
    buildReport(deps, parseOrRefuse(inventoryReportQuery, request.query)),
  );
  app.get(
    '/admin/inventory-report/categories',
    { schema: { tags, response: { 200: inventoryCategoryList } }, preHandler },
    () => listCategories(deps),
  );
}
