import type { FastifyInstance } from 'fastify';
import { creditRepaymentAdminRoutes, creditRepaymentRoutes } from './credit-repayments.routes.ts';

// What other modules use: checkout asks whether a BuildCredit line is overdue; payments hands over gateway events
// about repayment sessions (and asks their status for the sandbox page).
export {
  buildCreditOverdue,
  repaymentSessionStatus,
  settleRepaymentFromGateway,
} from './credit-repayments.service.ts';

/**
 * BuildCredit repayments (spec 2 "Pay BuildCredit", §3-§5, §7; decision 0039): /pay-rpaf's orders and payments,
 * the administrators' verification queue, overdue orders and the trust receipt.
 */
export async function creditRepaymentsModule(app: FastifyInstance) {
  await app.register(creditRepaymentRoutes);
  await app.register(creditRepaymentAdminRoutes);
}
