import type { FastifyInstance } from 'fastify';
import { salesImportRoutes } from './sales-import.routes.ts';

/**
 * Sales order import (spec 3 §2.4 /sales-import-orders; decision 0042): a spreadsheet of one sale verified against
 * the seller's products and placed as a real order through the checkout's rules. Administrators only, through the
 * admin cookie session.
 */
export async function salesImportModule(app: FastifyInstance) {
  await app.register(salesImportRoutes);
}
