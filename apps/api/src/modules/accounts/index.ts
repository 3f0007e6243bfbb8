import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts.routes.ts';
import { devOutboxRoutes } from './dev-outbox.routes.ts';
import { qrLoginRoutes } from './qr-login.routes.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { socialRoutes } from './social.routes.ts';

export { issueEmailToken } from './email-tokens.ts';
export { hashPassword, passwordMatches } from './passwords.ts';
export { authRateLimit } from './rate-limits.ts';
export { ownSessionUser, sessionUser } from './session-user.ts';
export { customerOf } from './sessions.service.ts';
export { accountTypeOf, fullName, remainingTokenSeconds, tokenExpiry } from './sessions.ts';
export { socialSandboxPageRoutes } from './social.routes.ts';

/** Accounts: signup, verification, login (password and QR), password reset and change, session info, logout and the
 * list of one's sessions. */
export async function accountsModule(app: FastifyInstance) {
  await app.register(accountsRoutes);
  await app.register(qrLoginRoutes);
  await app.register(sessionsRoutes);
  await app.register(devOutboxRoutes);
  await app.register(socialRoutes);
}
