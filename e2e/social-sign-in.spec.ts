import type { Page } from '@playwright/test';
import { createVerifiedCustomer, logIn, uniqueEmail } from './support/accounts.ts';
import { idOf } from './support/profile.ts';
import { expect, test } from './support/test.ts';

// Google and Facebook sign-in through the sandbox stand-in (decision 0031; spec 1 §4 social registration, §8):
// signup shows the registration modal with "Proceed to Login", login says 'Login successful', and a second signup
// with the same account says to log in with email and password.

async function consent(page: Page, provider: 'Google' | 'Facebook', email: string) {
  await expect(page.getByRole('heading', { name: `${provider} (sandbox)` })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Sol');
  await page.getByLabel('Last name').fill('Diaz');
  await page.getByRole('button', { name: `Continue as this ${provider} user` }).click();
}

test('sign up with Google, proceed to login, and log in with Google @phone', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('google');
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await consent(page, 'Google', email);

  const modal = page.getByRole('dialog', { name: 'Sign up' });
  await expect(modal.getByText('Registration successful. You can now log in with your Google account.')).toBeVisible();
  await modal.getByRole('button', { name: 'Proceed to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('button', { name: 'Log in with Google' }).click();
  await consent(page, 'Google', email);
  await expect(page.getByRole('alert').filter({ hasText: 'Login successful' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1366);

  // Signing up again with the same Google account: already registered.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await consent(page, 'Google', email);
  await expect(
    page
      .getByRole('dialog', { name: 'Sign up' })
      .getByText('This account is already registered. Please log in with your email and password.'),
  ).toBeVisible();
});

test('logging in with a Facebook account that was never registered shows the server error', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with Facebook' }).click();
  await consent(page, 'Facebook', uniqueEmail('facebook'));
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'No Tibay account is linked to this Facebook account. Please sign up first.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

// Linking a provider to an existing password account (decision 0031): only with the account's password at the
// social login, or while signed in from the profile page; unlinking asks first.

test('a Google login whose email has a password account links it after the password @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = await createVerifiedCustomer(request, 'linkgoogle');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  await consent(page, 'Google', account.email);

  const dialog = page.getByRole('dialog', { name: 'Link your Google account' });
  await expect(
    dialog.getByText('An account with this email already exists. Enter its password to link your Google account.'),
  ).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('Wrong#2026x');
  await dialog.getByRole('button', { name: 'Link Google and log in' }).click();
  await expect(dialog.getByText('Invalid email or password.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('link-google-dialog.png'), fullPage: true });
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Link Google and log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login successful' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);

  // From now on Google alone logs in.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  await consent(page, 'Google', account.email);
  await expect(page.getByRole('alert').filter({ hasText: 'Login successful' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Link your Google account' })).toHaveCount(0);
});

test('Link Facebook and unlink it from the profile page @phone', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const account = await createVerifiedCustomer(request, 'linkfb');
  const id = await idOf(request, account);
  await logIn(page, account.email, account.password);
  await page.goto(`/profile/${id}`);
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods.getByText('Not linked')).toHaveCount(2);

  await methods.getByRole('button', { name: 'Link Facebook' }).click();
  // Any Facebook account the signed-in user holds, whatever its email.
  await consent(page, 'Facebook', uniqueEmail('fbprofile'));
  await expect(page).toHaveURL(new RegExp(`/profile/${id}$`));
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your Facebook account is now linked. You can log in with it.' }),
  ).toBeVisible();
  await expect(methods.getByText('Linked', { exact: true })).toBeVisible();
  await methods.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('profile-sign-in-methods.png'), fullPage: true });

  await methods.getByRole('button', { name: 'Unlink Facebook' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unlink Facebook?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(methods.getByText('Linked', { exact: true })).toBeVisible();
  await methods.getByRole('button', { name: 'Unlink Facebook' }).click();
  await confirm.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your Facebook account is no longer linked.' })).toBeVisible();
  await expect(methods.getByText('Not linked')).toHaveCount(2);
});
