import type { FastifyInstance } from 'fastify';
import { creditApplicationRoutes } from './credit-applications.routes.ts';
import { creditReviewRoutes } from './credit-review.routes.ts';

/** BuildCredit applications: the buyer's four steps and the administrators' review (decision 0038). */
export async function creditApplicationsModule(app: FastifyInstance) {
  await app.register(creditApplicationRoutes);
  await app.register(creditReviewRoutes);
}
