import { messages, type SocialProvider as ProviderName, socialProviderNames } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { SESSION_HOURS, type SessionDevice } from '../../plugins/auth.ts';
import * as repo from './accounts.repository.ts';
import { NO_PASSWORD_HASH } from './passwords.ts';
import { sessionFor } from './sessions.service.ts';
import { type SocialIdentity, type SocialProvider, SocialTokenRejected } from './social-providers.ts';

export type SocialProviders = Partial<Record<ProviderName, SocialProvider>>;

export const say = (message: string, provider: ProviderName) =>
  message.replace('{provider}', socialProviderNames[provider]);

export async function identityFrom(providers: SocialProviders, provider: ProviderName, accessToken: string) {
  const adapter = providers[provider];
  if (!adapter) throw new HttpError('NOT_FOUND', say(messages.socialUnavailable, provider));
  try {
    return await adapter.verify(accessToken);
  } catch (error) {
    if (error instanceof SocialTokenRejected) {
      throw new HttpError('UNAUTHENTICATED', say(messages.socialTokenRejected, provider));
    }
    throw error;
  }
}

function names(identity: SocialIdentity) {
  const fallback = identity.email?.split('@')[0] ?? 'Tibay';
  return {
    firstName: identity.firstName.trim().slice(0, 80) || fallback.slice(0, 80),
    lastName: identity.lastName.trim().slice(0, 80),
  };
}

/**
 * registerGoogle / registerFB (spec 1 §4 social registration): a new buyer account linked to the provider identity.
 * An identity or email already registered answers that the user must log in with email and password. The account
 * gets no password (NO_PASSWORD_HASH; forgot password sets one) and, when the provider vouches for the email, a
 * verified email.
 */
export async function socialRegister(
  deps: Pick<Deps, 'db'>,
  providers: SocialProviders,
  provider: ProviderName,
  accessToken: string,
) {
  const identity = await identityFrom(providers, provider, accessToken);
  if (await repo.userBySocialIdentity(deps.db, provider, identity.subject)) {
    throw new HttpError('CONFLICT', messages.socialAlreadyRegistered);
  }
  if (!identity.email) throw new HttpError('BUSINESS_RULE', say(messages.socialNoEmail, provider));
  if (await repo.userByEmail(deps.db, identity.email))
    throw new HttpError('CONFLICT', messages.socialAlreadyRegistered);
  // No password until the user sets one (forgot password): the provider is the account's way to log in.
  const passwordHash = NO_PASSWORD_HASH;
  const taken = new HttpError('CONFLICT', messages.socialAlreadyRegistered);
  // One transaction: two signups racing for the email or the identity leave one account, linked.
  await deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email: repo.normalizeEmail(identity.email ?? ''),
      passwordHash,
      ...names(identity),
      role: 'buyer',
      emailVerifiedAt: identity.emailVerified ? new Date() : null,
    });
    if (!user) throw taken;
    if (!(await repo.linkSocialIdentity(tx, user.id, provider, identity.subject))) throw taken;
  });
  return { success: true as const, message: say(messages.socialRegistered, provider) };
}

/** loginGoogle / loginFB: a session for the account the provider identity is linked to ('Login successful'). */
export async function socialLogin(
  deps: Pick<Deps, 'db' | 'sessions'>,
  providers: SocialProviders,
  provider: ProviderName,
  accessToken: string,
  device: SessionDevice,
) {
  const identity = await identityFrom(providers, provider, accessToken);
  const user = await repo.userBySocialIdentity(deps.db, provider, identity.subject);
  if (!user) {
    // An existing account with the email the provider vouches for: offer to link it once its password is given
    // (social-links.service.ts); the identity is never linked on the email alone.
    if (identity.email && identity.emailVerified && (await repo.userByEmail(deps.db, identity.email))) {
      throw new HttpError('CONFLICT', say(messages.socialLinkOffer, provider));
    }
    throw new HttpError('NOT_FOUND', say(messages.socialNotLinked, provider));
  }
  const session = await sessionFor(deps, user, SESSION_HOURS * 3_600, device);
  return { success: true as const, ...session, message: messages.loginSuccess };
}
