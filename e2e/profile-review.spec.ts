import type { Page } from '@playwright/test';
import { createVerifiedCustomer, signInAdminByApi, signInByApi } from './support/accounts.ts';
import { fakeCamera, idOf, pdfBytes, sign } from './support/profile.ts';
import { expect, test } from './support/test.ts';

// Admin review of a profile (issue 15, decision 0032): a buyer saves a face capture, a signature and a BIR 2303 on
// the profile page; the administrator opens admin-v2 Profiles, sees the profile pending, opens it, sees the files
// (private, read with the admin cookie) and verifies it; the buyer's profile then shows VERIFIED.

test.use(fakeCamera);

const admin = 'admin@tibay.test';

/** The buyer saves the profile page with a face capture, a signature and a BIR 2303 (PDF). */
async function saveProfileWithFiles(page: Page, id: number) {
  await page.goto(`/profile/${id}`);
  await page.getByRole('button', { name: 'EDIT PROFILE' }).click();
  await page.getByRole('radiogroup', { name: 'Buyer type' }).getByRole('radio', { name: 'End User' }).check();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload BIR 2303' }).click();
  await (await chooser).setFiles({ name: 'bir-2303.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
  await page.getByRole('button', { name: 'START CAMERA' }).click();
  await page.getByRole('button', { name: 'CAPTURE' }).click();
  await expect(page.getByRole('img', { name: 'Your captured face photo' })).toBeVisible();
  await sign(page);
  await page.getByRole('button', { name: 'SAVE' }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: 'Changes Saved' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('PENDING')).toBeVisible();
}

// Runs at 1366 px (desktop project) and 390 px (phone project).
test('an administrator reviews a profile in admin-v2 Profiles and verifies it; the buyer sees VERIFIED @phone', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const width = page.viewportSize()?.width ?? 1366;
  const account = await createVerifiedCustomer(request, `review${width}`);
  const id = await idOf(request, account);
  await signInByApi(page, account.email, account.password);
  await saveProfileWithFiles(page, id);

  // The administrator, in a browser of their own.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const adminPage = await adminContext.newPage();
  await signInAdminByApi(adminPage, admin);
  await adminPage.goto('/admin-v2/dashboard');
  if (width < 768) await adminPage.getByRole('button', { name: 'Open menu' }).click();
  await adminPage.getByRole('link', { name: 'Profiles' }).click();
  await expect(adminPage).toHaveURL(/\/admin-v2\/profiles$/);
  await expect(adminPage.getByRole('heading', { name: 'Profiles', exact: true })).toBeVisible();

  // Pending, found by email.
  await adminPage.getByLabel('Status').selectOption('Pending');
  await adminPage.getByLabel('Search').fill(account.email);
  // A table row at 1366 px, a card (list item) at 390 px.
  const row = adminPage.getByRole(width < 768 ? 'listitem' : 'row').filter({ hasText: account.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('PENDING')).toBeVisible();
  await expect(row.getByText(/^Buyer/)).toBeVisible();
  await adminPage.screenshot({ path: testInfo.outputPath(`profiles-${width}.png`), fullPage: true });

  // Open it: the details and the files, read with the admin cookie.
  // By keyboard: OPEN takes focus and Enter opens the dialog.
  await row.getByRole('button', { name: /^Open / }).focus();
  await adminPage.keyboard.press('Enter');
  const dialog = adminPage.getByRole('dialog', { name: 'Profile review' });
  await expect(dialog.getByText(account.email)).toBeVisible();
  for (const name of ['Face capture', 'Signature']) {
    const image = dialog.getByRole('img', { name });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(dialog.getByRole('link', { name: 'Open the BIR 2303 (PDF)' })).toHaveAttribute('href', /^blob:/);
  await adminPage.screenshot({ path: testInfo.outputPath(`profile-dialog-${width}.png`), fullPage: true });

  // VERIFY asks first; Cancel changes nothing.
  await dialog.getByRole('button', { name: 'VERIFY', exact: true }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByText('PENDING')).toBeVisible();
  await dialog.getByRole('button', { name: 'VERIFY', exact: true }).click();
  await dialog.getByRole('button', { name: 'YES, VERIFY' }).click();
  await expect(adminPage.getByRole('alert').filter({ hasText: 'Profile verified.' })).toBeVisible();
  await expect(dialog.getByText('VERIFIED', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'VERIFY', exact: true })).toHaveCount(0);
  await adminPage.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // It leaves the pending list; under All its row shows VERIFIED.
  await expect(adminPage.getByText('No profiles match your search.')).toBeVisible();
  await adminPage.getByLabel('Status').selectOption('All');
  await expect(row.getByText('VERIFIED', { exact: true })).toBeVisible();
  await adminContext.close();

  // The buyer sees the new status.
  await page.reload();
  await expect(page.getByText('VERIFIED', { exact: true })).toBeVisible();
});
