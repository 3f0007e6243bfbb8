import {
  adminDashboard,
  adminLoginRequest,
  adminMessages,
  adminMoveOrderInput,
  adminOrderDetail,
  adminOrderListQuery,
  adminOrderPage,
  adminSession,
  messages,
} from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { sendPrivateFile } from '../../lib/private-file.ts';
import { assertSameOrigin } from '../../plugins/admin-session.ts';
import { authRateLimit, passwordMatches } from '../accounts/index.ts';
import { moveOrder } from '../orders/index.ts';
import { dashboard } from './dashboard.service.ts';
import * as ordersService from './orders.service.ts';

const tags = ['admin'];
const referenceParams = z.object({ reference: z.string().max(40) });

function referenceOrNotFound(raw: string): string {
  const reference = raw.trim().toUpperCase();
  if (!/^ORD\d{14}$/.test(reference)) throw new HttpError('NOT_FOUND', messages.orderNotFound);
  return reference;
}

export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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
      const input = parseOrRefuse(adminLoginRequest, request.body);
      const [user] = await app.db.select().from(users).where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
      const ok = await passwordMatches(user?.passwordHash, input.password);
      if (!user || !ok) throw new HttpError('UNAUTHENTICATED', messages.invalidCredentials);
      if (user.role !== 'admin') throw new HttpError('FORBIDDEN', adminMessages.notAuthorized);
      const expiresAt = await app.startAdminSession(request, reply, user);
      return {
        valid: true,
        admin: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
        expires_at: expiresAt.toISOString(),
      };
    },
  );

  /** Whether the cookie holds a valid admin session (what every /admin-v2 page asks first). */
  app.get('/admin/session', { schema: { tags, response: { 200: adminSession } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.readAdminSession(request);
    if (!session) return { valid: false, admin: null, expires_at: null };
    const [user] = await app.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, session.userId));
    if (!user) return { valid: false, admin: null, expires_at: null };
    return {
      valid: true,
      admin: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
      expires_at: session.expiresAt.toISOString(),
    };
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
    async (request) => ordersService.listOrders(app.db, request.query),
  );

  app.get(
    '/admin/orders/:reference',
    { schema: { tags, params: referenceParams, response: { 200: adminOrderDetail } }, preHandler: admins },
    async (request) => ordersService.getOrder(app.db, referenceOrNotFound(request.params.reference)),
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
      return ordersService.getOrder(app.db, reference);
    },
  );

  /** Records that a payment which came after its orders ended was refunded at the gateway. */
  app.post(
    '/admin/orders/:reference/refund',
    { schema: { tags, params: referenceParams, response: { 200: adminOrderDetail } }, preHandler: admins },
    async (request) => {
      const reference = referenceOrNotFound(request.params.reference);
      await ordersService.recordRefund(app.db, reference);
      request.log.info({ reference, adminId: request.admin!.userId }, 'refund recorded');
      return ordersService.getOrder(app.db, reference);
    },
  );

  /** The order's proof of payment or purchase order, to administrators only (never cached by shared caches). */
  for (const kind of ['proof-of-payment', 'purchase-order'] as const) {
    app.get(
      `/admin/orders/:reference/${kind}`,
      { schema: { tags, params: referenceParams }, preHandler: admins },
      async (request, reply) => {
        const reference = referenceOrNotFound(request.params.reference);
        return sendPrivateFile(app, reply, await ordersService.attachmentUrl(app.db, reference, kind));
      },
    );
  }

  app.get(
    '/admin/dashboard',
    { schema: { tags, response: { 200: adminDashboard } }, preHandler: admins },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboard(app.db);
    },
  );
}
