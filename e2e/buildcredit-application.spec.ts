import type { Page } from '@playwright/test';
import { createVerifiedCustomer, signInAdminByApi, signInByApi, skipHomePopup } from './support/accounts.ts';
import { idOf, pdfBytes, sign } from './support/profile.ts';
import { expect, test } from './support/test.ts';

// BuildCredit application and review (issue 17, decision 0038): a new buyer applies through the four steps with
// files and a signature, meets the leave guard; an administrator approves in admin-v2; the buyer's profile then
// shows the BuildCredit line and the APPLY entry is gone. Runs at 1366 px and (tagged @phone) 390 px.

const admin = 'admin@tibay.test';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function chooseFile(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label }).click();
  await (await chooser).setFiles(file);
}

async function shot(page: Page, name: string, width: number) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
}

test('a buyer applies for BuildCredit in four steps; an administrator approves; the line shows @phone', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const width = page.viewportSize()?.width ?? 1366;
  const account = await createVerifiedCustomer(request, `credit${width}`);
  const customerId = await idOf(request, account);
  await signInByApi(page, account.email, account.password);
  await skipHomePopup(page);

  // Step 1: nothing filled -> 'Please fill required fields.' and red borders that clear when filled.
  await page.goto('/Buildcredit');
  await expect(page.getByRole('heading', { name: 'Company Information' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Mobile Phone/ })).toHaveValue(account.phoneNo);
  await expect(page.getByRole('textbox', { name: /^Mobile Phone/ })).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill required fields.' }).first()).toBeVisible();
  const companyName = page.getByLabel('Company Name');
  await expect(companyName).toHaveAttribute('aria-invalid', 'true');
  await companyName.fill('Dela Cruz Hardware');
  await expect(companyName).not.toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'buildcredit-errors', width);

  // The leave guard: Proceed leaves and the unsaved change is lost.
  await page.getByRole('link', { name: 'Tibay home' }).click();
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await expect(leave.getByText('Any unsaved changes will be lost.')).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/Buildcredit$/);
  await expect(companyName).toHaveValue('Dela Cruz Hardware');
  await page.getByRole('link', { name: 'Tibay home' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to leave?' })
    .getByRole('button', { name: 'Proceed' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/Buildcredit');
  await expect(page.getByLabel('Company Name')).toHaveValue('');

  // Fill step 1. Owner fields from 100,000; the Special RPAF note above 200,000.
  await expect(page.getByLabel('Owner Name')).toHaveCount(0);
  await page.getByLabel('Credit Limit').selectOption({ label: '₱300,000' });
  await expect(page.getByRole('note').filter({ hasText: 'Special RPAF' })).toBeVisible();
  await page.getByLabel('Credit Limit').selectOption({ label: '₱150,000' });
  await expect(page.getByRole('note').filter({ hasText: 'Special RPAF' })).toHaveCount(0);
  await page.getByLabel('Credit Terms').selectOption({ label: '30 days' });
  await page.getByLabel('Company Name').fill('Dela Cruz Hardware');
  await page.getByLabel('Company Email').fill('delacruz@example.test');
  await page.getByLabel('Contact Person').fill('Juan Dela Cruz');
  await page.getByLabel('Alternative Mobile Phone').fill('09181234567');
  await page.getByLabel('Owner Name').fill('Juan Dela Cruz');
  await page.getByLabel('Owner Mobile Phone').fill('09191234567');
  await page.getByLabel('Area').selectOption('Metro Manila');
  await page.getByLabel('City').selectOption('Quezon City');
  await page.getByLabel('Barangay').selectOption('Socorro');
  await page.getByLabel('Post Code').fill('1109');
  await page.getByLabel('Address Line 1').fill('12 Aurora Blvd');
  await page.getByLabel('Additional Information').fill('x'.repeat(120));
  await expect(page.getByLabel('Additional Information')).toHaveValue('x'.repeat(100));
  await shot(page, 'buildcredit', width);
  await page.getByRole('button', { name: 'NEXT' }).click();

  // Step 2: the bank fields, then files (a wrong one refused, a picture and a PDF saved).
  await expect(page).toHaveURL(/\/BankInformation$/);
  await expect(page.getByRole('heading', { name: 'Bank Information' })).toBeVisible();
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page.getByLabel('Bank Name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Bank Name').fill('BDO');
  await page.getByLabel('Bank Branch Name').fill('Cubao');
  await page.getByLabel('Bank Account Name').fill('Dela Cruz Hardware');
  await page.getByLabel('Bank Account Number').fill('0012-3456-7890');
  await expect(page.getByLabel('Bank Account Number')).toHaveValue('001234567890');
  await page.getByLabel('Bank Manager First Name').fill('Ana');
  await page.getByLabel('Bank Manager Last Name').fill('Reyes');
  await page.getByLabel('Bank Manager Phone Number').fill('0281234567');
  await page.getByLabel('Bank Email').fill('not an email');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByLabel('Bank Email').fill('ana.reyes@bank.example.test');

  await chooseFile(page, 'Government ID (max 3MB)', {
    name: 'id.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText('Please upload a PNG or JPEG image or a PDF.')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'There was an error saving your files. Please try again later' }),
  ).toBeVisible();
  await chooseFile(page, 'Store / Hardware Photo (max 3MB)', { name: 'store.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText(/Saved: Store \/ Hardware Photo\.jpg/)).toBeVisible();
  await chooseFile(page, 'BIR Form 2303 (max 3MB)', { name: 'bir.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
  await expect(page.getByText(/Saved: BIR Form 2303\.pdf/)).toBeVisible();
  await shot(page, 'bank-information', width);

  // The leave guard on step 2 (Cancel keeps what was typed).
  await page.getByRole('link', { name: 'Tibay home' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to leave?' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByLabel('Bank Email')).toHaveValue('ana.reyes@bank.example.test');

  // SAVE AS DRAFT: the spec's toast, home after 1.5 s; the step reloads what was saved.
  await page.getByRole('button', { name: 'SAVE AS DRAFT' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your application has been drafted.' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/BankInformation');
  await expect(page.getByLabel('Bank Email')).toHaveValue('ana.reyes@bank.example.test');
  await expect(page.getByLabel('Bank Account Number')).toHaveValue('001234567890');
  await expect(page.getByText(/Saved: BIR Form 2303\.pdf/)).toBeVisible();
  await page.getByRole('button', { name: 'NEXT' }).click();

  // Step 3: the summary, with city, barangay and post code.
  await expect(page).toHaveURL(/\/BuildcreditSummary$/);
  await expect(page.getByText('Quezon City')).toBeVisible();
  await expect(page.getByText('Socorro')).toBeVisible();
  await expect(page.getByText('1109')).toBeVisible();
  await expect(page.getByText('Dela Cruz Hardware').first()).toBeVisible();
  await shot(page, 'buildcredit-summary', width);
  await page.getByRole('button', { name: 'NEXT' }).click();

  // Step 4: consent and signature.
  await expect(page).toHaveURL(/\/ConsentForm$/);
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByText('Please attach your signature').first()).toBeVisible();
  await page.getByRole('button', { name: 'SAVE SIGNATURE' }).click();
  await expect(page.getByText('Please provide a signature first').first()).toBeVisible();
  await page.getByLabel('I have read and agree to the terms and conditions.').check();
  await sign(page);
  await shot(page, 'consent-form', width);
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  const done = page.getByRole('dialog', { name: 'Submitted Successfully!' });
  await expect(done.getByText(`Customer ID: ${customerId}`)).toBeVisible({ timeout: 30_000 });
  await shot(page, 'submitted', width);
  await done.getByRole('button', { name: 'CLOSE', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // Pending: the application page says so and changes nothing.
  await page.goto('/Buildcredit');
  await expect(page.getByText('The application is being processed.')).toBeVisible();

  // The administrator approves it in admin-v2.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const adminPage = await adminContext.newPage();
  await signInAdminByApi(adminPage, admin);
  await adminPage.goto('/admin-v2/dashboard');
  if (width < 768) await adminPage.getByRole('button', { name: 'Open menu' }).click();
  await adminPage
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'BuildCredit', exact: true })
    .click();
  await expect(adminPage.getByRole('heading', { name: 'BuildCredit applications' })).toBeVisible();
  await adminPage.getByLabel('Search').fill(account.email);
  const row = adminPage.getByRole(width < 768 ? 'listitem' : 'row').filter({ hasText: account.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Pending')).toBeVisible();
  await shot(adminPage, 'admin-credit-queue', width);
  await row.getByRole('button', { name: /^Open / }).click();
  const dialog = adminPage.getByRole('dialog', { name: /BuildCredit application/ });
  await expect(dialog.getByText('ana.reyes@bank.example.test')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Applicant Signature' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Open the BIR Form 2303 (PDF)' })).toHaveAttribute('href', /^blob:/);
  await dialog.getByLabel('PDC note (optional)').fill('6 PDCs received');
  await dialog.getByRole('button', { name: 'APPROVE' }).click();
  await expect(dialog.getByText('Approve a credit limit of ₱150,000.00 with 30-day terms?')).toBeVisible();
  await shot(adminPage, 'admin-credit-application', width);
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(adminPage.getByRole('alert').filter({ hasText: 'Application approved.' })).toBeVisible();
  await expect(dialog.getByText('Only a Pending application can be decided.')).toBeVisible();
  await adminContext.close();

  // The buyer's profile shows the BuildCredit line; the APPLY entry is gone.
  await page.goto(`/profile/${customerId}`);
  await expect(page.getByText('Approved credit limit')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('₱150,000.00').first()).toBeVisible();
  await shot(page, 'profile-with-line', width);
  if (width >= 1024) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /BUILDCREDIT/ })
      .click();
    await expect(page.getByRole('menuitem', { name: 'BUILDCREDIT PAYMENT' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'APPLY FOR BUILDCREDIT' })).toHaveCount(0);
  }
});
