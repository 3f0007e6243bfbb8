import { messages } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_TIMEOUT, createUser, DEFAULT_PASSWORD, mailsTo } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PER_IP = 6;
const PER_ACCOUNT = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: String(PER_IP), AUTH_RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT) });
}, APP_START_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: Record<string, unknown>, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip });

describe('login rate limits', () => {
  it('limits attempts per account, whatever the address', async () => {
    const user = await createUser(t.app);
    for (let i = 1; i <= PER_ACCOUNT; i++) {
      const res = await post('/auth/login', { email: user.email, password: 'Wrong#123' }, `10.0.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    // Even the right password from a fresh address is refused now, and the casing of the email does not matter.
    const blocked = await post(
      '/auth/login',
      { email: user.email.toUpperCase(), password: DEFAULT_PASSWORD },
      '10.0.0.99',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: { code: 'RATE_LIMITED', message: messages.tooManyAttempts } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Another account is not affected.
    const other = await createUser(t.app);
    const ok = await post('/auth/login', { email: other.email, password: DEFAULT_PASSWORD }, '10.0.0.1');
    expect(ok.statusCode).toBe(200);
  });

  it('limits attempts per address, across accounts', async () => {
    for (let i = 1; i <= PER_IP; i++) {
      const res = await post('/auth/login', { email: `guess${i}@example.test`, password: 'Wrong#123' }, '10.9.9.9');
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(t.app);
    const blocked = await post('/auth/login', { email: user.email, password: DEFAULT_PASSWORD }, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Too many attempts. Please try again in a few minutes.');
    const elsewhere = await post('/auth/login', { email: user.email, password: DEFAULT_PASSWORD }, '10.9.9.10');
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('forgot-password rate limits', () => {
  it('limits reset mails per account', async () => {
    const user = await createUser(t.app);
    for (let i = 1; i <= PER_ACCOUNT; i++) {
      expect((await post('/auth/forgot-password', { email: user.email }, `10.2.0.${i}`)).statusCode).toBe(200);
    }
    const blocked = await post('/auth/forgot-password', { email: user.email }, '10.2.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(await mailsTo(t.app, user.email)).toHaveLength(PER_ACCOUNT);
  });

  it('limits requests per address', async () => {
    for (let i = 1; i <= PER_IP; i++) {
      const res = await post('/auth/forgot-password', { email: `nobody${i}@example.test` }, '10.3.3.3');
      expect(res.statusCode).toBe(404);
    }
    const user = await createUser(t.app);
    expect((await post('/auth/forgot-password', { email: user.email }, '10.3.3.3')).statusCode).toBe(429);
    expect(await mailsTo(t.app, user.email)).toHaveLength(0);
  });
});
