import { messages, passwordHint } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditApplications, creditLines, users } from '../../db/schema/index.ts';
import { REMEMBER_ME_DAYS, SESSION_HOURS } from '../../plugins/auth.ts';
import { APP_START_TIMEOUT, bearer, createUser, DEFAULT_PASSWORD, signedIn, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

const login = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} });

describe('POST /auth/login', () => {
  it('returns the contract login response with a 24 h token', async () => {
    const user = await createUser(t.app, { firstName: 'Ana', lastName: 'Reyes' });
    const res = await login({ email: user.email.toUpperCase(), password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      id: user.id,
      name: 'Ana Reyes',
      account_type: 'Buyer',
      rpafDetail: null,
      message: messages.loginSuccess,
    });
    const claims = decodeJwt(body.token);
    expect(claims.sub).toBe(String(user.id));
    const hours = (claims.exp! - claims.iat!) / 3600;
    expect(hours).toBe(SESSION_HOURS);
    expect(Math.abs(new Date(body.expiresAt).getTime() - claims.exp! * 1000)).toBeLessThan(1000);

    const me = await get('/me', body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(user.email);
  });

  it('remember me gives a 30-day token', async () => {
    const user = await createUser(t.app);
    const res = await login({ email: user.email, password: DEFAULT_PASSWORD, rememberMe: true });
    const claims = decodeJwt(res.json().token);
    expect((claims.exp! - claims.iat!) / 86_400).toBe(REMEMBER_ME_DAYS);
  });

  it('gives each role its account type and the BuildCredit application status', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    expect((await login({ email: agent.email, password: DEFAULT_PASSWORD })).json().account_type).toBe('Agent');
    const buyer = await createUser(t.app);
    await t.app.db.insert(creditApplications).values({ customerId: buyer.id, status: 'Pending' });
    const res = await login({ email: buyer.email, password: DEFAULT_PASSWORD });
    expect(res.json().rpafDetail).toEqual({ status: 'Pending' });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const user = await createUser(t.app);
    const wrongPassword = await login({ email: user.email, password: 'Wrong#123' });
    const unknownEmail = await login({ email: 'ghost@example.test', password: DEFAULT_PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: messages.invalidCredentials } });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('refuses an unverified account after checking the password', async () => {
    const user = await createUser(t.app, { verified: false });
    const res = await login({ email: user.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: messages.emailNotVerified });
    // A wrong password does not reveal that the account is unverified.
    expect((await login({ email: user.email, password: 'Wrong#123' })).statusCode).toBe(401);
  });

  it('requires email and password and rejects unknown fields', async () => {
    expect((await login({ email: '', password: 'x' })).statusCode).toBe(400);
    expect((await login({ email: 'a@b.test' })).statusCode).toBe(400);
    const extra = await login({ email: 'a@b.test', password: 'x', role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('VALIDATION');
  });
});

describe('sessions', () => {
  it('a token past its expiry gets 401 SESSION_EXPIRED', async () => {
    const user = await createUser(t.app);
    // exp holds whole seconds, so a 1 s lifetime can end within a millisecond: 2 s leaves at least one whole second.
    const { token, expiresAt } = await t.app.signSession(
      { sub: String(user.id), role: 'buyer', sv: user.sessionVersion },
      2,
    );
    expect((await get('/me', token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 100));
    const res = await get('/me', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'SESSION_EXPIRED', message: 'Session Expired. Please Login Again' });
  });

  it('a session_version raised by another process ends the session within SESSION_CHECK_CACHE_MS', async () => {
    const { user, token } = await signedIn(t.app);
    expect((await get('/me', token)).statusCode).toBe(200);
    // Another API process changes the password: this one learns it when its check (1 s by default) runs out.
    await t.app.db
      .update(users)
      .set({ sessionVersion: user.sessionVersion + 1 })
      .where(eq(users.id, user.id));
    await new Promise((resolve) => setTimeout(resolve, t.app.config.SESSION_CHECK_CACHE_MS + 100));
    const res = await get('/me', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_EXPIRED');
  });

  it('no token or a forged one gets 401', async () => {
    expect((await get('/me')).json().error.code).toBe('UNAUTHENTICATED');
    const { token } = await signedIn(t.app);
    const forged = `${token.slice(0, -3)}abc`;
    const res = await get('/me', forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('GET /me returns the customer and no acting agent', async () => {
    const agent = await createUser(t.app, { role: 'agent', agentCode: 'AG-ME-1' });
    const { user, token } = await signedIn(t.app, {
      agentId: agent.id,
      address: 'Quezon City',
      latitude: 14.65,
      longitude: 121.03,
    });
    const res = await get('/me', token);
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone: '09171234567',
        address: 'Quezon City',
        latitude: 14.65,
        longitude: 121.03,
        account_type: 'Buyer',
        agent_code: 'AG-ME-1',
        is_completed_profile: false,
      },
      actingAgent: null,
      rpafDetail: null,
    });
  });

  it('GET /customers/:id gives only your own record', async () => {
    const a = await signedIn(t.app);
    const b = await createUser(t.app);
    const own = await get(`/customers/${a.user.id}`, a.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: a.user.id, email: a.user.email });
    const other = await get(`/customers/${b.id}`, a.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('NOT_FOUND');
    expect((await get(`/customers/${a.user.id}`)).statusCode).toBe(401);
  });
});

describe('GET /credit/buildcredit', () => {
  it('is N/A with zeros when the buyer has no BuildCredit line', async () => {
    const { token } = await signedIn(t.app);
    const res = await get('/credit/buildcredit', token);
    expect(res.json()).toEqual({
      buildcredit_status: 'N/A',
      status: 'N/A',
      current_bal: 0,
      approved_credit_limit: 0,
      used_credit_limit: 0,
      credit_terms: 0,
      pdc_sent: 0,
    });
  });

  it('reports the BuildCredit line in centavos, ignoring other credit kinds', async () => {
    const { user, token } = await signedIn(t.app);
    await t.app.db.insert(creditApplications).values({ customerId: user.id, status: 'Approved' });
    await t.app.db.insert(creditLines).values([
      { customerId: user.id, kind: 'hardware', approvedLimit: 999, used: 1, balance: 998 },
      {
        customerId: user.id,
        kind: 'buildcredit',
        approvedLimit: 50_000_000,
        used: 1_250_050,
        balance: 48_749_950,
        termsDays: 60,
        pdcSent: 2,
      },
    ]);
    const res = await get('/credit/buildcredit', token);
    expect(res.json()).toEqual({
      buildcredit_status: 'active',
      status: 'Approved',
      current_bal: 48_749_950,
      approved_credit_limit: 50_000_000,
      used_credit_limit: 1_250_050,
      credit_terms: 60,
      pdc_sent: 2,
    });
  });

  it('needs a session', async () => {
    expect((await get('/credit/buildcredit')).statusCode).toBe(401);
  });
});

describe('POST /auth/change-password', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/change-password', headers: bearer(token), payload });

  it('changes the password, ends other sessions and keeps this one with a fresh token', async () => {
    const user = await createUser(t.app);
    const other = await tokenFor(t.app, user);
    const current = await tokenFor(t.app, user, { lifetimeSeconds: 7200 });
    const res = await change(current, {
      oldPassword: DEFAULT_PASSWORD,
      newPassword: 'Fresh#456',
      confirmPassword: 'Fresh#456',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Password change successfully' });
    // The new token keeps the old one's expiry.
    expect(Math.abs(decodeJwt(body.token).exp! - decodeJwt(current).exp!)).toBeLessThanOrEqual(2);

    expect((await get('/me', body.token)).statusCode).toBe(200);
    for (const old of [other, current]) {
      const res401 = await get('/me', old);
      expect(res401.statusCode).toBe(401);
      expect(res401.json().error.message).toBe(messages.sessionExpired);
    }
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: 'Fresh#456' })).statusCode).toBe(200);
  });

  it('refuses a wrong old password, a mismatch and a weak password, changing nothing', async () => {
    const { user, token } = await signedIn(t.app);
    const wrongOld = await change(token, {
      oldPassword: 'Nope#123',
      newPassword: 'Fresh#456',
      confirmPassword: 'Fresh#456',
    });
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json().error.message).toBe('Check input password');
    const mismatch = await change(token, {
      oldPassword: DEFAULT_PASSWORD,
      newPassword: 'Fresh#456',
      confirmPassword: 'Fresh#457',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.message).toBe('Password not matched');
    const weak = await change(token, { oldPassword: DEFAULT_PASSWORD, newPassword: 'abc', confirmPassword: 'abc' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error.message).toBe(passwordHint);

    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.sessionVersion).toBe(user.sessionVersion);
    expect((await get('/me', token)).statusCode).toBe(200);
  });

  it('is refused to an agent acting for the customer', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    const buyer = await createUser(t.app, { agentId: agent.id });
    const token = await tokenFor(t.app, buyer, { actingAgentId: agent.id });
    const res = await change(token, {
      oldPassword: DEFAULT_PASSWORD,
      newPassword: 'Fresh#456',
      confirmPassword: 'Fresh#456',
    });
    expect(res.statusCode).toBe(403);
  });
});
