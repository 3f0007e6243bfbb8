import { messages, type SocialProvider as ProviderName, type SocialLinksResponse } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { SESSION_HOURS, type SessionDevice } from '../../plugins/auth.ts';
import * as repo from './accounts.repository.ts';
import { hasPassword, passwordMatches } from './passwords.ts';
import { sessionFor } from './sessions.service.ts';
import { identityFrom, type SocialProviders, say } from './social.service.ts';

/**
 * Linking Google or Facebook to an existing account (decision 0031) only once its holder has proven ownership:
 * with the account's password at the social login (the provider's verified email names the account), or while
 * signed in, from the profile page. Unlinking never leaves an account with no way to log in.
 */

const linkedElsewhere = (provider: ProviderName) =>
  new HttpError('CONFLICT', say(messages.socialLinkedElsewhere, provider));

/** Links inside a transaction that holds the account's row; throws when the identity or the account is taken. */
async function link(deps: Pick<Deps, 'db'>, userId: number, provider: ProviderName, subject: string) {
  await deps.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const owner = await repo.userBySocialIdentity(tx, provider, subject);
    if (owner) {
      if (owner.id === userId) return;
      throw linkedElsewhere(provider);
    }
    const current = await repo.socialIdentitiesOf(tx, userId);
    if (current.some((row) => row.provider === provider)) {
      throw new HttpError('CONFLICT', say(messages.socialAlreadyLinkedOther, provider));
    }
    if (!(await repo.linkSocialIdentity(tx, userId, provider, subject))) throw linkedElsewhere(provider);
  });
}

/**
 * The social login's second step when the provider's verified email already has an account: the account's
 * password links the provider and opens a session ('Login successful'). A wrong password changes nothing.
 */
export async function linkWithPassword(
  deps: Pick<Deps, 'db' | 'sessions'>,
  providers: SocialProviders,
  provider: ProviderName,
  input: { accessToken: string; password: string },
  device: SessionDevice,
) {
  const identity = await identityFrom(providers, provider, input.accessToken);
  if (!identity.email || !identity.emailVerified) {
    throw new HttpError('BUSINESS_RULE', say(messages.socialNoEmail, provider));
  }
  const user = await repo.userByEmail(deps.db, identity.email);
  // Same message and about the same work whether the account or the password is wrong (as the password login).
  const ok = await passwordMatches(user?.passwordHash, input.password);
  if (!user || !ok) {
    throw new HttpError('UNAUTHENTICATED', messages.invalidCredentials, { password: messages.invalidCredentials });
  }
  await link(deps, user.id, provider, identity.subject);
  // The provider vouched for the address and the password proved the account: the email is verified.
  if (!user.emailVerifiedAt) await repo.markEmailVerified(deps.db, user.id);
  const session = await sessionFor(deps, user, SESSION_HOURS * 3_600, device);
  return { success: true as const, ...session, message: messages.loginSuccess };
}

/** The signed-in user's sign-in methods: every configured provider, linked or not. */
export async function socialLinks(
  deps: Pick<Deps, 'db'>,
  providers: SocialProviders,
  userId: number,
  message?: string,
): Promise<SocialLinksResponse> {
  const [linked, user] = await Promise.all([repo.socialIdentitiesOf(deps.db, userId), repo.userById(deps.db, userId)]);
  if (!user) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  const names = new Set(linked.map((row) => row.provider));
  const shown = (Object.keys(providers) as ProviderName[]).filter((name) => providers[name]);
  // A provider linked earlier but no longer configured is still listed, so it can be unlinked.
  for (const name of names) if (!shown.includes(name)) shown.push(name);
  return {
    providers: shown.map((provider) => ({ provider, linked: names.has(provider) })),
    hasPassword: hasPassword(user.passwordHash),
    ...(message ? { message } : {}),
  };
}

/** "Link Google" / "Link Facebook" on the profile page: the signed-in account takes the provider identity. */
export async function linkSignedIn(
  deps: Pick<Deps, 'db'>,
  providers: SocialProviders,
  userId: number,
  provider: ProviderName,
  accessToken: string,
) {
  const identity = await identityFrom(providers, provider, accessToken);
  await link(deps, userId, provider, identity.subject);
  return socialLinks(deps, providers, userId, say(messages.socialLinked, provider));
}

/** Unlink: refused when the provider is the account's only way to log in (no password, no other provider). */
export async function unlinkSignedIn(
  deps: Pick<Deps, 'db'>,
  providers: SocialProviders,
  userId: number,
  provider: ProviderName,
) {
  await deps.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
    const current = await repo.socialIdentitiesOf(tx, userId);
    if (!current.some((row) => row.provider === provider)) {
      throw new HttpError('NOT_FOUND', say(messages.socialNotLinkedHere, provider));
    }
    if (!hasPassword(user.passwordHash) && current.length <= 1) {
      throw new HttpError('BUSINESS_RULE', say(messages.socialUnlinkLast, provider));
    }
    await repo.unlinkSocialIdentity(tx, userId, provider);
  });
  return socialLinks(deps, providers, userId, say(messages.socialUnlinked, provider));
}
