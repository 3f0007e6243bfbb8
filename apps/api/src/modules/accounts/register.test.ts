import { messages, passwordHint } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../../db/schema/index.ts';
import { APP_START_TIMEOUT, linkToken, mailsTo } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sha256 } from './email-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

let n = 0;
function signup(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    firstName: 'Juan',
    lastName: 'Dela Cruz',
    email: `juan${n}@example.test`,
    phoneNo: '09171234567',
    password: 'Secret#123',
    confirmPassword: 'Secret#123',
    ...overrides,
  };
}
const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });
const login = (email: string, password = 'Secret#123') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
const userCount = async () => (await t.app.db.select({ c: sql<number>`count(*)::int` }).from(users))[0]!.c;

describe('POST /auth/register', () => {
  it('creates an unverified buyer and mails a verification link', async () => {
    const body = signup({ email: 'Maria.Santos@Example.test' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: messages.registerSuccess });

    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'maria.santos@example.test'));
    expect(user).toMatchObject({ role: 'buyer', emailVerifiedAt: null, firstName: 'Juan', phone: '09171234567' });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain('Secret#123');

    const [mail] = await mailsTo(t.app, 'maria.santos@example.test');
    expect(mail!.subject).toMatch(/verify/i);
    expect(mail!.text).toContain(`${t.app.config.publicUrl}/verify-email?token=`);
    const token = linkToken(mail!.text, '/verify-email');
    const [stored] = await t.app.db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    // Only the hash is kept, and the link lasts 24 hours.
    expect(stored!.tokenHash).toBe(sha256(token));
    expect(stored!.tokenHash).not.toBe(token);
    const hours = (stored!.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it.each([
    ['09171234', 'too short'],
    ['091712345678', 'too long'],
    ['0917abc4567', 'letters'],
    ['01123456789', '01 prefix'],
    ['0917 123 4567', 'spaces'],
    ['+63917123456', '+63 too short'],
  ])('refuses phone %s (%s) with the spec message and stores nothing', async (phoneNo) => {
    const before = await userCount();
    const res = await register(signup({ phoneNo }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Please enter a valid phone number.' });
    expect(await userCount()).toBe(before);
  });

  it.each(['+639171234567', '0281234567', '028123456', '0321234567'])('accepts phone %s', async (phoneNo) => {
    const res = await register(signup({ phoneNo }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses mismatched passwords with 422 "Password did not match"', async () => {
    const before = await userCount();
    const res = await register(signup({ confirmPassword: 'Secret#124' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'BUSINESS_RULE', message: 'Password did not match' });
    expect(await userCount()).toBe(before);
  });

  it.each(['Sec#1', 'Secret#1234567890', 'Secret#abc', 'Secret1234'])(
    'enforces the password hint on the server (%s)',
    async (password) => {
      const res = await register(signup({ password, confirmPassword: password }));
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(passwordHint);
    },
  );

  it('refuses a duplicate email regardless of case with 409', async () => {
    const first = signup({ email: 'dup@example.test' });
    expect((await register(first)).statusCode).toBe(201);
    const res = await register(signup({ email: 'DUP@Example.TEST' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: messages.emailTaken });
  });

  it('asks to pin the location when an address comes without coordinates', async () => {
    const res = await register(signup({ address: 'Makati City' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Please pin your location');
    const withPin = signup({ address: 'Makati City', latitude: 14.55, longitude: 121.02 });
    expect((await register(withPin)).statusCode).toBe(201);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, withPin.email));
    expect(user).toMatchObject({ address: 'Makati City', latitude: 14.55, longitude: 121.02 });
  });

  it.each([
    ['type', 'Agent'],
    ['role', 'admin'],
    ['credit', 100000],
    ['agentCode', 'AG-1'],
    ['hardwareName', 'Shop'],
  ])('rejects the forbidden field %s and creates nothing', async (field, value) => {
    const body = signup({ [field]: value });
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    const found = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(found).toHaveLength(0);
  });

  it.each(['firstName', 'lastName', 'email', 'phoneNo', 'password', 'confirmPassword'])(
    'requires %s',
    async (field) => {
      const body: Record<string, unknown> = signup();
      delete body[field];
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    },
  );
});

describe('email verification', () => {
  it('refuses login before verifying; the mailed link verifies once; then login works', async () => {
    const body = signup();
    await register(body);
    const before = await login(body.email);
    expect(before.statusCode).toBe(403);
    expect(before.json().error).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: messages.emailNotVerified });

    const token = linkToken((await mailsTo(t.app, body.email))[0]!.text, '/verify-email');
    const verify = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
    const first = await verify();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: messages.emailVerified });
    const again = await verify();
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(messages.verifyLinkInvalid);

    const after = await login(body.email);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ success: true, account_type: 'Buyer', name: 'Juan Dela Cruz' });
  });

  it('refuses an unknown or expired link', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token: 'not-a-real-token' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(messages.verifyLinkInvalid);

    const body = signup();
    await register(body);
    const token = linkToken((await mailsTo(t.app, body.email))[0]!.text, '/verify-email');
    await t.app.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, sha256(token)));
    const expired = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(messages.verifyLinkInvalid);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(user!.emailVerifiedAt).toBeNull();
  });

  it('resend answers the same for unknown, unverified and verified emails, mailing only the unverified', async () => {
    const body = signup();
    await register(body);
    const resend = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/resend-verification', payload: { email } });

    const unknown = await resend('nobody@example.test');
    const unverified = await resend(body.email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(unverified.statusCode).toBe(200);
    expect(unknown.json()).toEqual(unverified.json());
    expect(await mailsTo(t.app, 'nobody@example.test')).toHaveLength(0);
    const mails = await mailsTo(t.app, body.email);
    expect(mails).toHaveLength(2);

    // The new link works.
    const token = linkToken(mails[0]!.text, '/verify-email');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
    expect(res.statusCode).toBe(200);
    const verified = await resend(body.email);
    expect(verified.json()).toEqual(unknown.json());
    expect(await mailsTo(t.app, body.email)).toHaveLength(2);
  });
});
