import { type SocialProvider as ProviderName, socialProviders } from '@tibay/contract';
import { createRemoteJWKSet, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';
import { hmacKey } from '../../plugins/auth.ts';

/**
 * Google and Facebook sign-in behind one interface (decision 0031), chosen by SOCIAL_SIGNIN: the live adapters
 * check the provider's token the way each provider documents it; the sandbox stands in for both on this machine
 * (which cannot reach Google or Facebook), as the payment gateway's sandbox does (decision 0007).
 */

/** Who the provider says signed in. `subject` is the provider's stable user id. */
export interface SocialIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** The token was not issued for us, has expired, is forged, or the provider refused it. */
export class SocialTokenRejected extends Error {}

export interface SocialProvider {
  verify(accessToken: string): Promise<SocialIdentity>;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Google: an ID token from Google Identity Services, verified against Google's published JWKS: signature (RS256),
 * issuer, audience = our client id, expiry. jose fetches and caches the keys and refetches on an unknown key id.
 */
export function googleProvider(clientId: string, jwksUrl: string): SocialProvider {
  const keys = createRemoteJWKSet(new URL(jwksUrl));
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          issuer: GOOGLE_ISSUERS,
          audience: clientId,
          algorithms: ['RS256'],
        });
        if (typeof payload.sub !== 'string') throw new SocialTokenRejected('no subject');
        return {
          subject: payload.sub,
          email: typeof payload.email === 'string' ? payload.email : null,
          emailVerified: payload.email_verified === true,
          firstName: typeof payload.given_name === 'string' ? payload.given_name : '',
          lastName: typeof payload.family_name === 'string' ? payload.family_name : '',
        };
      } catch (error) {
        if (error instanceof SocialTokenRejected) throw error;
        throw new SocialTokenRejected((error as Error).message);
      }
    },
  };
}

async function graphJson(url: string, fetchImpl: typeof fetch): Promise<Record<string, any>> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(8000) });
  const body = (await response.json().catch(() => ({}))) as Record<string, any>;
  if (!response.ok) throw new SocialTokenRejected(body.error?.message ?? `graph ${response.status}`);
  return body;
}

/**
 * Facebook: a user access token, checked with the Graph API's debug_token (our app id and secret as the app token):
 * valid, issued to our app, not expired; then /me reads the id, email and names with the user's token.
 */
export function facebookProvider(
  appId: string,
  appSecret: string,
  graphUrl: string,
  fetchImpl: typeof fetch = fetch,
): SocialProvider {
  const base = graphUrl.replace(/\/$/, '');
  return {
    async verify(accessToken) {
      const appToken = `${appId}|${appSecret}`;
      const debug = await graphJson(
        `${base}/debug_token?${new URLSearchParams({ input_token: accessToken, access_token: appToken })}`,
        fetchImpl,
      );
      const data = debug.data ?? {};
      const expired =
        typeof data.expires_at === 'number' && data.expires_at !== 0 && data.expires_at * 1000 < Date.now();
      if (data.is_valid !== true || String(data.app_id) !== appId || expired || !data.user_id) {
        throw new SocialTokenRejected('token not valid for this app');
      }
      const me = await graphJson(
        `${base}/me?${new URLSearchParams({ fields: 'id,email,first_name,last_name', access_token: accessToken })}`,
        fetchImpl,
      );
      if (String(me.id) !== String(data.user_id)) throw new SocialTokenRejected('token and profile disagree');
      return {
        subject: String(me.id),
        email: typeof me.email === 'string' ? me.email : null,
        // Facebook only returns an email its user has confirmed.
        emailVerified: typeof me.email === 'string',
        firstName: typeof me.first_name === 'string' ? me.first_name : '',
        lastName: typeof me.last_name === 'string' ? me.last_name : '',
      };
    },
  };
}

const SANDBOX_ISSUER = 'tibay-sandbox-social';
/** The sandbox's tokens are signed with a key derived from the app's secret, for no other use. */
const sandboxKey = (config: Pick<Config, 'jwtSecret'>) => hmacKey(`sandbox-social:${config.jwtSecret}`);

/** The sandbox page's token for a made-up identity (what the provider's consent screen would hand back). */
export async function sandboxToken(
  config: Pick<Config, 'jwtSecret'>,
  provider: ProviderName,
  identity: { email: string; firstName: string; lastName: string },
): Promise<string> {
  return (
    new SignJWT({ email: identity.email, given_name: identity.firstName, family_name: identity.lastName })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(SANDBOX_ISSUER)
      .setAudience(provider)
      // The same email always means the same sandbox user.
      .setSubject(`sandbox-${identity.email.trim().toLowerCase()}`)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(await sandboxKey(config))
  );
}

function sandboxProvider(config: Pick<Config, 'jwtSecret'>, provider: ProviderName): SocialProvider {
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await sandboxKey(config), {
          issuer: SANDBOX_ISSUER,
          audience: provider,
          algorithms: ['HS256'],
        });
        return {
          subject: String(payload.sub),
          email: typeof payload.email === 'string' ? payload.email : null,
          emailVerified: true,
          firstName: String(payload.given_name ?? ''),
          lastName: String(payload.family_name ?? ''),
        };
      } catch (error) {
        throw new SocialTokenRejected((error as Error).message);
      }
    },
  };
}

/** The configured providers: none when off; both in the sandbox (never in production); live ones with settings. */
export function socialProvidersFrom(config: Config): Partial<Record<ProviderName, SocialProvider>> {
  if (config.SOCIAL_SIGNIN === 'off') return {};
  if (config.SOCIAL_SIGNIN === 'sandbox') {
    if (config.NODE_ENV === 'production') return {};
    return Object.fromEntries(socialProviders.map((name) => [name, sandboxProvider(config, name)]));
  }
  const providers: Partial<Record<ProviderName, SocialProvider>> = {};
  if (config.GOOGLE_CLIENT_ID) providers.google = googleProvider(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL);
  if (config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET) {
    providers.facebook = facebookProvider(
      config.FACEBOOK_APP_ID,
      config.FACEBOOK_APP_SECRET,
      config.FACEBOOK_GRAPH_URL,
    );
  }
  return providers;
}
