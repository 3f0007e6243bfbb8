import { type AdminLoginRequest, adminMessages, messages } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { passwordMatches } from '../accounts/index.ts';
import { userByEmail, userById } from './admin.repository.ts';

/** Who may hold an admin session (spec 3 §3): the login's checks and the administrator the pages name. */

/** The administrator as the admin pages name them. */
export interface AdminIdentity {
  id: number;
  name: string;
  email: string;
}

function identityOf(user: { id: number; firstName: string; lastName: string; email: string }): AdminIdentity {
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
}

/**
 * The account behind a valid administrator login: a wrong email or password is 401 (one message for both), an
 * account that is not an administrator 403.
 */
export async function checkAdminLogin(deps: Pick<Deps, 'db'>, input: AdminLoginRequest) {
  const user = await userByEmail(deps.db, input.email);
  const ok = await passwordMatches(user?.passwordHash, input.password);
  if (!user || !ok) throw new HttpError('UNAUTHENTICATED', messages.invalidCredentials);
  if (user.role !== 'admin') throw new HttpError('FORBIDDEN', adminMessages.notAuthorized);
  return { user, identity: identityOf(user) };
}

/** The administrator of a valid session, or null when the account is gone. */
export async function sessionAdmin(deps: Pick<Deps, 'db'>, userId: number): Promise<AdminIdentity | null> {
  const user = await userById(deps.db, userId);
  return user ? identityOf(user) : null;
}
