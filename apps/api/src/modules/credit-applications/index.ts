import type { FastifyInstance } from 'fastify';
import { adminSessionPlugin } from '../../plugins/admin-session.ts';
import { creditApplicationRoutes } from './credit-applications.routes.ts';
import { creditReviewRoutes } from './credit-review.routes.ts';

/** BuildCredit applications: the buyer's four steps and the administrators' review (decision 0038). */
export async function creditApplicationsModule(app: FastifyInstance) {
  await app.register(creditApplicationRoutes);
  // The review routes use the admin cookie session, decorated in their own scope (as the profile module does).
  await app.register(async (scope) => {
    await scope.register(adminSessionPlugin);
    await scope.register(creditReviewRoutes);
  });
}
