import { messages } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_TIMEOUT, bearer, createUser, signedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sandboxToken } from './social-providers.ts';

// Linking Google or Facebook to an existing password account (decision 0031), with the sandbox provider: only after
// the account's password (at the social login) or while signed in (the profile page); unlinking never leaves an
// account with no way to log in.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SOCIAL_SIGNIN: 'sandbox' });
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

const say = (message: string, provider: string) => message.replace('{provider}', provider);
const token = (provider: 'google' | 'facebook', email: string) =>
  sandboxToken(t.app.config, provider, { email, firstName: 'Lina', lastName: 'Cruz' });
const socialLogin = async (provider: string, accessToken: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/social/${provider}/login`, payload: { accessToken } });
const linkLogin = async (provider: string, accessToken: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/social/${provider}/link-login`,
    payload: { accessToken, password },
  });
const links = async (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me/social-links', headers });
const link = async (provider: string, headers: Record<string, string>, accessToken: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/me/social-links/${provider}`, headers, payload: { accessToken } });
const unlink = async (provider: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/me/social-links/${provider}`, headers });

describe('linking a provider at the social login, with the account’s password', () => {
  it('offers the link, refuses a wrong password (nothing linked), links with the right one and logs in', async () => {
    const user = await createUser(t.app);
    const google = await token('google', user.email);
    const offer = await socialLogin('google', google);
    expect(offer.statusCode).toBe(409);
    expect(offer.json().error.message).toBe(say(messages.socialLinkOffer, 'Google'));

    const wrong = await linkLogin('google', google, 'not-the-password-1!');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(messages.invalidCredentials);
    expect((await socialLogin('google', google)).statusCode).toBe(409);

    const linked = await linkLogin('google', google, user.password);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ success: true, message: messages.loginSuccess });
    const again = await socialLogin('google', google);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(messages.loginSuccess);
    // The password still works too.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(password.statusCode).toBe(200);
  });

  it('an email with no account is told to sign up; a forged token links nothing', async () => {
    const unknown = await socialLogin('facebook', await token('facebook', `nobody-${Date.now()}@example.test`));
    expect(unknown.statusCode).toBe(404);
    const user = await createUser(t.app);
    const forged = `${(await token('facebook', user.email)).slice(0, -4)}AAAA`;
    expect((await linkLogin('facebook', forged, user.password)).statusCode).toBe(401);
    expect((await socialLogin('facebook', await token('facebook', user.email))).statusCode).toBe(409);
  });
});

describe('the profile page: Link Google / Link Facebook and unlink', () => {
  it('lists the providers, links while signed in, refuses an identity of another account, unlinks', async () => {
    const { user, headers } = await signedIn(t.app);
    const other = await signedIn(t.app);
    expect((await links(headers)).json()).toEqual({
      providers: [
        { provider: 'google', linked: false },
        { provider: 'facebook', linked: false },
      ],
      hasPassword: true,
    });
    // Any Facebook identity the signed-in user holds, whatever its email.
    const facebook = await token('facebook', `fb-${Date.now()}@example.test`);
    const linked = await link('facebook', headers, facebook);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      providers: [
        { provider: 'google', linked: false },
        { provider: 'facebook', linked: true },
      ],
      message: say(messages.socialLinked, 'Facebook'),
    });
    expect((await socialLogin('facebook', facebook)).json().name).toBe(`${user.firstName} ${user.lastName}`);

    // The same identity cannot be taken by another account, and one account holds one identity per provider.
    const taken = await link('facebook', other.headers, facebook);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(say(messages.socialLinkedElsewhere, 'Facebook'));
    const second = await link('facebook', headers, await token('facebook', `fb2-${Date.now()}@example.test`));
    expect(second.json().error.message).toBe(say(messages.socialAlreadyLinkedOther, 'Facebook'));

    const removed = await unlink('facebook', headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(say(messages.socialUnlinked, 'Facebook'));
    expect((await socialLogin('facebook', facebook)).statusCode).toBe(404);
    expect((await unlink('facebook', headers)).statusCode).toBe(404);
    expect((await links({})).statusCode).toBe(401);
  });

  it('never unlinks an account’s only way to log in', async () => {
    const email = `only-google-${Date.now()}@example.test`;
    const google = await token('google', email);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/social/google/register',
      payload: { accessToken: google },
    });
    expect(registered.statusCode).toBe(201);
    const session = (await socialLogin('google', google)).json();
    const headers = bearer(session.token);
    expect((await links(headers)).json().hasPassword).toBe(false);
    const refused = await unlink('google', headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(say(messages.socialUnlinkLast, 'Google'));
    expect((await socialLogin('google', google)).statusCode).toBe(200);

    // With Facebook linked too, Google may go; Facebook is then the last way in.
    expect((await link('facebook', headers, await token('facebook', email))).statusCode).toBe(200);
    expect((await unlink('google', headers)).statusCode).toBe(200);
    expect((await unlink('facebook', headers)).statusCode).toBe(422);
  });
});
