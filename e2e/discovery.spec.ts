import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Home best sellers and the bank popup, shop by category, the category product page and search results
// (spec 1 "Home", "Shop by category", "Category product page", "Search results", §5 price digits, §9 page sizes).
// Runs on the freshly seeded demo data (cement products from several sellers, category CEMENT = 2).

function productCards(scope: Page | Locator): Locator {
  return scope.getByRole('main').getByRole('article');
}

/** The effective price of each product card: the last peso amount on it (after a struck list price). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await productCards(page).allInnerTexts();
  return texts.map((text) => {
    const amounts = [...text.matchAll(/₱([\d,]+\.\d{3})/g)].map((match) => Number(match[1]?.replace(/,/g, '')));
    return amounts.at(-1) ?? Number.NaN;
  });
}

/** "{n} ITEMS" as a number. */
async function itemCount(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /\d ITEMS/ });
  await expect(status).toBeVisible({ timeout: 30_000 });
  return Number(((await status.textContent()) ?? '').replace(/[^\d]/g, ''));
}

/** The bank's promotional popup opens over the home page for guests: close it. */
async function closeBankPopup(page: Page) {
  const popup = page.getByRole('dialog', { name: /eligible/i });
  await expect(popup).toBeVisible({ timeout: 60_000 });
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
}

test('home best sellers switch with the category tabs; SEE MORE goes to shop by category', async ({ page }) => {
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await closeBankPopup(page);
  const tabs = page.getByRole('tablist', { name: 'Best seller categories' });
  await expect(tabs.getByRole('tab', { name: 'ALL' })).toHaveAttribute('aria-selected', 'true');
  const section = page.getByRole('region', { name: 'ALL best sellers' });
  await expect(productCards(page).first()).toBeVisible({ timeout: 30_000 });
  expect(await productCards(page).count()).toBeLessThanOrEqual(15);

  await tabs.getByRole('tab', { name: 'CEMENT' }).click();
  await expect(tabs.getByRole('tab', { name: 'CEMENT' })).toHaveAttribute('aria-selected', 'true');
  await expect(section).toBeHidden();
  const cement = page.getByRole('region', { name: 'CEMENT best sellers' });
  await expect(cement.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => {
      const names = await cement
        .getByRole('article')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
      return names.length > 0 && names.every((name) => /cement/i.test(name ?? ''));
    })
    .toBe(true);

  await tabs.getByRole('tab', { name: 'LIGHTS' }).click();
  const lights = page.getByRole('region', { name: 'LIGHTS best sellers' });
  await expect(lights.getByRole('article').first()).toBeVisible();
  await expect(lights.getByRole('article').filter({ hasText: /cement/i })).toHaveCount(0);

  await page.getByRole('link', { name: 'SEE MORE' }).click();
  await expect(page).toHaveURL(/\/shopbycategory$/);
});

test('the bank popup opens for a guest on each load and closes with Escape; a signed-in browser sees it once', async ({
  page,
}) => {
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const popup = page.getByRole('dialog', { name: /eligible/i });
  await expect(popup).toBeVisible({ timeout: 60_000 });
  await expect(popup.getByRole('link', { name: /check my eligibility/i })).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('modalShown'))).toBeTruthy();

  // A guest has no auth token, so the flag is cleared and the popup opens again.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(popup).toBeVisible({ timeout: 60_000 });
  await popup.getByRole('button', { name: 'Close' }).click();

  // With a token stored the flag stays: no popup on the next load.
  await page.evaluate(() => localStorage.setItem('authToken', 'not-a-real-token'));
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('tablist', { name: 'Best seller categories' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  await expect(popup).toBeHidden();
  // No clean-up of the made-up token: the context ends with the test, and the server's 401 for it sends the page to
  // the session-expiry screen at a moment of its own, so a page.evaluate here could meet that navigation.
});

test('a category tile opens its product page (20 a page, sort) and VIEW ITEM opens the item in a new tab', async ({
  page,
  context,
}) => {
  await page.goto('/shopbycategory', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: /SHOP BY CATEGORY/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('EXPLORE OUR OTHER PRODUCTS')).toBeVisible();
  await page.getByRole('link', { name: 'SHOW MORE CEMENT' }).click();
  await expect(page).toHaveURL(/\/category\/2\?category=CEMENT/);
  await expect(page.getByRole('heading', { level: 1, name: 'CEMENT' })).toBeAttached({ timeout: 30_000 });
  const total = await itemCount(page);
  expect(total).toBeGreaterThan(0);
  await expect(productCards(page).first()).toBeVisible();
  expect(await productCards(page).count()).toBe(Math.min(total, 20));

  // Sorting by price puts the cheapest first.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Price: Low to High' }).click();
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect
    .poll(async () => {
      const prices = await cardPrices(page);
      const sorted =
        prices.length > 0 && prices.every((price, index) => index === 0 || (prices[index - 1] ?? 0) <= price);
      return sorted ? 'ascending' : prices.join(' ');
    })
    .toBe('ascending');

  const first = productCards(page).first();
  const name = await first.getAttribute('aria-label');
  const [item] = await Promise.all([
    context.waitForEvent('page'),
    first.getByRole('link', { name: 'View item' }).click(),
  ]);
  await item.waitForLoadState('domcontentloaded');
  await expect(item).toHaveURL(/\/item\/\d+\/[a-z0-9-]+$/);
  await expect(item.getByRole('heading', { name: name ?? '' }).first()).toBeVisible({ timeout: 30_000 });
  await item.close();
});

