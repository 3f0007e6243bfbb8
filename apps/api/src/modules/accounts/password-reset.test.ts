import { messages, passwordHint } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../../db/schema/index.ts';
import {
  APP_START_TIMEOUT,
  bearer,
  createUser,
  DEFAULT_PASSWORD,
  linkToken,
  mailsTo,
  tokenFor,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sha256 } from './email-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
const forgot = (email: string) => post('/auth/forgot-password', { email });
const reset = (token: string, newPassword: string, confirmPassword = newPassword) =>
  post('/auth/reset-password', { token, newPassword, confirmPassword });
const login = (email: string, password: string) => post('/auth/login', { email, password });

async function resetTokenFor(email: string) {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  const [mail] = await mailsTo(t.app, email);
  return linkToken(mail!.text, '/reset-password');
}

describe('POST /auth/forgot-password', () => {
  it('mails a one-hour reset link and says so in the spec words', async () => {
    const user = await createUser(t.app);
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'We already sent you an email. Please check your inbox' });
    const [mail] = await mailsTo(t.app, user.email);
    expect(mail!.text).toContain(`${t.app.config.publicUrl}/reset-password?token=`);
    const token = linkToken(mail!.text, '/reset-password');
    const [row] = await t.app.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, sha256(token)));
    expect(row!.purpose).toBe('reset_password');
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('answers "Email not found" for an unknown email and sends nothing', async () => {
    const res = await forgot('nobody-here@example.test');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Email not found' });
    expect(await mailsTo(t.app, 'nobody-here@example.test')).toHaveLength(0);
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password, ends old sessions, and the link works once', async () => {
    const user = await createUser(t.app);
    const oldSession = await tokenFor(t.app, user);
    expect((await t.app.inject({ url: '/api/v1/me', headers: bearer(oldSession) })).statusCode).toBe(200);

    const token = await resetTokenFor(user.email);
    const res = await reset(token, 'Brand#New1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.passwordResetDone });

    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(oldSession) });
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toEqual({ code: 'SESSION_EXPIRED', message: 'Session Expired. Please Login Again' });

    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'Brand#New1')).statusCode).toBe(200);

    const again = await reset(token, 'Other#New2');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(messages.resetLinkInvalid);
    expect((await login(user.email, 'Brand#New1')).statusCode).toBe(200);
  });

  it('a newer link replaces an older one', async () => {
    const user = await createUser(t.app);
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    expect((await reset(first, 'Brand#New1')).statusCode).toBe(400);
    expect((await reset(second, 'Brand#New1')).statusCode).toBe(200);
  });

  it('also verifies the email of an unverified account', async () => {
    const user = await createUser(t.app, { verified: false });
    const token = await resetTokenFor(user.email);
    expect((await reset(token, 'Brand#New1')).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await login(user.email, 'Brand#New1')).statusCode).toBe(200);
  });

  it('refuses a mismatch and a weak password without using up the link', async () => {
    const user = await createUser(t.app);
    const token = await resetTokenFor(user.email);
    const mismatch = await reset(token, 'Brand#New1', 'Brand#New2');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.message).toBe('Passwords do not match!');
    const weak = await reset(token, 'weakpass');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error.message).toBe(passwordHint);
    expect((await reset(token, 'Brand#New1')).statusCode).toBe(200);
  });

  it('refuses an unknown, an expired and a missing token', async () => {
    expect((await reset('made-up-token', 'Brand#New1')).json().error.message).toBe(messages.resetLinkInvalid);

    const user = await createUser(t.app);
    const token = await resetTokenFor(user.email);
    await t.app.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, sha256(token)));
    const expired = await reset(token, 'Brand#New1');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(messages.resetLinkInvalid);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);

    const missing = await post('/auth/reset-password', { token: '', newPassword: 'a', confirmPassword: 'a' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Token is missing!');
  });

  it('a verify-email token cannot reset a password', async () => {
    const user = await createUser(t.app, { verified: false });
    await post('/auth/resend-verification', { email: user.email });
    const verifyToken = linkToken((await mailsTo(t.app, user.email))[0]!.text, '/verify-email');
    expect((await reset(verifyToken, 'Brand#New1')).statusCode).toBe(400);
  });
});
