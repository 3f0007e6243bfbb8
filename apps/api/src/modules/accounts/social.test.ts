import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@tibay/contract';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_TIMEOUT, bearer, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Google and Facebook sign-in against local fakes that follow each provider's documented contract: a JWKS server
// for Google's ID tokens, and a Graph API with debug_token and /me for Facebook (decision 0031).

const CLIENT_ID = 'tibay-web.apps.googleusercontent.com';
const APP_ID = '1234567890';
const APP_SECRET = 'fb-app-secret';

let live: TestApp;
let sandbox: TestApp;
let off: TestApp;
let fakes: Server;
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let signingKey: SigningKey;
let otherKey: SigningKey;

/** Facebook tokens the fake Graph knows: token -> debug_token data and /me profile. */
const facebookTokens = new Map<string, { debug: Record<string, unknown>; me: Record<string, unknown> }>();

async function startFakes(): Promise<string> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256');
  signingKey = keys.privateKey;
  otherKey = stranger.privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'google-key-1', alg: 'RS256', use: 'sig' };
  fakes = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/oauth2/v3/certs') return send(200, { keys: [jwk] });
    const known = facebookTokens.get(url.searchParams.get('input_token') ?? url.searchParams.get('access_token') ?? '');
    if (url.pathname === '/v19.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${APP_ID}|${APP_SECRET}`) {
        return send(400, { error: { message: 'Invalid OAuth access token.' } });
      }
      return send(200, { data: known?.debug ?? { is_valid: false, error: { message: 'Invalid token' } } });
    }
    if (url.pathname === '/v19.0/me') {
      return known ? send(200, known.me) : send(400, { error: { message: 'Invalid OAuth access token.' } });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => fakes.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(fakes.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const base = await startFakes();
  live = await createTestApp({
    SOCIAL_SIGNIN: 'live',
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `${base}/oauth2/v3/certs`,
    FACEBOOK_APP_ID: APP_ID,
    FACEBOOK_APP_SECRET: APP_SECRET,
    FACEBOOK_GRAPH_URL: `${base}/v19.0`,
  });
  sandbox = await createTestApp({ SOCIAL_SIGNIN: 'sandbox' });
  off = await createTestApp();
}, APP_START_TIMEOUT);

afterAll(async () => {
  await Promise.all([live?.close(), sandbox?.close(), off?.close()]);
  await new Promise((resolve) => fakes?.close(resolve));
}, APP_START_TIMEOUT);

