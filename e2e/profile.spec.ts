import { createVerifiedCustomer, demo, signInByApi } from './support/accounts.ts';
import { fakeCamera, idOf } from './support/profile.ts';
import { expect, test } from './support/test.ts';

// Change address (spec 2 "Change address": returnUrl, 'Address Changed') and complete profile (spec 2 "Update
// account / complete profile", §5 rules) with Chromium's fake camera and a signature drawn with the mouse.

test.use(fakeCamera);

test('change address returns to a same-site returnUrl and the header shows the new address', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await createVerifiedCustomer(request, 'mover');
  const id = await idOf(request, account);
  await signInByApi(page, account.email, account.password);
  await page.goto(`/change-address/${id}?returnUrl=${encodeURIComponent('/shopbycategory')}`);
  await expect(page.getByRole('heading', { name: 'CHANGE DELIVERY ADDRESS' })).toBeVisible();
  const field = page.getByRole('combobox', { name: 'Delivery address' });
  await field.fill('Loyola Heights');
  await page
    .getByRole('option', { name: /Loyola Heights, Quezon City/ })
    .first()
    .click({ timeout: 60_000 });
  await field.fill(`12 Katipunan Avenue, ${await field.inputValue()}`);
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Address Changed' })).toBeVisible();
  await expect(page).toHaveURL(/\/shopbycategory$/);
  await expect(
    page
      .getByRole('banner')
      .getByText(/12 KATIPUNAN AVENUE, LOYOLA HEIGHTS/)
      .first(),
  ).toBeVisible();

  // Another site is never a return target.
  await page.goto(`/change-address/${id}?returnUrl=${encodeURIComponent('//evil.example/x')}`);
  await expect(field).toHaveValue(/12 Katipunan Avenue/);
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page).toHaveURL(/\/shopbyseller\?page=1$/);

  // Someone else's page says not found.
  await page.goto(`/change-address/${id + 100000}`);
  await expect(page.getByText('This address page is not yours.')).toBeVisible();
});

test('complete profile: rules, fake camera, signature and Account Verified', async ({ page, request }) => {
  test.setTimeout(180_000);
  const account = await createVerifiedCustomer(request, 'completer');
  const id = await idOf(request, account);
  await signInByApi(page, account.email, account.password);
  await page.goto(`/complete-profile/${id}?returnUrl=${encodeURIComponent('/shopbycategory')}`);
  await expect(page.getByRole('heading', { name: 'COMPLETE YOUR PROFILE' })).toBeVisible();

  const userType = page.getByRole('radiogroup', { name: 'User type' });
  await expect(userType.getByRole('radio', { name: 'Buyer' })).toBeChecked();
  // The phone given at signup is locked.
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue(account.phoneNo);
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeDisabled();

  // Nothing chosen yet: the rules speak, nothing is sent.
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Please choose a buyer type.').first()).toBeVisible();
  await expect(page.getByText('Please sign before saving.').first()).toBeVisible();

  // Company needs a company name; End User hides it.
  const buyerType = page.getByRole('radiogroup', { name: 'Buyer type' });
  await buyerType.getByRole('radio', { name: 'Company' }).check();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toBeVisible();
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Company name is required.').first()).toBeVisible();
  await buyerType.getByRole('radio', { name: 'End User' }).check();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveCount(0);
  await buyerType.getByRole('radio', { name: 'Company' }).check();
  await page.getByRole('textbox', { name: 'Company name' }).fill('Cruz Hardware & Construction Supply');

  // The agent selector: Buyer only.
  await userType.getByRole('radio', { name: 'Agent' }).check();
  await expect(page.getByRole('combobox', { name: 'Agent name' })).toHaveCount(0);
  await userType.getByRole('radio', { name: 'Buyer' }).check();
  await page.getByRole('combobox', { name: 'Agent name' }).click();
  await page.getByRole('option', { name: 'Andrea Lim' }).click();

  // Face from the fake camera.
  await page.getByRole('button', { name: 'START CAMERA' }).click();
  await expect(page.getByLabel('Camera preview')).toBeVisible();
  await page.getByRole('button', { name: 'CAPTURE' }).click();
  await expect(page.getByRole('img', { name: 'Your captured face photo' })).toBeVisible();

  // A signature drawn with the mouse.
  const pad = page.getByRole('img', { name: 'Signature' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 30 + step * 25, box.y + box.height * (0.6 + (step % 2 ? -0.25 : 0.15)));
  }
  await page.mouse.up();
  await expect(page.getByText('Please sign before saving.')).toHaveCount(0);

  await page.getByRole('button', { name: 'SAVE' }).click();
  const verified = page.getByRole('dialog', { name: 'Account Verified' });
  await expect(verified).toBeVisible({ timeout: 30_000 });
  await expect(verified.getByText('Congratulations on completing your profile')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').is_completed_profile);
  expect(stored).toBe(true);
  await verified.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page).toHaveURL(/\/shopbycategory$/);

  // The server kept it: the profile reads back complete with both pictures.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const profile = await request.get('/api/v1/me/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(await profile.json()).toMatchObject({
    customerDetail: {
      is_completed_profile: true,
      buyer_type: 'Company',
      hardware_name: 'Cruz Hardware & Construction Supply',
      agent: { name: 'Andrea Lim' },
      client_facial_verification: expect.stringMatching(/^\/uploads\/profiles\//),
      client_signature: expect.stringMatching(/^\/uploads\/profiles\//),
    },
  });
});

test('a denied camera is explained', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
      value: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    });
  });
  await signInByApi(page, demo.buyer, demo.password);
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  await page.goto(`/complete-profile/${userId}`);
  await page.getByRole('button', { name: 'START CAMERA' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Camera access was denied.' })).toBeVisible();
  await context.close();
});

test('change address and complete profile fit a phone @phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await createVerifiedCustomer(request, 'phoneuser');
  const id = await idOf(request, account);
  await signInByApi(page, account.email, account.password);
  for (const path of [`/change-address/${id}`, `/complete-profile/${id}`]) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'SAVE' })).toBeVisible({ timeout: 30_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(390);
  }
});

test('change address: a click on the map moves the pin there and fills in the address found for it @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createVerifiedCustomer(request, 'pinmover');
  const id = await idOf(request, account);
  await signInByApi(page, account.email, account.password);
  await page.goto(`/change-address/${id}`);
  const field = page.getByRole('combobox', { name: 'Delivery address' });
  await expect(field).toHaveValue('');
  // The map opens on Metro Manila: a click there is a place the gazetteer knows. It loads after the page: wait for
  // its pin before clicking.
  const map = page.getByRole('region', { name: 'Map of your delivery location' });
  await expect(map.getByTitle('Your delivery location (drag to move)')).toBeVisible({ timeout: 30_000 });
  await map.click({ position: { x: 80, y: 200 } });
  await expect(field).not.toHaveValue('', { timeout: 30_000 });
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Address Changed' })).toBeVisible();
});
