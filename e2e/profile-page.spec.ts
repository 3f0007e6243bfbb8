import { createVerifiedCustomer, signInByApi } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { fakeCamera, idOf, pdfBytes, sign } from './support/profile.ts';
import { expect, test } from './support/test.ts';

// The profile page (spec 2 Profile, §4, §5, §8): view and edit modes, a face from Chromium's fake camera, a drawn
// signature, a BIR 2303 upload, CANCEL, 'Changes Saved', and the change-password popup that ends other sessions.

test.use(fakeCamera);

// Runs at 1366 px (desktop project) and 390 px (phone project).
test('edit and save the profile with a face capture, a signature and a BIR 2303 @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const width = page.viewportSize()?.width ?? 1366;
  const account = await createVerifiedCustomer(request, `profile${width}`);
  const id = await idOf(request, account);
  await signInByApi(page, account.email, account.password);

  // Go to Profile from the account menu (desktop) or straight to the page.
  await page.goto(`/profile/${id}`);
  await expect(page.getByRole('heading', { name: 'PROFILE', exact: true })).toBeVisible();
  const basic = page.getByRole('region', { name: 'Basic information' });
  await expect(basic.getByText(account.firstName, { exact: true })).toBeVisible();
  await expect(page.getByText('PENDING')).toBeVisible();
  await expect(basic.getByRole('link', { name: 'CHANGE ADDRESS' })).toHaveAttribute(
    'href',
    new RegExp(`^/change-address/${id}\\?returnUrl=`),
  );

  // CANCEL restores what was shown.
  await page.getByRole('button', { name: 'EDIT PROFILE' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Changed');
  await page.getByRole('button', { name: 'CANCEL' }).first().click();
  await expect(basic.getByText(account.firstName, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'EDIT PROFILE' })).toBeVisible();

  // Save without a signature: the spec's alert.
  await page.getByRole('button', { name: 'EDIT PROFILE' }).click();
  await page.getByRole('radiogroup', { name: 'Buyer type' }).getByRole('radio', { name: 'End User' }).check();
  await page.getByRole('button', { name: 'SAVE' }).first().click();
  await expect(page.getByText('Please sign before saving.').first()).toBeVisible();

  // A wrong BIR 2303 type is refused before sending.
  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload BIR 2303' }).click();
    await (await chooser).setFiles(file);
  };
  await upload({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByText('Please upload a .jpg, .jpeg, .png, .gif or .pdf file.').first()).toBeVisible();
  await upload({ name: 'bir-2303.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
  await expect(page.getByText('Please upload a .jpg, .jpeg, .png, .gif or .pdf file.')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Last name' }).fill('Dela Cruz');
  await page.getByRole('button', { name: 'START CAMERA' }).click();
  await page.getByRole('button', { name: 'CAPTURE' }).click();
  await expect(page.getByRole('img', { name: 'Your captured face photo' })).toBeVisible();
  await sign(page);
  await expect(page.getByText('Please sign before saving.')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`profile-edit-${width}.png`), fullPage: true });
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(width);

  await page.getByRole('button', { name: 'SAVE' }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: 'Changes Saved' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'EDIT PROFILE' })).toBeVisible();
  await expect(basic.getByText('Dela Cruz', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'E-signature' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Face verification photo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View BIR 2303 certificate' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`profile-view-${width}.png`), fullPage: true });

  // Someone else's profile shows nothing of them.
  await page.goto(`/profile/${id + 100000}`);
  await expect(page.getByText('This profile is not yours.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Basic information' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'EDIT PROFILE' })).toHaveCount(0);
});

test('change password: mismatch, wrong old password, then success ends the other session', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createVerifiedCustomer(request, 'pwchange');
  const id = await idOf(request, account);
  const other = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  const otherToken = (await other.json()).token as string;
  await signInByApi(page, account.email, account.password);
  await page.goto(`/profile/${id}`);
  await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  // Its X is a button named Close (every dialog's, through the theme), and axe finds nothing serious in it.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the change password dialog');
  await dialog.getByLabel('Old password').fill(account.password);
  await dialog.getByLabel('New password').fill('Newpass#42');
  await dialog.getByLabel('Confirm password').fill('Newpass#43');
  await dialog.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  await expect(dialog.getByText('Password not matched')).toBeVisible();

  await dialog.getByLabel('Old password').fill('Wrong#password1');
  await dialog.getByLabel('Confirm password').fill('Newpass#42');
  await dialog.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  await expect(dialog.getByText('Check input password')).toBeVisible();

  await dialog.getByLabel('Old password').fill(account.password);
  await dialog.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password change successfully' })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // This browser stays signed in; the other session has ended.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'PROFILE', exact: true })).toBeVisible();
  const ended = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${otherToken}` } });
  expect(ended.status()).toBe(401);
  const relogin = await request.post('/api/v1/auth/login', { data: { email: account.email, password: 'Newpass#42' } });
  expect(relogin.ok()).toBe(true);
});