test('search: a price filter narrows the results, letters in a price show the message, back restores', async ({
  page,
}) => {
  await page.goto('/search?q=cement', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: /search results/i })).toBeVisible({ timeout: 30_000 });
  const all = await itemCount(page);
  expect(all).toBeGreaterThan(9);
  await expect(productCards(page)).toHaveCount(9);
  await expect(
    page.getByRole('radiogroup', { name: 'Availability' }).getByRole('radio', { name: 'In stock' }),
  ).toBeChecked();

  const filters = page.getByRole('complementary', { name: 'Filters' });
  const min = filters.getByRole('textbox', { name: 'Min price' });
  await min.fill('250');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/priceMin=250/);
  await expect.poll(() => itemCount(page), { timeout: 45_000 }).toBeLessThan(all);
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toBeGreaterThanOrEqual(250);

  // Digits only: other characters are stripped and the message shows under the field.
  const max = filters.getByRole('textbox', { name: 'Max price' });
  await max.pressSequentially('3a0b0');
  await expect(max).toHaveValue('300');
  await expect(filters.getByText('Only numbers are allowed.')).toBeVisible();

  // A radio filter from the facets also lands in the URL; back and forward restore the results.
  const narrowed = await itemCount(page);
  const cementRadio = page.getByRole('radiogroup', { name: 'Category' }).getByRole('radio', { name: /^CEMENT \(/ });
  await cementRadio.click();
  await expect(cementRadio).toBeChecked();
  await expect(page).toHaveURL(/category=2/);
  await page.goBack();
  await expect(page).not.toHaveURL(/category=2/);
  await expect.poll(() => itemCount(page), { timeout: 45_000 }).toBe(narrowed);
  await page.goBack();
  await expect(page).not.toHaveURL(/priceMin/);
  await expect(min).toHaveValue('');
  await expect.poll(() => itemCount(page), { timeout: 45_000 }).toBe(all);
});

test('search: a typo still finds cement; a query nobody matches says No Result Found', async ({ page }) => {
  await page.goto('/search?q=cemnt', { waitUntil: 'domcontentloaded' });
  await expect(productCards(page).first()).toBeVisible({ timeout: 30_000 });
  const names = await productCards(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
  expect(names.some((name) => /cement/i.test(name ?? ''))).toBe(true);
  // The related shops strip: at most 3 shops, each opening its shop page.
  const shops = page.getByRole('region', { name: 'Shops related to your search' }).getByRole('link');
  await expect(shops.first()).toBeVisible();
  expect(await shops.count()).toBeLessThanOrEqual(3);
  for (const href of await shops.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    expect(href).toMatch(/^\/shop\/[^/]+$/);
  }

  await page.goto('/search?q=zzqxjv', { waitUntil: 'domcontentloaded' });
  await expect(page.getByText('No Result Found')).toBeVisible({ timeout: 30_000 });
});

test('search on a phone: filters open in a drawer, which closes after a choice @phone', async ({ page }) => {
  test.skip(test.info().project.name !== 'phone', 'phone layout only');
  await page.goto('/search?q=cement', { waitUntil: 'domcontentloaded' });
  await expect(productCards(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'FILTERS' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('radiogroup', { name: 'Availability' }).getByRole('radio', { name: 'Out of stock' }).click();
  // The choice applies and the drawer closes on the narrowed results.
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/availability=outOfStock/);

  // Opened again, it shows the choice; a price range applies and closes it too.
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(drawer).toBeVisible();
  await expect(
    drawer.getByRole('radiogroup', { name: 'Availability' }).getByRole('radio', { name: 'Out of stock' }),
  ).toBeChecked();
  await drawer.getByRole('textbox', { name: 'Min price' }).fill('100');
  await drawer.getByRole('textbox', { name: 'Max price' }).fill('500000');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/priceMin=100(&|$)/);
  await expect(page).toHaveURL(/availability=outOfStock/);

  // Closing without a choice changes nothing.
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/priceMin=100(&|$)/);
});
