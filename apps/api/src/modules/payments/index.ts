import type { FastifyInstance } from 'fastify';
import { depsOf } from '../../deps.ts';
import { scheduleJob } from '../../plugins/scheduled-jobs.ts';
import { expireOverdue } from '../orders/index.ts';
import { closeExpiredSessions } from './payments.service.ts';
import { sandboxPageRoutes } from './sandbox-page.routes.ts';
import { webhookRoutes } from './webhooks.routes.ts';

export { GatewayUnavailableError, type PaymentGateway } from './gateway.ts';
export { createGateway, paymentGatewayPlugin } from './gateways.ts';
export { closeExpiredSessions, startGatewayPayment } from './payments.service.ts';

/**
 * Payments: the gateway webhooks (/api/v1/payments/webhooks/{sandbox,paymongo}), the sandbox gateway's hosted
 * page (/sandbox-gateway/<session id>), and the sweep that expires unpaid gateway orders. Registered without a
 * prefix because the hosted page lives outside /api/v1. Payments only verifies what the gateways say: the orders
 * module settles the orders (decision 0024).
 */
export async function paymentsModule(app: FastifyInstance) {
  await app.register(webhookRoutes, { prefix: '/api/v1' });
  await app.register(sandboxPageRoutes);

  // How often unpaid gateway orders past their payment window are expired: PAYMENT_SWEEP_SECONDS, else every 60 s
  // (off under NODE_ENV=test, where tests call expireOverdue); 0 turns it off.
  const configured = app.config.PAYMENT_SWEEP_SECONDS;
  const interval = configured !== undefined ? configured * 1000 : app.config.NODE_ENV === 'test' ? 0 : 60_000;
  const deps = depsOf(app);
  scheduleJob(app, {
    name: 'payment expiry sweep',
    everyMs: interval,
    run: async () => {
      const expired = await expireOverdue(deps.db);
      if (expired.length === 0) return;
      deps.log.info({ checkouts: expired }, 'expired unpaid gateway checkouts');
      await closeExpiredSessions(deps, expired);
    },
  });
}
