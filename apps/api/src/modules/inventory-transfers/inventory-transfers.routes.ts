import {
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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { adminAct } from '../admin/index.ts';
import * as badStock from './bad-stock.service.ts';
import * as transfers from './transfers.service.ts';

const tags = ['admin-inventory-transfers'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const sellerParams = z.object({ sellerId: z.coerce.number().int().positive().max(2_147_483_647) });
const referenceParams = z.object({ reference: z.string().min(1).max(40) });

/** Back office II (spec 3 §2.4, §7): administrators only (the admin cookie session), every change audited. */
export async function inventoryTransferRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const preHandler = app.requireAdmin;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Inventory transfers between sellers.
  app.get(
    '/admin/inventory-transfers/sellers',
    { schema: { tags, response: { 200: transferSellerList } }, preHandler },
    () => transfers.listSellers(deps),
  );
  app.get(
    '/admin/inventory-transfers/sellers/:sellerId/products',
    {
      schema: { tags, params: sellerParams, querystring: transferProductQuery, response: { 200: transferProductList } },
      preHandler,
    },
    (request) => transfers.listSellerProducts(deps, request.params.sellerId, request.query.q),
  );
  app.get(
    '/admin/inventory-transfers',
    { schema: { tags, querystring: inventoryTransferListQuery, response: { 200: inventoryTransferList } }, preHandler },
    (request) => transfers.listTransfers(deps, request.query.status),
  );
  app.get(
    '/admin/inventory-transfers/summary',
    { schema: { tags, response: { 200: inventoryTransfersSummary } }, preHandler },
    () => transfers.pendingCount(deps),
  );
  app.post(
    '/admin/inventory-transfers',
    { schema: { tags, response: { 201: inventoryTransferResult } }, preHandler },
    async (request, reply) => {
      const input = parseOrRefuse(inventoryTransferRequest, request.body);
      return reply.status(201).send(await transfers.createTransfer(deps, input, adminAct(request)));
    },
  );
  app.put(
    '/admin/inventory-transfers/:id',
    { schema: { tags, params: idParams, response: { 200: inventoryTransferDecisionResult } }, preHandler },
    (request) =>
      transfers.decideTransfer(
        deps,
        request.params.id,
        parseOrRefuse(inventoryTransferDecision, request.body).status,
        adminAct(request),
      ),
  );

  // Bad stock transfer.
  app.get(
    '/admin/bad-stock/orders',
    { schema: { tags, querystring: badStockOrderQuery, response: { 200: badStockOrderList } }, preHandler },
    (request) => badStock.searchOrders(deps, request.query.query),
  );
  app.get(
    '/admin/bad-stock/orders/:reference',
    { schema: { tags, params: referenceParams, response: { 200: badStockOrder } }, preHandler },
    (request) => badStock.getOrder(deps, request.params.reference),
  );
  app.post(
    '/admin/bad-stock/transfers',
    { schema: { tags, response: { 201: badStockTransferResult } }, preHandler },
    async (request, reply) => {
      const input = parseOrRefuse(badStockTransferRequest, request.body);
      return reply.status(201).send(await badStock.transferBadStock(deps, input, adminAct(request)));
    },
  );
}