let serial = 0;
function googleToken(
  claims: Record<string, unknown> = {},
  options: { issuer?: string; audience?: string; expires?: number; key?: SigningKey } = {},
) {
  serial += 1;
  return new SignJWT({
    email: `g${serial}-${Date.now()}@gmail.test`,
    email_verified: true,
    given_name: 'Gina',
    family_name: 'Reyes',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-key-1' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(String(claims.sub ?? `google-${serial}-${Date.now()}`))
    .setIssuedAt()
    .setExpirationTime(options.expires ?? Math.floor(Date.now() / 1000) + 3600)
    .sign(options.key ?? signingKey);
}

const post = (t: TestApp, provider: string, action: 'register' | 'login', accessToken: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/social/${provider}/${action}`, payload: { accessToken } });

describe('Google sign-in (ID token against the JWKS)', () => {
  it('registers a linked account, then logs in with the same Google account', async () => {
    const token = await googleToken({ sub: 'google-sub-1' });
    const registered = await post(live, 'google', 'register', token);
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().message).toBe('Registration successful. You can now log in with your Google account.');
    const login = await post(live, 'google', 'login', token);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ success: true, name: 'Gina Reyes', message: 'Login successful' });
    const me = await live.app.inject({ url: '/api/v1/me', headers: bearer(login.json().token) });
    expect(me.json().user.first_name).toBe('Gina');
    // Registering again: already registered, log in with email and password (spec 1 §4).
    const again = await post(live, 'google', 'register', token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.socialAlreadyRegistered);
  });

  it('refuses a bad audience, an expired token, a wrong issuer and a forged signature', async () => {
    const rejected = 'Your Google sign-in could not be verified. Please try again.';
    const tokens = [
      await googleToken({}, { audience: 'someone-else.apps.googleusercontent.com' }),
      await googleToken({}, { expires: Math.floor(Date.now() / 1000) - 600 }),
      await googleToken({}, { issuer: 'https://evil.example' }),
      await googleToken({}, { key: otherKey }),
      'not-a-token',
    ];
    for (const token of tokens) {
      const response = await post(live, 'google', 'register', token);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(rejected);
    }
  });

  it('an email that already has an account must log in with email and password', async () => {
    const existing = await createUser(live.app);
    const response = await post(live, 'google', 'register', await googleToken({ email: existing.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(messages.socialAlreadyRegistered);
  });

  it('an existing account is linked only with its password, and only for an email Google verified', async () => {
    const existing = await createUser(live.app);
    const sub = `google-link-${Date.now()}`;
    const verified = await googleToken({ email: existing.email, sub });
    const offer = await post(live, 'google', 'login', verified);
    expect(offer.statusCode).toBe(409);
    expect(offer.json().error.message).toBe(messages.socialLinkOffer.replace('{provider}', 'Google'));
    // email_verified false: no offer (the address is not proven), and no link with the password either.
    const unverified = await googleToken({ email: existing.email, email_verified: false });
    expect((await post(live, 'google', 'login', unverified)).statusCode).toBe(404);
    const linkLogin = (accessToken: string, password: string) =>
      live.app.inject({
        method: 'POST',
        url: '/api/v1/auth/social/google/link-login',
        payload: { accessToken, password },
      });
    expect((await linkLogin(unverified, existing.password)).statusCode).toBe(422);
    // A token signed by another key is refused before the password is looked at.
    const forged = await googleToken({ email: existing.email, sub }, { key: otherKey });
    expect((await linkLogin(forged, existing.password)).statusCode).toBe(401);
    expect((await post(live, 'google', 'login', verified)).statusCode).toBe(409);
    const linked = await linkLogin(verified, existing.password);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().message).toBe(messages.loginSuccess);
    expect((await post(live, 'google', 'login', verified)).statusCode).toBe(200);
  });

  it('logging in with an unlinked Google account says to sign up first', async () => {
    const response = await post(live, 'google', 'login', await googleToken());
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(
      'No Tibay account is linked to this Google account. Please sign up first.',
    );
  });
});

describe('Facebook sign-in (debug_token and /me)', () => {
  const now = () => Math.floor(Date.now() / 1000);
  it('registers and logs in with a valid token for our app', async () => {
    facebookTokens.set('fb-good', {
      debug: { app_id: APP_ID, is_valid: true, user_id: '998877', expires_at: now() + 3600 },
      me: { id: '998877', email: `fb-${Date.now()}@facebook.test`, first_name: 'Ferdie', last_name: 'Lim' },
    });
    expect((await post(live, 'facebook', 'register', 'fb-good')).statusCode).toBe(201);
    const login = await post(live, 'facebook', 'login', 'fb-good');
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().name).toBe('Ferdie Lim');
  });

  it('refuses a token for another app, an invalid or expired token, and a token the Graph does not know', async () => {
    facebookTokens.set('fb-other-app', {
      debug: { app_id: '5555', is_valid: true, user_id: '1', expires_at: now() + 3600 },
      me: { id: '1', email: 'a@facebook.test' },
    });
    facebookTokens.set('fb-invalid', {
      debug: { app_id: APP_ID, is_valid: false, user_id: '2' },
      me: { id: '2', email: 'b@facebook.test' },
    });
    facebookTokens.set('fb-expired', {
      debug: { app_id: APP_ID, is_valid: true, user_id: '3', expires_at: now() - 60 },
      me: { id: '3', email: 'c@facebook.test' },
    });
    for (const token of ['fb-other-app', 'fb-invalid', 'fb-expired', 'fb-unknown']) {
      const response = await post(live, 'facebook', 'register', token);
      expect(response.statusCode, token).toBe(401);
      expect(response.json().error.message).toBe('Your Facebook sign-in could not be verified. Please try again.');
    }
  });
});

describe('configuration and the sandbox', () => {
  it('with no configuration there are no providers, so the buttons are not shown', async () => {
    const config = await off.app.inject({ url: '/api/v1/auth/social' });
    expect(config.json()).toEqual({ mode: 'off', providers: [] });
    const response = await post(off, 'google', 'login', 'anything');
    expect(response.statusCode).toBe(404);
    expect((await off.app.inject({ url: '/sandbox-social/google' })).statusCode).toBe(404);
    // Live mode gives the browser the public ids its provider scripts need, never the secret.
    const liveConfig = await live.app.inject({ url: '/api/v1/auth/social' });
    expect(liveConfig.json()).toEqual({
      mode: 'live',
      providers: ['google', 'facebook'],
      googleClientId: CLIENT_ID,
      facebookAppId: APP_ID,
    });
    expect(liveConfig.body).not.toContain(APP_SECRET);
  });

  it('the CSP names Google’s and Facebook’s script hosts only in live mode', async () => {
    const csp = async (t: TestApp) =>
      String((await t.app.inject({ url: '/api/v1/auth/social' })).headers['content-security-policy']);
    const livePolicy = await csp(live);
    expect(livePolicy).toMatch(
      /script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client https:\/\/connect\.facebook\.net/,
    );
    expect(livePolicy).toContain('frame-src');
    for (const policy of [await csp(sandbox), await csp(off)]) {
      expect(policy).toContain("script-src 'self';");
      expect(policy).not.toContain('google.com');
      expect(policy).not.toContain('facebook');
    }
  });

  it('the sandbox page hands back a token for the typed identity, which registers and logs in', async () => {
    expect((await sandbox.app.inject({ url: '/api/v1/auth/social' })).json()).toEqual({
      mode: 'sandbox',
      providers: ['google', 'facebook'],
    });
    const page = await sandbox.app.inject({ url: '/sandbox-social/facebook?return=/signup' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Facebook (sandbox)');
    const email = `sandbox-${Date.now()}@example.test`;
    const submitted = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox-social/facebook',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ return: '/signup', email, firstName: 'Sandy', lastName: 'Box' }).toString(),
    });
    expect(submitted.statusCode).toBe(303);
    const location = submitted.headers.location as string;
    expect(location.startsWith('/signup#')).toBe(true);
    const token = new URLSearchParams(location.split('#')[1]).get('accessToken')!;
    expect((await post(sandbox, 'facebook', 'register', token)).statusCode).toBe(201);
    expect((await post(sandbox, 'facebook', 'login', token)).json().name).toBe('Sandy Box');
    // A sandbox token for one provider is not one for the other, and returns go to this site only.
    expect((await post(sandbox, 'google', 'login', token)).statusCode).toBe(401);
    const away = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox-social/google',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ return: '//evil.example', email, firstName: 'X' }).toString(),
    });
    expect(away.statusCode).toBe(400);
  });
});
