import type { FastifyInstance } from 'fastify';
import { profileRoutes } from './profile.routes.ts';

/** Profile: the delivery address, complete profile (face, signature, user type) and the agent selector. */
export async function profileModule(app: FastifyInstance) {
  await app.register(profileRoutes);
}
