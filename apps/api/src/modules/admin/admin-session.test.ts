import { adminMessages, messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { APP_START_TIMEOUT, bearer, createUser, tokenFor } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { dashboard } from './dashboard.service.ts';
import { admin, adminCookie, csrf, login, t, useAdminApp } from './test-support.ts';

/** The admin session (its cookie and who it refuses) and the undelivered mail page. */

useAdminApp();

describe('admin session (cookie)', () => {
  it('logs an administrator in with an httpOnly, SameSite=Strict cookie that lasts 2 hours', async () => {
    const res = await login();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, admin: { id: admin.id, email: admin.email } });
    const cookie = res.cookies.find((c) => c.name === 'tibay_admin')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 7200 });
    // Not Secure on plain http (PUBLIC_URL is http in tests); the token is never in the body or a URL.
    expect(cookie.secure).toBeFalsy();
    expect(res.body).not.toContain(cookie.value);
    const expires = new Date(res.json().expires_at).getTime();
    expect(Math.abs(expires - (Date.now() + 2 * 3600_000))).toBeLessThan(5_000);

    const check = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/session',
      headers: { cookie: `tibay_admin=${cookie.value}` },
    });
    expect(check.json()).toMatchObject({ valid: true, admin: { id: admin.id } });
  });

  it('refuses a wrong password, a buyer and a seller, and a login without the CSRF header', async () => {
    const wrong = await login(admin.email, 'Wrong#1234');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(messages.invalidCredentials);
    expect(wrong.cookies).toHaveLength(0);

    for (const role of ['buyer', 'seller'] as const) {
      const user = await createUser(t.app, { role });
      const res = await login(user.email, user.password);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(adminMessages.notAuthorized);
      expect(res.cookies).toHaveLength(0);
    }

    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: admin.email, password: admin.password },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.cookies).toHaveLength(0);
  });

  it('expires after 2 hours', async () => {
    const cookie = await adminCookie();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 3600_000 - 60_000);
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: cookie });
    expect(before.statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(adminMessages.notAuthorized);
    const check = await t.app.inject({ method: 'GET', url: '/api/v1/admin/session', headers: cookie });
    expect(check.json()).toEqual({ valid: false, admin: null, expires_at: null });
  });

  it('logs out: the cookie is cleared', async () => {
    const cookie = await adminCookie();
    const noHeader = await t.app.inject({ method: 'DELETE', url: '/api/v1/admin/session', headers: cookie });
    expect(noHeader.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/admin/session', headers: { ...cookie, ...csrf } });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'tibay_admin')!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    // The session ends on the server too: a copy of the cookie taken before logout opens nothing (decision 0017).
    const replayed = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: cookie });
    expect(replayed.statusCode).toBe(401);
    const check = await t.app.inject({ method: 'GET', url: '/api/v1/admin/session', headers: cookie });
    expect(check.json()).toEqual({ valid: false, admin: null, expires_at: null });
  });

  it('ends when the administrator changes password (session version) or stops being an admin', async () => {
    const other = await createUser(t.app, { role: 'admin' });
    const res = await login(other.email, other.password);
    const cookie = { cookie: `tibay_admin=${res.cookies.find((c) => c.name === 'tibay_admin')!.value}` };
    const { users } = await import('../../db/schema/index.ts');
    await t.app.db.update(users).set({ role: 'buyer' }).where(eq(users.id, other.id));
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: cookie });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a forged or tampered cookie', async () => {
    const cookie = await adminCookie();
    const tampered = { cookie: `${cookie.cookie.slice(0, -3)}abc` };
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: tampered });
    expect(res.statusCode).toBe(401);
    // A buyer session token placed in the admin cookie is not an admin session either.
    const buyerToken = await tokenFor(t.app, await createUser(t.app));
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders',
      headers: { cookie: `tibay_admin=${buyerToken}` },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('admin routes refuse everyone else', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/v1/admin/orders' },
    { method: 'GET' as const, url: '/api/v1/admin/orders/ORD00000000000001' },
    { method: 'GET' as const, url: '/api/v1/admin/orders/ORD00000000000001/proof-of-payment' },
    { method: 'GET' as const, url: '/api/v1/admin/orders/ORD00000000000001/purchase-order' },
    { method: 'POST' as const, url: '/api/v1/admin/orders/ORD00000000000001/status' },
    { method: 'POST' as const, url: '/api/v1/admin/orders/ORD00000000000001/refund' },
    { method: 'GET' as const, url: '/api/v1/admin/dashboard' },
    { method: 'GET' as const, url: '/api/v1/admin/mail/undelivered' },
    { method: 'POST' as const, url: '/api/v1/admin/mail/1/retry' },
  ];

  it('answers 401 without a cookie', async () => {
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: csrf, payload: route.method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().error.message).toBe(adminMessages.notAuthorized);
    }
  });

  it('answers 403 to buyers, sellers and agents with their bearer tokens', async () => {
    for (const role of ['buyer', 'seller', 'agent'] as const) {
      const headers = { ...bearer(await tokenFor(t.app, await createUser(t.app, { role }))), ...csrf };
      for (const route of routes) {
        const res = await t.app.inject({ ...route, headers, payload: route.method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
      }
    }
  });

  it("answers 401 to an admin's bearer token: admin pages take only the admin cookie", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders',
      headers: bearer(await tokenFor(t.app, admin)),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('behind https', () => {
  it(
    'marks the cookie Secure with the __Host- prefix and accepts the public origin',
    async () => {
      const secure = await createTestApp({ PUBLIC_URL: 'https://tibay.example' });
      try {
        const boss = await createUser(secure.app, { role: 'admin' });
        const res = await secure.app.inject({
          method: 'POST',
          url: '/api/v1/admin/session',
          headers: { ...csrf, origin: 'https://tibay.example' },
          payload: { email: boss.email, password: boss.password },
        });
        expect(res.statusCode, res.body).toBe(200);
        const cookie = res.cookies.find((c) => c.name === '__Host-tibay_admin')!;
        expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
        expect(cookie.domain).toBeUndefined();
        const check = await secure.app.inject({
          method: 'GET',
          url: '/api/v1/admin/session',
          headers: { cookie: `__Host-tibay_admin=${cookie.value}` },
        });
        expect(check.json().valid).toBe(true);
        const foreign = await secure.app.inject({
          method: 'POST',
          url: '/api/v1/admin/session',
          headers: { ...csrf, origin: 'http://tibay.example' },
          payload: { email: boss.email, password: boss.password },
        });
        expect(foreign.statusCode).toBe(403);
      } finally {
        await secure.close();
      }
    },
    APP_START_TIMEOUT,
  );
});

describe('undelivered mail', () => {
  it('lists the mails whose last try failed and sends one again on request', async () => {
    const cookie = await adminCookie();
    const [failed] = await t.app.db
      .insert(mailOutbox)
      .values({
        to: 'buyer@example.test',
        subject: 'Verify your email',
        text: 'Link',
        attempts: 6,
        lastError: '451 4.3.0 try again later',
        failedAt: new Date(),
      })
      .returning({ id: mailOutbox.id });
    await t.app.db.insert(mailOutbox).values({ to: 'buyer@example.test', subject: 'Still trying', text: 'x' });
    expect((await dashboard({ db: t.app.db })).mails_undelivered).toBe(1);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/mail/undelivered', headers: cookie });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: failed!.id,
        subject: 'Verify your email',
        attempts: 6,
        last_error: expect.stringMatching(/451/),
      }),
    ]);
    const retry = (id: number, headers: Record<string, string> = { ...cookie, ...csrf }) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/mail/${id}/retry`, headers });
    expect((await retry(failed!.id, cookie)).statusCode).toBe(403); // no CSRF header
    const done = await retry(failed!.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(adminMessages.mailRequeued);
    expect((await dashboard({ db: t.app.db })).mails_undelivered).toBe(0);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed!.id));
    expect(row).toMatchObject({ attempts: 0, failedAt: null, sentAt: null });
    const again = await retry(failed!.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(adminMessages.mailNotUndelivered);
  });
});
