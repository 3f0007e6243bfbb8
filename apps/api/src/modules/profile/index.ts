import type { FastifyInstance } from 'fastify';
import { profileRoutes } from './profile.routes.ts';
import { profileAdminRoutes } from './profile-admin.routes.ts';

/** Profile: the delivery address, complete profile (face, signature, user type) and the agent selector. */
export async function profileModule(app: FastifyInstance) {
  await app.register(profileRoutes);
  // The admin review routes: the admin cookie session (app.requireAdmin, decorated once by app.ts).
  await app.register(profileAdminRoutes);
}

/** The file checks by content (magic bytes), the size limit and the sharp re-encode, for other modules' private uploads. */
export { certificateKind, imageKind, prepareProfileImage } from './images.ts';
