import { sessionMessages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { sessions } from '../../db/schema/index.ts';
import { hmacKey } from '../../plugins/auth.ts';
import { APP_START_TIMEOUT, bearer, createUser, DEFAULT_PASSWORD, signedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sweepExpiredSessions } from './sessions.service.ts';
import { describeDevice } from './sessions.ts';

// Decision 0017: sessions are rows the token names (sid); logout and "end session" revoke them on the server.
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '100', AUTH_RATE_LIMIT_PER_IP: '100' });
}, APP_START_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

async function login(email: string, userAgent = CHROME_WINDOWS, rememberMe = false): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password: DEFAULT_PASSWORD, rememberMe },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

const me = (app: TestApp['app'], token: string) => app.inject({ url: '/api/v1/me', headers: bearer(token) });
const post = (url: string, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token) });

describe('logout', () => {
  it('ends the session on the server: a copy of the token taken before logout is refused', async () => {
    const user = await createUser(t.app);
    const token = await login(user.email, CHROME_WINDOWS, true);
    expect((await me(t.app, token)).statusCode).toBe(200);
    const out = await post('/auth/logout', token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: sessionMessages.loggedOut });
    const copied = await me(t.app, token);
    expect(copied.statusCode).toBe(401);
    expect(copied.json().error.code).toBe('SESSION_EXPIRED');
    // Another session of the same account is not touched.
    const other = await login(user.email);
    expect((await me(t.app, other)).statusCode).toBe(200);
  });

  it('is refused on a second API process within SESSION_CHECK_CACHE_MS', async () => {
    const windowMs = 300;
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', SESSION_CHECK_CACHE_MS: String(windowMs) }),
      // The same database; closing the second app must not close it under the first.
      database: { ...t.database, close: async () => {} },
    });
    try {
      const user = await createUser(t.app);
      const token = await login(user.email);
      expect((await me(second, token)).statusCode).toBe(200);
      expect((await post('/auth/logout', token)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, windowMs + 50));
      expect((await me(second, token)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('refuses tokens that name no session (signed before sessions were recorded)', async () => {
    const user = await createUser(t.app);
    const key = await hmacKey(t.app.config.jwtSecret);
    const legacy = await new SignJWT({ role: 'buyer', sv: user.sessionVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('tibay')
      .setAudience('tibay-web')
      .setExpirationTime('1h')
      .sign(key);
    expect((await me(t.app, legacy)).statusCode).toBe(401);
  });
});

describe('impersonation ends on the server', () => {
  async function agentActingForCustomer() {
    const agent = await createUser(t.app, { role: 'agent' });
    const customer = await createUser(t.app, { agentId: agent.id });
    const agentToken = await login(agent.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agent/impersonate',
      headers: bearer(agentToken),
      payload: { impersonate_customer_id: customer.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { agentToken, customerToken: res.json().token as string };
  }

  it('AGENT ACCOUNT revokes the customer token; the agent stays signed in', async () => {
    const { agentToken, customerToken } = await agentActingForCustomer();
    expect((await me(t.app, customerToken)).statusCode).toBe(200);
    expect((await post('/agent/impersonation/end', customerToken)).statusCode).toBe(200);
    expect((await me(t.app, customerToken)).statusCode).toBe(401);
    expect((await me(t.app, agentToken)).statusCode).toBe(200);
  });

  it("the agent's logout ends the customer token too, and logging out while acting ends both", async () => {
    const first = await agentActingForCustomer();
    expect((await post('/auth/logout', first.agentToken)).statusCode).toBe(200);
    expect((await me(t.app, first.customerToken)).statusCode).toBe(401);

    const second = await agentActingForCustomer();
    expect((await post('/auth/logout', second.customerToken)).statusCode).toBe(200);
    expect((await me(t.app, second.customerToken)).statusCode).toBe(401);
    expect((await me(t.app, second.agentToken)).statusCode).toBe(401);
  });
});

describe('my sessions', () => {
  it('lists live sessions with browser, device and last use, this one first', async () => {
    const user = await createUser(t.app);
    const phone = await login(user.email, SAFARI_IPHONE);
    const laptop = await login(user.email, CHROME_WINDOWS);
    const gone = await login(user.email);
    await post('/auth/logout', gone);
    const res = await t.app.inject({ url: '/api/v1/me/sessions', headers: bearer(laptop) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { items } = res.json();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ current: true, browser: 'Chrome 131', device: 'Windows 10 · desktop' });
    expect(items[1]).toMatchObject({ current: false, browser: 'Safari 17', device: 'iOS 17.0 · mobile' });
    expect(Number.isNaN(Date.parse(items[1].lastUsedAt))).toBe(false);
    expect((await me(t.app, phone)).statusCode).toBe(200);
  });

  it('ends one session, or all the others; never another account’s', async () => {
    const user = await createUser(t.app);
    const a = await login(user.email);
    const b = await login(user.email, SAFARI_IPHONE);
    const c = await login(user.email);
    const list = (await t.app.inject({ url: '/api/v1/me/sessions', headers: bearer(a) })).json().items;
    const phoneSession = list.find((s: { browser: string }) => s.browser === 'Safari 17').id;

    const stranger = await signedIn(t.app);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${phoneSession}`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(t.app, b)).statusCode).toBe(200);

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${phoneSession}`,
      headers: bearer(a),
    });
    expect(ended.json()).toEqual({ success: true, message: sessionMessages.sessionEnded, ended: 1 });
    expect((await me(t.app, b)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${phoneSession}`,
      headers: bearer(a),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(sessionMessages.sessionNotFound);

    const others = await post('/me/sessions/end-others', a);
    expect(others.json()).toMatchObject({ ended: 1, message: sessionMessages.otherSessionsEnded });
    expect((await me(t.app, c)).statusCode).toBe(401);
    expect((await me(t.app, a)).statusCode).toBe(200);
  });

  it('needs the account holder: an agent acting for the customer may not list or end them', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    const customer = await createUser(t.app, { agentId: agent.id });
    const agentToken = await login(agent.email);
    const acting = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/agent/impersonate',
        headers: bearer(agentToken),
        payload: { impersonate_customer_id: customer.id },
      })
    ).json().token;
    expect((await t.app.inject({ url: '/api/v1/me/sessions', headers: bearer(acting) })).statusCode).toBe(403);
    expect((await post('/me/sessions/end-others', acting)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/me/sessions' })).statusCode).toBe(401);
  });

  it('describes an unknown or missing User-Agent in plain words', () => {
    expect(describeDevice(null)).toEqual({ browser: 'Unknown browser', device: 'Unknown device' });
    expect(describeDevice('curl/8.5.0')).toEqual({ browser: 'Unknown browser', device: 'Unknown device' });
  });
});

describe('the expired sessions sweep', () => {
  it('deletes sessions expired for more than a day, and keeps live and recently expired ones', async () => {
    const user = await createUser(t.app);
    const live = await login(user.email);
    const ids = await t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(ids).toHaveLength(1);
    const now = new Date();
    const [old, recent] = ['old', 'recent'].map((name) => `sweep-${name}-${user.id}`);
    await t.app.db.insert(sessions).values([
      { id: old!, userId: user.id, kind: 'web', expiresAt: new Date(now.getTime() - 2 * 86_400_000) },
      { id: recent!, userId: user.id, kind: 'web', expiresAt: new Date(now.getTime() - 3_600_000) },
    ]);
    expect(await sweepExpiredSessions({ db: t.app.db }, now)).toBeGreaterThanOrEqual(1);
    const left = (await t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map(
      (row) => row.id,
    );
    expect(left).toContain(recent);
    expect(left).toContain(ids[0]!.id);
    expect(left).not.toContain(old);
    // The live session still works.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(live) });
    expect(me.statusCode).toBe(200);
  });
});
