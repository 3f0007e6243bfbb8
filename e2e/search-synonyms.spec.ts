import type { Page } from '@playwright/test';
import { signInAdminByApi } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// Search knows the trade's words (the maintained synonym list seeded by the migrations), and administrators edit
// the list in admin-v2 "Search synonyms". Runs on the freshly seeded demo data.

function productCards(page: Page) {
  return page.getByRole('main').getByRole('article');
}

async function firstResultNames(page: Page, q: string): Promise<string[]> {
  await page.goto(`/search?q=${encodeURIComponent(q)}`, { waitUntil: 'domcontentloaded' });
  await expect(productCards(page).first()).toBeVisible({ timeout: 30_000 });
  return productCards(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

test('a buyer searching "yero" gets corrugated GI sheets, and the header suggests nails for "pako" @phone', async ({
  page,
}) => {
  const names = await firstResultNames(page, 'yero');
  expect(names[0]).toMatch(/Corrugated GI Sheet/);

  const semento = await firstResultNames(page, 'semento');
  expect(semento[0]).toMatch(/cement/i);
  expect(semento.some((name) => /casement/i.test(name))).toBe(false);

  // The header has one search box for phones and one for wider screens: the one showing.
  await page.getByRole('textbox', { name: 'Search products and sellers' }).filter({ visible: true }).fill('pako');
  const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(suggestions.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
  await expect(suggestions.getByRole('option', { name: /nail/i }).first()).toBeVisible();
});

test('an administrator adds, edits and deletes a search synonym, and search follows', async ({ page }) => {
  await signInAdminByApi(page);
  await page.goto('/admin-v2/dashboard');
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Search synonyms' }).click();
  await expect(page).toHaveURL(/\/admin-v2\/search-synonyms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search synonyms' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Search synonyms' });
  await page.getByLabel('Filter').fill('yero');
  await expect(table.getByRole('row').filter({ hasText: 'corrugated gi sheet' })).toBeVisible();

  // Empty fields: a message under each, nothing saved.
  await page.getByRole('button', { name: 'Add synonym' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add synonym' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the word buyers type.')).toBeVisible();
  await expect(dialog.getByText('Enter at least one word or phrase to search for.')).toBeVisible();
  // A word that already has a rule: the server's message under the field.
  await dialog.getByLabel("Buyer's word").fill('Yero');
  await dialog.getByLabel('Also search for').fill('roof');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('There is already a rule for this word.')).toBeVisible();

  // "tisa" (roof tile) finds nothing until the rule exists.
  await dialog.getByLabel("Buyer's word").fill('Tisa');
  await dialog.getByLabel('Also search for').fill('roofing tile, clay tile');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Synonym rule added.' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByLabel('Filter').fill('tisa');
  const row = table.getByRole('row').filter({ hasText: 'tisa' });
  await expect(row).toContainText('roofing tile, clay tile');

  const shop = await page.context().newPage();
  expect((await firstResultNames(shop, 'tisa'))[0]).toMatch(/Roofing Tile/);

  // Edit: the form opens with the rule; the change is saved.
  await row.getByRole('button', { name: 'Edit tisa' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit synonym: tisa' });
  await expect(edit.getByLabel('Also search for')).toHaveValue('roofing tile, clay tile');
  await edit.getByLabel('Also search for').fill('stone coated');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Synonym rule saved.' })).toBeVisible();
  await expect(row).toContainText('stone coated');

  // Delete asks first; Cancel keeps the rule.
  await row.getByRole('button', { name: 'Delete tisa' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete synonym' });
  await expect(confirm).toContainText('Delete the rule for tisa?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete tisa' }).click();
  await page.getByRole('dialog', { name: 'Delete synonym' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Synonym rule deleted.' })).toBeVisible();
  await expect(page.getByText('No synonym rule matches this filter.')).toBeVisible();

  // Deleted: "tisa" no longer reads as a roof tile (it may still find similar names).
  const after = await shop.request.get('/api/v1/search?q=tisa');
  const names = ((await after.json()) as { items: { name: string }[] }).items.map((item) => item.name);
  expect(names.some((name) => /roofing tile/i.test(name))).toBe(false);
});
