import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin.routes.ts';
import { adminMailRoutes } from './mail.routes.ts';
import { searchSynonymRoutes } from './search-synonyms.routes.ts';

/** An administrator's change elsewhere in the back office is audited the same way (one audit_log row each). */
export { insertAudit } from './admin.repository.ts';
export { type AdminAct, adminAct } from './audit.ts';

/** Admin back-office (spec 3 §2.1 /admin-v2): the admin cookie session's login and logout, sales (all orders), the dashboard,
 * undelivered mail and the search synonyms. */
export async function adminModule(app: FastifyInstance) {
  await app.register(adminRoutes);
  await app.register(adminMailRoutes);
  await app.register(searchSynonymRoutes);
}
