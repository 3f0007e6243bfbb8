import type { Page } from '@playwright/test';
import { demo, signInByApi, skipHomePopup } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// Agent impersonation: spec 1 §1, §4 and §6 (Agent).

async function actAsFirstCustomer(page: Page, search?: string): Promise<string> {
  const picker = page.getByRole('combobox', { name: 'Act as customer' });
  await picker.click();
  if (search) await picker.fill(search);
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  const name = (await option.textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await option.click();
  return name;
}

test('an agent acts for a customer and returns to the agent account', async ({ page }) => {
  await signInByApi(page, demo.agent, demo.password);
  await skipHomePopup(page);
  await page.goto('/');
  const agentName = await page.evaluate(() => localStorage.getItem('userName'));
  const agentToken = await page.evaluate(() => localStorage.getItem('agentToken'));
  expect(agentToken).toBeTruthy();

  // The agent's customers are listed (at least three in the demo data).
  await page.getByRole('combobox', { name: 'Act as customer' }).click();
  await expect(page.getByRole('option')).not.toHaveCount(0);
  expect(await page.getByRole('option').count()).toBeGreaterThanOrEqual(3);
  await page.keyboard.press('Escape');

  await page.evaluate(() => localStorage.setItem('globalAddress', 'AGENT ADDRESS'));
  const customer = await actAsFirstCustomer(page);
  await expect(page.getByText(`Acting for ${customer}`)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    agentToken: localStorage.getItem('agentToken'),
    userName: localStorage.getItem('userName'),
    globalAddress: localStorage.getItem('globalAddress'),
  }));
  expect(session.token).not.toBe(session.agentToken);
  expect(session.agentToken).toBe(agentToken);
  expect(session.userName).toBe(customer);
  expect(session.globalAddress).not.toBe('AGENT ADDRESS');

  // Calls now act as the customer.
  const me = await page.evaluate(async (token) => {
    const response = await fetch('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    return response.json();
  }, session.token);
  expect(`${me.user.first_name} ${me.user.last_name}`).toBe(customer);
  expect(me.actingAgent?.name).toBe(agentName);

  await page.getByRole('button', { name: 'AGENT ACCOUNT' }).click();
  await expect(page.getByText(/^Acting for /)).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).toBe(agentToken);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('userName'))).toBe(agentName);
});

test('the customer search narrows the list', async ({ page }) => {
  await signInByApi(page, demo.agent, demo.password);
  await skipHomePopup(page);
  await page.goto('/');
  const picker = page.getByRole('combobox', { name: 'Act as customer' });
  await picker.click();
  const first = (await page.getByRole('option').first().textContent())?.trim() ?? '';
  await picker.fill(first.split(' ')[0] ?? first);
  await expect(page.getByRole('option', { name: first })).toBeVisible();
  await picker.fill('zzzz-no-such-customer');
  await expect(page.getByText('No customers found')).toBeVisible();
});

test('the customer search finds a customer by email or phone number', async ({ page }) => {
  await signInByApi(page, demo.agent, demo.password);
  await skipHomePopup(page);
  await page.goto('/');
  const picker = page.getByRole('combobox', { name: 'Act as customer' });
  await picker.click();
  // The server answers by email and by phone; the list shows that answer (not filtered again by the name).
  await picker.fill('maria@tibay.test');
  await expect(page.getByRole('option', { name: 'Maria Reyes' })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);
  await picker.fill('+63 939 345 6789');
  await expect(page.getByRole('option', { name: 'Pedro Santos' })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: 'Pedro Santos' }).click();
  await expect(page.getByText('Acting for Pedro Santos')).toBeVisible();
});

test("BUILDCREDIT follows the customer an agent acts for, then the agent's own account", async ({ page }) => {
  const toast = (text: string) => page.getByRole('alert').filter({ hasText: text });
  const choosePayment = async () => {
    await page.getByRole('button', { name: 'BUILDCREDIT' }).click();
    await page.getByRole('menuitem', { name: 'BUILDCREDIT PAYMENT' }).click();
  };
  await signInByApi(page, demo.agent, demo.password);
  await skipHomePopup(page);
  await page.goto('/');
  // Maria's application is pending.
  await actAsFirstCustomer(page, 'Maria Reyes');
  await expect(page.getByText('Acting for Maria Reyes')).toBeVisible();
  await choosePayment();
  await expect(toast('Application not yet approved.')).toBeVisible();
  await expect(toast('Not yet registered on Build Credit? Apply first')).toHaveCount(0);

  // Back on the agent's own account, which has no application.
  await page.getByRole('button', { name: 'AGENT ACCOUNT' }).click();
  await expect(page.getByText(/^Acting for /)).toHaveCount(0);
  await choosePayment();
  await expect(toast('Not yet registered on Build Credit? Apply first')).toBeVisible();
});

test('agents switch customers at phone width @phone', async ({ page }) => {
  await signInByApi(page, demo.agent, demo.password);
  await skipHomePopup(page);
  await page.goto('/');
  const customer = await actAsFirstCustomer(page);
  await expect(page.getByText(`Acting for ${customer}`)).toBeVisible();
  await page.getByRole('button', { name: 'AGENT ACCOUNT' }).click();
  await expect(page.getByText(/^Acting for /)).toHaveCount(0);
});

test('a buyer has no customer switcher', async ({ page }) => {
  await signInByApi(page, demo.buyer, demo.password);
  await skipHomePopup(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Act as customer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'AGENT ACCOUNT' })).toHaveCount(0);
});
