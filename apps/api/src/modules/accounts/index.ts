import type { FastifyInstance } from 'fastify';
import { depsOf } from '../../deps.ts';
import { scheduleJob } from '../../plugins/scheduled-jobs.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { devOutboxRoutes } from './dev-outbox.routes.ts';
import { qrLoginRoutes } from './qr-login.routes.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { sweepExpiredSessions } from './sessions.service.ts';
import { socialRoutes } from './social.routes.ts';

export { issueEmailToken } from './email-tokens.ts';
export { hashPassword, passwordMatches } from './passwords.ts';
export { authRateLimit } from './rate-limits.ts';
export { ownSessionUser, sessionUser } from './session-user.ts';
export { customerOf, sweepExpiredSessions } from './sessions.service.ts';
export { accountTypeOf, fullName, remainingTokenSeconds, tokenExpiry } from './sessions.ts';
export { socialSandboxPageRoutes } from './social.routes.ts';

/** Accounts: signup, verification, login (password and QR), password reset and change, session info, logout and the
 * list of one's sessions. Sessions that expired more than a day ago are deleted hourly (off under NODE_ENV=test,
 * where tests call sweepExpiredSessions). */
export async function accountsModule(app: FastifyInstance) {
  await app.register(accountsRoutes);
  await app.register(qrLoginRoutes);
  await app.register(sessionsRoutes);
  await app.register(devOutboxRoutes);
  await app.register(socialRoutes);

  if (app.config.NODE_ENV === 'test') return;
  const deps = depsOf(app);
  scheduleJob(app, {
    name: 'expired sessions sweep',
    everyMs: 60 * 60_000,
    run: async () => {
      const count = await sweepExpiredSessions(deps);
      if (count > 0) deps.log.info({ sessions: count }, 'deleted expired sessions');
    },
  });
}
