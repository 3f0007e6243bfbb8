import { createVerifiedCustomer, logIn, logOut, skipHomePopup } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// Decision 0017: sessions end on the server; the account menu leads to the signed-in devices.
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

test('a customer sees their signed-in devices, ends another one, and logout ends this one on the server', async ({
  page,
  request,
}) => {
  const account = await createVerifiedCustomer(request, 'sessions');
  // A phone signed in elsewhere.
  const phoneLogin = await request.post('/api/v1/auth/login', {
    headers: { 'user-agent': IPHONE_SAFARI },
    data: { email: account.email, password: account.password },
  });
  expect(phoneLogin.ok()).toBe(true);
  const phone = { authorization: `Bearer ${(await phoneLogin.json()).token as string}` };

  await logIn(page, account.email, account.password);
  await skipHomePopup(page);
  await page.goto('/');
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Signed-in devices' }).click();
  await expect(page).toHaveURL(/\/account\/sessions$/);
  const section = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(section.getByRole('listitem').first()).toContainText('This device');
  await expect(section.getByRole('listitem').nth(1)).toContainText('Safari 17');

  await section.getByRole('button', { name: 'End session: Safari 17 on iOS 17.0 · mobile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Session ended.' })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByText('No other device is signed in.')).toBeVisible();
  expect((await request.get('/api/v1/me', { headers: phone })).status()).toBe(401);

  // Logout ends this browser's session on the server too: a copy of its token opens nothing afterwards.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  await page.goto('/');
  await logOut(page);
  await expect
    .poll(async () => (await request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } })).status())
    .toBe(401);
});

test('END ALL OTHER SESSIONS asks first, then signs the other devices out', async ({ page, request }) => {
  const account = await createVerifiedCustomer(request, 'others');
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await request.post('/api/v1/auth/login', {
      data: { email: account.email, password: account.password },
    });
    tokens.push((await res.json()).token);
  }
  await logIn(page, account.email, account.password);
  await skipHomePopup(page);
  await page.goto('/account/sessions');
  const section = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(section.getByRole('listitem')).toHaveCount(3);
  await section.getByRole('button', { name: 'END ALL OTHER SESSIONS' }).click();
  const dialog = page.getByRole('dialog', { name: 'End all other sessions?' });
  await expect(dialog).toContainText('2 other devices will be signed out.');
  await dialog.getByRole('button', { name: 'END SESSIONS' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Other sessions ended.' })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  for (const token of tokens) {
    expect((await request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  }
});
