import type { FastifyInstance } from 'fastify';
import { cartRoutes } from './cart.routes.ts';

/** Cart: add to cart and the header's count (the full cart comes later). Buyers and agents only. */
export async function cartModule(app: FastifyInstance) {
  await app.register(cartRoutes);
}
