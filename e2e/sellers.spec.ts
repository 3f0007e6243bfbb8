import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Shop by seller, microsites and the seller shop page (spec 1 §2 "Shop by seller", "Seller shop page", §4
// "Seller listing mode", §9). Runs on the freshly seeded demo data: 30 approved sellers, Duromax (Batangas City)
// is the microsite "duromax" with the brand DUROMAX; Cebu City has three sellers within 10 km.

/** Map tiles come from the internet; the map must work without them. */
async function offlineTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

function sellerCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Sellers' }).getByRole('listitem');
}

/** The effective price of each product card: the last peso amount on it (after a struck list price). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('main').getByRole('article').allInnerTexts();
  return texts.map((text) => {
    const amounts = [...text.matchAll(/₱([\d,]+\.\d{3})/g)].map((match) => Number(match[1]?.replace(/,/g, '')));
    return amounts.at(-1) ?? Number.NaN;
  });
}

test.beforeEach(async ({ page }) => {
  await offlineTiles(page);
});

test('a guest without a saved location sees every seller in Global mode, 12 a page, with pagination', async ({
  page,
}) => {
  await page.goto('/shopbyseller?page=1', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'ENTER YOUR DELIVERY ADDRESS' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('combobox', { name: 'Delivery address' })).toHaveAttribute('required', '');
  const mode = page.getByRole('radiogroup', { name: 'Show sellers' });
  await expect(mode.getByRole('radio', { name: 'Global' })).toBeChecked();
  await expect(sellerCards(page)).toHaveCount(12);
  const firstSeller = await sellerCards(page).first().getByRole('link').getAttribute('href');

  // The map shows the delivery pin and the page's sellers even without tiles.
  const map = page.getByRole('region', { name: 'Map of sellers and your delivery location' });
  await expect(map.getByRole('button', { name: 'Your delivery location (drag to move)' })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Duromax Cement & Concrete Solutions' })).toBeAttached();

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.getByRole('button', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/[?&]page=3/);
  // 30 seeded sellers, plus any shop another spec's registration approved on this database since.
  const global = await (await page.request.get('/api/v1/sellers?mode=global')).json();
  expect(global.totalCount).toBeGreaterThanOrEqual(30);
  expect(global.totalCount).toBeLessThanOrEqual(36);
  await expect(sellerCards(page)).toHaveCount(global.totalCount - 24);
  await pagination.getByRole('button', { name: 'Page 1' }).click();
  await expect(page).toHaveURL(/[?&]page=1/);
  await expect(sellerCards(page).first().getByRole('link')).toHaveAttribute('href', firstSeller ?? '');

  // A keyword nobody matches.
  await page.getByRole('combobox', { name: 'Search sellers' }).fill('zzqxj nothing');
  await page.getByRole('combobox', { name: 'Search sellers' }).press('Enter');
  await expect(page.getByText('No Result Found')).toBeVisible();
});

test('choosing an address resets the page, and Nearby lists the nearest sellers first', async ({ page }) => {
  await page.goto('/shopbyseller?page=2', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'ENTER YOUR DELIVERY ADDRESS' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(sellerCards(page)).toHaveCount(12);

  const address = page.getByRole('combobox', { name: 'Delivery address' });
  await address.fill('Cebu City');
  await page
    .getByRole('option', { name: /^Cebu City/ })
    .first()
    .click();
  await expect(page).toHaveURL(/[?&]page=1/);
  // The header's delivery-address button shows the picked address.
  await expect(
    page
      .getByRole('banner')
      .getByText(/^CEBU CITY/)
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('globalCoordinates') ?? 'null'))).toEqual({
    lat: expect.any(Number),
    lng: expect.any(Number),
  });

  await page.getByRole('radio', { name: 'Nearby' }).check();
  const first = sellerCards(page).first();
  await expect(first).toContainText('Cebu City, Cebu');
  const distances = (await sellerCards(page).allInnerTexts()).map((text) =>
    Number(/([\d.,]+) km away/.exec(text)?.[1]?.replace(/,/g, '')),
  );
  expect(distances.length).toBeGreaterThan(1);
  expect(distances.every((value) => Number.isFinite(value) && value <= 100)).toBe(true);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  expect(distances[0]).toBeLessThan(10);
  // Manila sellers are far from Cebu: not listed as nearby.
  await expect(page.getByRole('link', { name: 'Golden Anvil Hardware' })).toHaveCount(0);
});

test('locate me fills the address from the browser location, or asks to allow location sharing', async ({
  page,
  context,
}) => {
  await page.goto('/shopbyseller?page=1', { waitUntil: 'domcontentloaded' });
  const address = page.getByRole('combobox', { name: 'Delivery address' });
  await expect(address).toBeVisible({ timeout: 30_000 });

  // No permission: the browser refuses.
  await context.clearPermissions();
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please allow location sharing' })).toBeVisible();
  await expect(address).toHaveValue('');

  // Allowed: the point is reverse geocoded into the field (Cebu City, near the Cebu sellers).
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 10.3157, longitude: 123.8854 });
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(address).toHaveValue(/Cebu/);
  expect(await page.evaluate(() => localStorage.getItem('globalAddress'))).toMatch(/Cebu/);
});

test('a seller card opens its shop, whose breadcrumb leads back to the seller list', async ({ page }) => {
  await page.goto('/shopbyseller?page=1', { waitUntil: 'domcontentloaded' });
  await page.getByRole('link', { name: 'Duromax Cement & Concrete Solutions' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/shop\/duromax-cement-concrete$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Duromax Cement & Concrete Solutions' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('23 Products')).toBeVisible();
  await expect(page.getByRole('link', { name: /message/i })).toHaveAttribute('href', /^\/ChatSeller\?seller=\d+$/);

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText('Duromax Cement & Concrete Solutions');
  await breadcrumb.getByRole('link', { name: 'SHOP BY SELLER' }).click();
  await expect(page).toHaveURL(/\/shopbyseller\?page=1$/);
});

test('the shop sorts by LOWEST PRICE, filters by category and toggles its About text', async ({ page }) => {
  await page.goto('/shop/duromax-cement-concrete?page=1', { waitUntil: 'domcontentloaded' });
  await expect(page.getByText('23 ITEMS')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(15);
  await expect(page.getByRole('navigation', { name: 'Top pagination' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bottom pagination' })).toBeVisible();

  await page.getByRole('button', { name: /sort by price/i }).click();
  await page.getByRole('menuitem', { name: 'LOWEST PRICE' }).click();
  await expect(page.getByRole('button', { name: /LOWEST PRICE/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(15);
  const ascending = await cardPrices(page);
  expect(ascending.every(Number.isFinite)).toBe(true);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  // Page 2 continues upwards from page 1's highest price.
  await page.getByRole('navigation', { name: 'Bottom pagination' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(8);
  const secondPage = await cardPrices(page);
  expect(Math.min(...secondPage)).toBeGreaterThanOrEqual(Math.max(...ascending));

  await page.getByRole('button', { name: 'CATEGORIES' }).click();
  await page.getByRole('menuitem', { name: /^CEMENT \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/[?&]page=1/);
  await expect(page.getByText('2 ITEMS')).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
  await page.getByRole('button', { name: 'ALL PRODUCTS' }).click();
  await expect(page.getByText('23 ITEMS')).toBeVisible();

  await expect(page.getByText('Free cutting and bending of steel bars')).not.toBeInViewport();
  await page.getByRole('button', { name: 'View More...' }).click();
  await expect(page.getByText('Free cutting and bending of steel bars')).toBeVisible();
  await page.getByRole('button', { name: 'View Less' }).click();
  await expect(page.getByRole('button', { name: 'View More...' })).toBeVisible();
});

test('an unknown single path segment redirects to the home page', async ({ page }) => {
  await page.goto('/no-such-microsite-here', { waitUntil: 'domcontentloaded' });
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'ORDER NOW' }).first()).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('micrositeHandle'))).toBeNull();
});

test('a microsite name shows the branded shop and adds the brand to the Shop menu @phone', async ({
  page,
  isMobile,
}) => {
  await page.goto('/duromax', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'Duromax Cement & Concrete Solutions' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('DUROMAX', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/duromax$/);
  expect(await page.evaluate(() => localStorage.getItem('micrositeHandle'))).toContain('duromax');
  if (!isMobile) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'SHOP' }).click();
    await expect(page.getByRole('menuitem', { name: 'DUROMAX' })).toHaveAttribute('href', '/duromax');
    await page.keyboard.press('Escape');
  } else {
    // On a phone the brand link sits in the side menu's Shop submenu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('dialog');
    await sidebar.getByRole('button', { name: 'Shop' }).click();
    await expect(sidebar.getByRole('button', { name: 'DUROMAX' })).toBeVisible();
    await sidebar.getByRole('button', { name: 'Close menu' }).click();
  }
  // The microsite is now active: opening the site at / goes to it (spec 1 §2 "/").
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page).toHaveURL(/\/duromax$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Duromax Cement & Concrete Solutions' })).toBeVisible({
    timeout: 30_000,
  });
});
