import type { Browser, Page } from '@playwright/test';
import { demo, demoHeaders, signInAdminByApi, signInByApi, skipHomePopup } from './support/accounts.ts';
import { emptyCart } from './support/checkout.ts';
import { linkFromMail, pathOf, waitForMail } from './support/outbox.ts';
import { expect, test } from './support/test.ts';

/**
 * Seller registration, approval and a seller's first day (issue 18; spec 3 §2.3, §4, §5, §8): a company registers
 * through the four steps (the draft survives a reload), an administrator approves it in admin-v2, the mailed link
 * sets the seller's password, the seller signs in, sees what is missing and adds a product, and a buyer finds it by
 * search and orders it with Hardware Shipping priced by the rates the company registered.
 */

const admin = 'admin@tibay.test';
const shots = process.env.SCREENSHOT_DIR;

/** A 48×48 orange PNG (the logo; the server checks the bytes and re-encodes it). */
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAX0lEQVRYhe3WwQnAAAxC0U7hok7vrUsU0sODDBBEvz5rfnXP+QfzUChUHpqU5Rw/A8ZQqDw0Kcs5hGaghULloUlZcCjAWNUx5Rrzo/fTbAZaKFQempQFhwKMVR37NAovllWSxMNFRTEAAAAASUVORK5CYII=',
  'base64',
);

