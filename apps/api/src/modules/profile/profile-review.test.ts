import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, type ProfileReviewPage } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { bearer, createUser, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SETUP_TIMEOUT = 300_000;
const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };
let t: TestApp;
let asAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.app, { role: 'admin' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: csrf,
    payload: { email: admin.email, password: admin.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  asAdmin = { ...csrf, cookie: `tibay_admin=${login.cookies.find((c) => c.name === 'tibay_admin')!.value}` };
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

/** A customer whose signature is on record (the list reads the row; the file itself is not needed). */
async function customerWithFiles(lastName: string, role: 'buyer' | 'agent' = 'buyer') {
  const user = await createUser(t.app, { role, firstName: 'Review', lastName });
  await t.app.db
    .update(users)
    .set({ signatureUrl: `/profiles/${user.id}/signature.png`, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return user;
}

async function list(query: string): Promise<ProfileReviewPage> {
  const res = await t.app.inject({ url: `/api/v1/admin/profiles?${query}`, headers: asAdmin });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

describe('GET /admin/profiles (the review queue)', () => {
  it('is for administrators only: 401 without a session, 401 or 403 for a buyer', async () => {
    const anonymous = await t.app.inject({ url: '/api/v1/admin/profiles' });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await createUser(t.app);
    const asBuyer = await t.app.inject({
      url: '/api/v1/admin/profiles',
      headers: { ...csrf, ...bearer(await tokenFor(t.app, buyer)) },
    });
    expect([401, 403]).toContain(asBuyer.statusCode);
  });

  it('lists customers with identity files, newest update first, searched by name or email, paged', async () => {
    const tag = `Queue${Date.now()}`;
    const first = await customerWithFiles(`${tag}A`);
    const second = await customerWithFiles(`${tag}B`, 'agent');
    const third = await customerWithFiles(`${tag}C`);
    // No identity files: not in the queue.
    await createUser(t.app, { firstName: 'Review', lastName: `${tag}D` });

    const all = await list(`q=${tag}`);
    expect(all.totalCount).toBe(3);
    expect(all.items.map((row) => row.id)).toEqual([third.id, second.id, first.id]);
    expect(all.items[1]).toMatchObject({
      name: `Review ${tag}B`,
      email: second.email,
      type: 'Agent',
      verification_status: 'PENDING',
    });

    const paged = await list(`q=${tag}&pageSize=2&page=2`);
    expect(paged).toMatchObject({ page: 2, pageSize: 2, totalPages: 2, totalCount: 3 });
    expect(paged.items.map((row) => row.id)).toEqual([first.id]);

    const byEmail = await list(`q=${encodeURIComponent(first.email.toUpperCase())}`);
    expect(byEmail.items.map((row) => row.id)).toEqual([first.id]);
    const byFullName = await list(`q=${encodeURIComponent(`review ${tag}c`)}`);
    expect(byFullName.items.map((row) => row.id)).toEqual([third.id]);
    const nothing = await list(`q=${tag}Z`);
    expect(nothing).toMatchObject({ items: [], totalCount: 0, totalPages: 0 });
  });

  it('a verified profile leaves the pending list and appears under verified; all lists pending first', async () => {
    const tag = `Verify${Date.now()}`;
    const pending = await customerWithFiles(`${tag}A`);
    const toVerify = await customerWithFiles(`${tag}B`);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/profiles/${toVerify.id}/verify`,
      headers: asAdmin,
    });
    expect(verified.statusCode, verified.body).toBe(200);

    expect((await list(`q=${tag}`)).items.map((row) => row.id)).toEqual([pending.id]);
    const done = await list(`status=verified&q=${tag}`);
    expect(done.items).toEqual([expect.objectContaining({ id: toVerify.id, verification_status: 'VERIFIED' })]);
    // Verifying updated the row last, yet the pending one comes first.
    expect((await list(`status=all&q=${tag}`)).items.map((row) => row.id)).toEqual([pending.id, toVerify.id]);
  });

  it('refuses a bad query with 400 and changes nothing', async () => {
    for (const query of ['status=done', 'page=0', 'pageSize=1000', `q=${'x'.repeat(101)}`]) {
      const res = await t.app.inject({ url: `/api/v1/admin/profiles?${query}`, headers: asAdmin });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
