import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '@tibay/contract';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The admin test files share one set-up: an app with an administrator and a shop selling cement.
 * useAdminApp() starts it in beforeAll; the bindings below are filled then (ES module bindings are live, and
 * vitest gives each test file its own copy of this module).
 */

export let t: TestApp;
export let admin: TestUser;
export let sellerId: number;
export let sellerName: string;
/** Portland Cement, 500 in stock. */
export let productId: number;

/** The header every state-changing admin call carries (CSRF). */
export const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };

export function useAdminApp() {
  beforeAll(async () => {
    // Every test logs the administrator in afresh: more sign-ins a minute than the default limit allows.
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '100', AUTH_RATE_LIMIT_PER_IP: '100' });
    await insertCategory(t.app, 2, 'CEMENT');
    const shop = await insertSeller(t.app, { name: 'Bulacan Hardware Depot' });
    sellerId = shop.id;
    sellerName = shop.name;
    productId = (await insertProduct(t.app, { sellerId, categoryId: 2, name: 'Portland Cement', stock: 500 })).id;
    admin = await createUser(t.app, { role: 'admin', email: 'boss@tibay.test' });
  }, APP_START_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  }, APP_START_TIMEOUT);

  afterEach(() => {
    vi.useRealTimers();
  });
}

export async function login(email = admin.email, password = admin.password) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: csrf,
    payload: { email, password },
  });
}

/** The admin cookie as a request header. */
export async function adminCookie(): Promise<{ cookie: string }> {
  const res = await login();
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'tibay_admin');
  expect(cookie).toBeTruthy();
  return { cookie: `tibay_admin=${cookie!.value}` };
}
