import { messages } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedProxies } from '../../app.ts';
import { loadConfig } from '../../config.ts';
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

describe('forwarded addresses (decision 0016)', () => {
  it('ignores X-Forwarded-For by default: a sprayer rotating it is still one address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= PER_IP + 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `spray${i}@example.test`, password: 'Summer#2026' },
        remoteAddress: '10.7.7.7',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, PER_IP).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(PER_IP)).toEqual([429, 429]);
  });

  it('limits reset-token guesses per address whatever X-Forwarded-For says, and per token across addresses', async () => {
    const guesses: number[] = [];
    for (let i = 1; i <= PER_IP + 1; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { token: `guess-${i}-${'x'.repeat(30)}`, newPassword: 'Better#2026', confirmPassword: 'Better#2026' },
        remoteAddress: '10.8.8.8',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      guesses.push(res.statusCode);
    }
    expect(guesses.at(-1)).toBe(429);

    const oneToken = {
      token: `one-token-${'y'.repeat(30)}`,
      newPassword: 'Better#2026',
      confirmPassword: 'Better#2026',
    };
    const tries: number[] = [];
    for (let i = 1; i <= PER_ACCOUNT + 1; i++) {
      tries.push((await post('/auth/reset-password', oneToken, `10.8.9.${i}`)).statusCode);
    }
    expect(tries.slice(0, PER_ACCOUNT).every((status) => status === 400)).toBe(true);
    expect(tries.at(-1)).toBe(429);
  });

  it('believes X-Forwarded-For only from a proxy named in TRUST_PROXY', async () => {
    const proxied = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '2', TRUST_PROXY: '10.0.0.1' });
    try {
      const login = (remoteAddress: string, forwarded: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: `p${Math.random()}@example.test`, password: 'Summer#2026' },
          remoteAddress,
          headers: { 'x-forwarded-for': forwarded },
        });
      // Through the proxy, each client has its own count.
      for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
        expect((await login('10.0.0.1', client)).statusCode).toBe(401);
        expect((await login('10.0.0.1', client)).statusCode).toBe(401);
      }
      expect((await login('10.0.0.1', '192.0.2.1')).statusCode).toBe(429);
      // Anyone else sending the header is counted by its own address.
      expect((await login('10.0.0.9', '192.0.2.50')).statusCode).toBe(401);
      expect((await login('10.0.0.9', '192.0.2.51')).statusCode).toBe(401);
      expect((await login('10.0.0.9', '192.0.2.52')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('refuses to trust everyone', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(trustedProxies(loadConfig({}))).toBe(false);
    expect(trustedProxies(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }))).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
});
