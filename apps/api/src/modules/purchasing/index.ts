import type { FastifyInstance } from 'fastify';
import { depsOf } from '../../deps.ts';
import { scheduleJob } from '../../plugins/scheduled-jobs.ts';
import { purchasingRoutes } from './purchasing.routes.ts';
import { closeMonths } from './stock-closing.service.ts';

/**
 * Back office I (spec 3 §2.4; decision 0036): suppliers, warehouses, purchase orders and their approval, purchase
 * receives into warehouses through the stock ledger, and the inventory report over that ledger. Administrators
 * only, through the admin cookie session. The close-month job keeps monthly closing balances for the report
 * (decision 0045): a minute after start, then hourly (off under NODE_ENV=test, where tests call closeMonths).
 */
export async function purchasingModule(app: FastifyInstance) {
  await app.register(purchasingRoutes);

  if (app.config.NODE_ENV === 'test') return;
  const deps = depsOf(app);
  scheduleJob(app, {
    name: 'closing stock months',
    firstAfterMs: 60_000,
    everyMs: 60 * 60_000,
    run: async () => {
      const closed = await closeMonths(deps);
      if (closed.length > 0) deps.log.info({ months: closed }, 'closed stock months');
    },
  });
}

/** For the admin dashboard: POs to decide and to receive, and low-stock products. */
export { summary as backOfficeSummary } from './purchase-orders.service.ts';
