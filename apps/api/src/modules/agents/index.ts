import type { FastifyInstance } from 'fastify';
import { agentsRoutes } from './agents.routes.ts';

/** Agents: their linked customers, and acting for one of them (impersonation). */
export async function agentsModule(app: FastifyInstance) {
  await app.register(agentsRoutes);
}
