import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts.routes.ts';
import { devOutboxRoutes } from './dev-outbox.routes.ts';
import { qrLoginRoutes } from './qr-login.routes.ts';

export { ownSessionUser, sessionUser } from './accounts.routes.ts';
export { accountTypeOf, customerOf, fullName, remainingTokenSeconds, tokenExpiry } from './sessions.ts';

/** Accounts: signup, verification, login (password and QR), password reset and change, session info. */
export async function accountsModule(app: FastifyInstance) {
  await app.register(accountsRoutes);
  await app.register(qrLoginRoutes);
  await app.register(devOutboxRoutes);
}
