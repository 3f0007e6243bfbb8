import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { linkFromMail, waitForMail } from './outbox.ts';

/** Demo accounts from the seed (all with the same password). */
export const demo = {
  password: 'Tibay@2026',
  buyer: 'buyer@tibay.test',
  agent: 'agent@tibay.test',
  admin: 'admin@tibay.test',
} as const;

/** The sandbox gateway's webhook secret of the test server (scripts/e2e-server.mjs). */
export const sandboxGatewaySecret = 'e2e-sandbox-gateway-secret-0123456789';

/** Signs a demo account in through the API and answers its authorization header. */
export async function demoHeaders(request: APIRequestContext, email: string = demo.buyer) {
  const login = await request.post('/api/v1/auth/login', { data: { email, password: demo.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return { authorization: `Bearer ${(await login.json()).token as string}` };
}

/** Manila's date `days` from today, as YYYY-MM-DD (schedule dates: each shipping method has its minimum days). */
export function manilaDatePlus(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A fresh address per call, so tests never share an account. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/** A valid Philippine mobile number (digits only, as the signup field accepts). */
export function uniquePhone(): string {
  return `09${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNo: string;
}

/**
 * Registers and verifies a customer through the API (for specs that need a fresh account but do not test signup):
 * POST /auth/register, then the link from the verification mail.
 */
export async function createVerifiedCustomer(request: APIRequestContext, prefix = 'buyer'): Promise<NewAccount> {
  const account: NewAccount = {
    email: uniqueEmail(prefix),
    password: 'Sturdy#2026',
    firstName: 'Test',
    lastName: prefix.charAt(0).toUpperCase() + prefix.slice(1),
    phoneNo: uniquePhone(),
  };
  const registered = await request.post('/api/v1/auth/register', {
    data: { ...account, confirmPassword: account.password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(request, { to: account.email, subject: /verif/i });
  const token = new URL(linkFromMail(mail, '/verify-email')).searchParams.get('token');
  const verified = await request.post('/api/v1/auth/verify-email', { data: { token } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return account;
}

/** Logs in through the login screen and waits until the page has left /login. */
export async function logIn(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'LOG IN', exact: true }).click();
  // Signing in hashes a password on the server: allow for a busy machine.
  await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 30_000 });
}

/**
 * Signs in without the login screen, for tests that are not about signing in (the screen itself is tested in
 * auth.spec.ts and frame.spec.ts): logs in through the API, reads the customer data and stores both in the browser
 * as the login screen does (apps/web/src/lib/session.ts storeLogin). This spares the test loading /login and the
 * home page it leads to (decision 0056). The page is left on a bare address of the site (/api/health): the test
 * opens the page it needs next, signed in.
 */
export async function signInByApi(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const login = (await response.json()) as {
    token: string;
    expiresAt: string;
    id: number;
    name: string;
    account_type: string;
    rpafDetail?: { status: string } | null;
  };
  const me = await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${login.token}` } });
  expect(me.ok(), await me.text()).toBe(true);
  const { user } = (await me.json()) as { user: unknown };
  await page.goto('/api/health');
  await page.evaluate(
    ([login, user]) => {
      localStorage.setItem('authToken', login.token);
      localStorage.setItem('authExpiresAt', login.expiresAt);
      localStorage.setItem('userId', String(login.id));
      localStorage.setItem('userName', login.name);
      localStorage.setItem('user', JSON.stringify(user));
      if (login.rpafDetail) localStorage.setItem('rpafStatus', login.rpafDetail.status);
      if (login.account_type === 'Agent') {
        localStorage.setItem('agentToken', login.token);
        localStorage.setItem('agentExpiresAt', login.expiresAt);
        localStorage.setItem('agentData', JSON.stringify({ id: login.id, name: login.name }));
      }
    },
    [login, user] as const,
  );
}

/**
 * Signs an administrator in without the admin login screen, for tests that are not about it (admin.spec.ts tests
 * the screen): posts the login as the screen does (apps/web/src/features/admin/api.ts, with the CSRF header), and the
 * httpOnly session cookie it sets lands in the page's browser context, whose cookies page.request shares. The page
 * is not moved: the test opens the admin page it needs next, signed in (decision 0061).
 */
export async function signInAdminByApi(page: Page, email: string = demo.admin) {
  const response = await page.request.post('/api/v1/admin/session', {
    data: { email, password: demo.password },
    // ADMIN_CSRF_HEADER and ADMIN_CSRF_VALUE of packages/contract/src/admin.ts.
    headers: { 'x-requested-with': 'tibay-admin' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Logs out through the header's account menu. */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Marks the home page's bank popup as already shown (it opens once per signed-in browser, 700 ms after
 * the home page loads), for tests that pass through / and are not about it.
 */
export async function skipHomePopup(page: Page) {
  await page.evaluate(() => localStorage.setItem('modalShown', 'true'));
}
