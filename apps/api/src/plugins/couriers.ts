import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Couriers, createCouriers } from '../lib/couriers/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One courier per shipping method, built once from the configuration (decision 0024). */
    couriers: Couriers;
  }
}

/** The couriers' adapters (lib/couriers), built once as an app decoration: checkout quotes, orders book. */
export const couriersPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('couriers', createCouriers(app.config));
});
