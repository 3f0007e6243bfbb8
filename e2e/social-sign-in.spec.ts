import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';

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
