import {
  adminDashboard,
  adminLoginRequest,
  adminMoveOrderInput,
  adminOrderDetail,
  adminOrderListQuery,
  adminOrderPage,
  adminSession,
  messages,
} from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { sendPrivateFile } from '../../lib/private-file.ts';
import { assertSameOrigin } from '../../plugins/admin-session.ts';
import { authRateLimit } from '../accounts/index.ts';
import { moveOrder } from '../orders/index.ts';
import { dashboard } from './dashboard.service.ts';
import * as ordersService from './orders.service.ts';
import { checkAdminLogin, sessionAdmin } from './session.service.ts';

const tags = ['admin'];
const referenceParams = z.object({ reference: z.string().max(40) });

function referenceOrNotFound(raw: string): string {
  const reference = raw.trim().toUpperCase();
  if (!/^ORD\d{14}$/.test(reference)) throw new HttpError('NOT_FOUND', messages.orderNotFound);
  return reference;
}

export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const admins = app.requireAdmin;

  /** Admin login (spec 3 §3): sets the 2-hour httpOnly session cookie. Only administrators may start one. */
  app.post(
    '/admin/session',
    {
      schema: { tags, response: { 200: adminSession } },
      preHandler: [
        async (request) => assertSameOrigin(request, new URL(app.config.publicUrl).origin),
        authRateLimit(app, 'admin-login'),
      ],
    },
    async (request, reply) => {
      const { user, identity } = await checkAdminLogin(deps, parseOrRefuse(adminLoginRequest, request.body));
      const expiresAt = await app.startAdminSession(request, reply, user);
      return { valid: true, admin: identity, expires_at: expiresAt.toISOString() };
    },
  );

  /** Whether the cookie holds a valid admin session (what every /admin-v2 page asks first). */
  app.get('/admin/session', { schema: { tags, response: { 200: adminSession } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.readAdminSession(request);
    if (!session) return { valid: false, admin: null, expires_at: null };
    const admin = await sessionAdmin(deps, session.userId);
    if (!admin) return { valid: false, admin: null, expires_at: null };
    return { valid: true, admin, expires_at: session.expiresAt.toISOString() };
  });

  app.delete(
    '/admin/session',
    {
      schema: { tags },
      preHandler: async (request) => assertSameOrigin(request, new URL(app.config.publicUrl).origin),
    },
    async (request, reply) => {
      await app.endAdminSession(request, reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/admin/orders',
    { schema: { tags, querystring: adminOrderListQuery, response: { 200: adminOrderPage } }, preHandler: admins },
    async (request) => ordersService.listOrders(deps, request.query),
  );

  app.get(
    '/admin/orders/:reference',
    { schema: { tags, params: referenceParams, response: { 200: adminOrderDetail } }, preHandler: admins },
    async (request) => ordersService.getOrder(deps, referenceOrNotFound(request.params.reference)),
  );

  /** Verify, deny (with a reason) or another next step, through the order life cycle. */
  app.post(
    '/admin/orders/:reference/status',
    { schema: { tags, params: referenceParams, response: { 200: adminOrderDetail } }, preHandler: admins },
    async (request) => {
      const reference = referenceOrNotFound(request.params.reference);
      const input = parseOrRefuse(adminMoveOrderInput, request.body);
      await moveOrder(app, {
        reference,
        to: input.to,
        actor: { role: 'admin', userId: request.admin!.userId },
        ...(input.reason ? { reason: input.reason } : {}),
      });
      return ordersService.getOrder(deps, reference);
    },
  );

  /** Records that a payment which came after its orders ended was refunded at the gateway. */
  app.post(
    '/admin/orders/:reference/refund',
    { schema: { tags, params: referenceParams, response: { 200: adminOrderDetail } }, preHandler: admins },
    async (request) => {
      const reference = referenceOrNotFound(request.params.reference);
      await ordersService.recordRefund(deps, reference);
      request.log.info({ reference, adminId: request.admin!.userId }, 'refund recorded');
      return ordersService.getOrder(deps, reference);
    },
  );

  /** The order's proof of payment or purchase order, to administrators only (never cached by shared caches). */
  for (const kind of ['proof-of-payment', 'purchase-order'] as const) {
    app.get(
      `/admin/orders/:reference/${kind}`,
      { schema: { tags, params: referenceParams }, preHandler: admins },
      async (request, reply) => {
        const reference = referenceOrNotFound(request.params.reference);
        return sendPrivateFile(app, reply, await ordersService.attachmentUrl(deps, reference, kind));
      },
    );
  }

  app.get(
    '/admin/dashboard',
    { schema: { tags, response: { 200: adminDashboard } }, preHandler: admins },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboard(deps);
    },
  );
}
