import type { FastifyInstance } from 'fastify';
import { cartRoutes } from './cart.routes.ts';

export { type ReturnedLine, returnLinesToCart } from './cart.repository.ts';

/** Cart: add to cart, the header's count, and the cart popup (read, change quantity, remove). Buyers and agents only. */
export async function cartModule(app: FastifyInstance) {
  await app.register(cartRoutes);
}