function toastWith(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function shot(page: Page, name: string) {
  if (!shots) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${shots}/${width}-${name}.png`, fullPage: true });
}

async function adminPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAdminByApi(page, admin);
  await page.goto('/admin-v2/dashboard');
  return { page, context };
}

test('a company registers, is approved, sets its password, adds a product that a buyer orders with Hardware Shipping @phone', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  page.setDefaultTimeout(30_000);
  const width = page.viewportSize()?.width ?? 1366;
  const tag = `${Date.now().toString(36)}${width}`;
  const company = `Bagong Tibay Supply ${tag}`;
  const email = `owner-${tag}@bagong.test`;

  // The header's SIGN UP AS SELLER leads here (frame.spec checks the links); step 1 at /seller.
  await page.goto('/seller');
  await skipHomePopup(page);
  await expect(page.getByRole('heading', { name: 'Company information' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Registration steps' })).toBeVisible();
  await shot(page, '01-company-empty');

  // NEXT without a logo: the spec's message; nothing moves.
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(toastWith(page, 'Please upload seller company logo').first()).toBeVisible();
  await expect(page).toHaveURL(/\/seller$/);

  // A logo over 3 MB is refused on selection; a small one is previewed.
  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await (await chooser).setFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([logoPng, Buffer.alloc(3 * 1024 * 1024)]),
  });
  await expect(page.getByText('The logo must be 3 MB or smaller.').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Company logo preview' })).toBeHidden();
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng });
  await expect(page.getByRole('img', { name: 'Company logo preview' })).toBeVisible();

  // Not a parent company: the mother company comes from the seller companies list.
  await page.getByRole('radiogroup', { name: 'Is this a parent company?' }).getByRole('radio', { name: 'No' }).check();
  // The default mother company (id 23) is chosen; another can be picked from the list.
  const mother = page.getByRole('combobox', { name: 'Mother company' });
  await expect(mother).not.toHaveValue('');
  await mother.click();
  await page.getByRole('option').nth(1).click();
  await expect(mother).not.toHaveValue('');
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Description').fill('Cement, steel bars and roofing for builders in Cavite.');
  await page.getByLabel('Owner').fill('Maria Santos');
  await page.getByLabel('Company email').fill('not-an-email');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByLabel('Company email').fill(email);
  await shot(page, '02-company-filled');
  await page.getByRole('button', { name: 'NEXT' }).click();

  // Step 2: rates are numbers >= 0 and required.
  await expect(page).toHaveURL(/\/sellerrate$/);
  await expect(page.getByRole('heading', { name: 'Shipping rates' })).toBeVisible();
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page.getByText('Please enter a number of 0 or more.').first()).toBeVisible();
  await page.getByLabel('Small item fee (fixed)').fill('175');
  await page.getByLabel('Big item fee (fixed)').fill('900');
  await page.getByLabel('Small item fee per km').fill('15');
  await page.getByLabel('Big item fee per km').fill('45');
  await shot(page, '03-rates');
  await page.getByRole('button', { name: 'NEXT' }).click();

  // Step 3: the location. A reload keeps the draft (logo included), here and back on step 1.
  await expect(page).toHaveURL(/\/sellerlocation$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Location' })).toBeVisible();
  await page.getByRole('button', { name: 'BACK' }).click();
  await expect(page.getByLabel('Small item fee (fixed)')).toHaveValue('175');
  await page.getByRole('button', { name: 'BACK' }).click();
  await expect(page.getByText('Draft restored')).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue(company);
  await expect(page.getByRole('img', { name: 'Company logo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page).toHaveURL(/\/sellerlocation$/);

  // SUBMIT without a location says so; the address search pins it.
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByText('Please pin the company location on the map.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Company address' }).fill('Dasmariñas');
  await page
    .getByRole('option', { name: /Dasmariñas/ })
    .first()
    .click({ timeout: 60_000 });
  await expect(page.getByRole('combobox', { name: 'Company address' })).toHaveValue(/Dasmari/);
  await expect(page.getByRole('region', { name: 'Map of your company location' })).toBeVisible();
  await shot(page, '04-location');
  await page.getByRole('button', { name: 'SUBMIT' }).click();

  // Success: 'Registration Completed', the notice, the draft cleared; DONE goes home.
  await expect(toastWith(page, 'Registration Completed')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/sellerapproval$/);
  await expect(page.getByText(/Approval takes 3-5 working days/)).toBeVisible();
  await shot(page, '05-approval');
  expect(await page.evaluate(() => sessionStorage.getItem('sellerRegistration'))).toBeNull();
  await page.getByRole('link', { name: 'DONE' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The administrator opens it in the queue: logo, details, rates, map; approves it.
  const { page: adminTab, context: adminContext } = await adminPage(browser, width);
  await adminTab.goto('/admin-v2/seller-registrations');
  await expect(adminTab.getByRole('heading', { name: 'Seller registrations' })).toBeVisible();
  await shot(adminTab, '06-admin-queue');
  const row = adminTab.getByRole(width < 768 ? 'listitem' : 'row').filter({ hasText: email });
  await row.getByRole('button', { name: `Open ${company}` }).click();
  const dialog = adminTab.getByRole('dialog', { name: 'Seller registration' });
  await expect(dialog.getByRole('img', { name: 'Company logo' })).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Shipping rates' })).toContainText('₱175.00');
  await expect(dialog.getByRole('region', { name: 'Map of the company location' })).toBeVisible();
  await shot(adminTab, '07-admin-dialog');
  await dialog.getByRole('button', { name: 'APPROVE' }).click();
  await dialog.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(toastWith(adminTab, 'Seller approved.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('The shop is live at')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'APPROVE' })).toBeHidden();
  await shot(adminTab, '08-admin-approved');
  await adminContext.close();

  // The mailed one-time link sets the password, then the seller signs in to the seller center.
  const mail = await waitForMail(request, { to: email, subject: /approved/ });
  await page.goto(pathOf(linkFromMail(mail, '/seller-center/set-password')));
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await shot(page, '09-set-password');
  const password = 'Seller#2026';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(password);
  await page.getByRole('button', { name: 'SET PASSWORD' }).click();
  await expect(page).toHaveURL(/\/seller-center\/login$/, { timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(page).toHaveURL(/\/seller-center\/products$/, { timeout: 30_000 });

  // The first day: what is missing, with links.
  const welcome = page.getByRole('region', { name: `Welcome to the Seller Center, ${company}!` });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('link', { name: 'Complete your shop profile' })).toBeVisible();
  await expect(welcome.getByRole('link', { name: 'Upload a shop banner' })).toBeVisible();
  await shot(page, '10-first-day');
  await welcome.getByRole('link', { name: 'Complete your shop profile' }).click();
  await expect(page.getByRole('heading', { name: 'Shop profile' })).toBeVisible();
  await page.getByLabel('Shop phone').fill('09171234567');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(toastWith(page, 'Shop profile saved.')).toBeVisible();
  await shot(page, '11-shop-profile');

  // The first product: a bag of cement with 20 in stock.
  const product = `Bagong Portland Cement ${tag}`;
  await page.goto('/seller-center/products');
  await expect(welcome.getByText('Complete your shop profile (done)')).toBeVisible();
  await welcome.getByRole('link', { name: 'Add your first product' }).click();
  await expect(page.getByRole('heading', { name: 'Add product' })).toBeVisible();
  await page.getByLabel('Product name').fill(product);
  await page.getByRole('textbox', { name: 'Price (₱)', exact: true }).first().fill('265');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'CEMENT' }).click();
  await page.getByLabel('Description').fill('40 kg bag of Portland cement.');
  await page.getByRole('button', { name: 'SAVE PRODUCT' }).click();
  await expect(toastWith(page, 'Product saved.')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/seller-center\/products\/\d+$/);
  const productId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('button', { name: `Adjust stock of ${product}` }).click();
  const adjust = page.getByRole('dialog', { name: /Adjust stock/ });
  await adjust.getByLabel('Quantity').fill('20');
  await adjust.getByLabel('Reason').fill('Opening stock');
  await adjust.getByRole('button', { name: 'SAVE ADJUSTMENT' }).click();
  await expect(toastWith(page, 'Stock adjusted.')).toBeVisible();

  // A buyer finds it by search and orders it; Hardware Shipping costs the registered small-item fee.
  const buyer = await browser.newContext({ viewport: { width, height: 900 } });
  const shopper = await buyer.newPage();
  shopper.setDefaultTimeout(30_000);
  await emptyCart(request, await demoHeaders(request, demo.buyer));
  await signInByApi(shopper, demo.buyer, demo.password);
  await skipHomePopup(shopper);
  const found = (await (await request.get(`/api/v1/search?q=${encodeURIComponent(product)}`)).json()) as {
    items: { id: number }[];
  };
  expect(found.items.map((item) => item.id)).toContain(productId);
  await shopper.goto(`/search?q=${encodeURIComponent(product)}`);
  await expect(shopper.getByText(product).first()).toBeVisible();
  await shot(shopper, '12-search');
  await shopper.goto(`/item/${productId}`);
  await shopper.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(toastWith(shopper, 'Item added to cart.')).toBeVisible({ timeout: 30_000 });
  await shopper.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).click();
  const cart = shopper.getByRole('dialog', { name: /MY CART/ });
  await cart.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  await expect(shopper).toHaveURL(/\/checkout$/);
  const methods = shopper.getByRole('radiogroup', { name: 'Shipping method' });
  const hardware = methods.getByRole('radio', { name: /Hardware Shipping/ });
  await expect(hardware).toBeEnabled({ timeout: 30_000 });
  await expect(hardware).toHaveAccessibleName(/175\.00/);
  await hardware.check();
  await shot(shopper, '13-checkout-hardware');
  await shopper.getByRole('button', { name: 'PROCEED TO PAYMENT METHOD' }).click();
  await shopper
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByRole('radio', { name: 'Cash on Delivery' })
    .check();
  await shopper.getByRole('button', { name: /^PAY/ }).click();
  await expect(shopper).toHaveURL(/\/confirmpayment/, { timeout: 30_000 });
  await expect(shopper.getByRole('heading', { level: 1, name: 'ORDER COMPLETE' })).toBeVisible();
  await buyer.close();

  // The shop is listed: Nearby from its pinned point, and Global; it has its page.
  type Cards = { items: { name: string; url_handle: string }[] };
  const nearby = (await (
    await request.get(`/api/v1/sellers?mode=nearby&lat=14.33&lng=120.94&keyword=${encodeURIComponent(company)}`)
  ).json()) as Cards;
  expect(nearby.items.map((card) => card.name)).toContain(company);
  const sellers = (await (
    await request.get(`/api/v1/sellers?mode=global&keyword=${encodeURIComponent(company)}`)
  ).json()) as Cards;
  expect(sellers.items.map((card) => card.name)).toContain(company);
  await page.goto(`/shop/${sellers.items.find((card) => card.name === company)!.url_handle}`);
  await expect(page.getByRole('heading', { name: company })).toBeVisible({ timeout: 30_000 });
  await shot(page, '14-shop-page');
});
