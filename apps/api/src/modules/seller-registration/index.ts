import type { FastifyInstance } from 'fastify';
import { sellerRegistrationRoutes } from './seller-registration.routes.ts';
import { sellerRegistrationAdminRoutes } from './seller-registration-admin.routes.ts';

/**
 * Seller registration (spec 3 §2.3, decision 0040): the public registration and the mother company choices; the
 * admin-v2 queue where a registration is approved (the shop and its seller account are created, a set-password
 * link is mailed) or rejected with a reason.
 */
export async function sellerRegistrationModule(app: FastifyInstance) {
  await app.register(sellerRegistrationRoutes);
  await app.register(sellerRegistrationAdminRoutes);
}
