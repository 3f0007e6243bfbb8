import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Discovery details (spec 1 "Shop by seller", §1–§3 microsites, §4 seller listing mode, §9 map constants,
// "Search results", Add-to-cart popup for paint). Runs on the freshly seeded demo data: 30 approved sellers
// spread over Luzon, the Visayas and Mindanao; Duromax is the microsite "duromax".

/** Map tiles come from the internet; the map must work without them. */
async function offlineTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

const mapName = 'Map of sellers and your delivery location';
const pinName = 'Your delivery location (drag to move)';

function sellerCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Sellers' }).getByRole('listitem');
}

/** Whether the element's centre lies inside the box (with a little tolerance for the marker's anchor). */
async function insideBox(element: Locator, box: { x: number; y: number; width: number; height: number }) {
  const own = await element.boundingBox();
  if (!own) return false;
  const x = own.x + own.width / 2;
  const y = own.y + own.height;
  return x >= box.x - 1 && x <= box.x + box.width + 1 && y >= box.y - 1 && y <= box.y + box.height + 1;
}

test.beforeEach(async ({ page }) => {
  await offlineTiles(page);
});

test('Global mode fits the map to the listed sellers; Nearby keeps the pin in the centre', async ({ page }) => {
  await page.goto('/shopbyseller?page=1', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('radio', { name: 'Global' })).toBeChecked({ timeout: 30_000 });
  await expect(sellerCards(page)).toHaveCount(12);
  const map = page.getByRole('region', { name: mapName });
  const names = await sellerCards(page).getByRole('heading', { level: 2 }).allInnerTexts();
  // Every seller of the page is on the visible map (at the sellers' default zoom 9 around Metro Manila, the
  // Visayas and Mindanao sellers would be far outside it).
  await expect
    .poll(async () => {
      const box = await map.boundingBox();
      if (!box) return -1;
      let outside = 0;
      for (const name of names) {
        if (!(await insideBox(map.getByRole('button', { name, exact: true }), box))) outside += 1;
      }
      return outside;
    })
    .toBe(0);

  // Page 3 lists other sellers: the map follows them.
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 3' }).click();
  await expect(sellerCards(page)).toHaveCount(6);
  const third = await sellerCards(page).getByRole('heading', { level: 2 }).allInnerTexts();
  await expect
    .poll(async () => {
      const box = await map.boundingBox();
      if (!box) return -1;
      let outside = 0;
      for (const name of third) {
        if (!(await insideBox(map.getByRole('button', { name, exact: true }), box))) outside += 1;
      }
      return outside;
    })
    .toBe(0);

  // Nearby: the delivery pin is in the middle of the map.
  const address = page.getByRole('combobox', { name: 'Delivery address' });
  await address.fill('Cebu City');
  await page
    .getByRole('option', { name: /^Cebu City/ })
    .first()
    .click();
  await page.getByRole('radio', { name: 'Nearby' }).check();
  await expect(sellerCards(page).first()).toContainText('Cebu City, Cebu', { timeout: 30_000 });
  await expect
    .poll(async () => {
      const box = await map.boundingBox();
      const pin = await map.getByRole('button', { name: pinName }).boundingBox();
      if (!box || !pin) return Number.POSITIVE_INFINITY;
      const dx = pin.x + pin.width / 2 - (box.x + box.width / 2);
      const dy = pin.y + pin.height - (box.y + box.height / 2);
      return Math.round(Math.hypot(dx, dy));
    })
    .toBeLessThanOrEqual(3);
});

test('a stored microsite handle that is not found any more is cleared, with its Shop menu link', async ({ page }) => {
  await page.goto('/About', { waitUntil: 'domcontentloaded' });
  await page.evaluate(() =>
    localStorage.setItem('micrositeHandle', JSON.stringify({ handle: 'closed-brand', microsite: 'CLOSED BRAND' })),
  );
  await page.reload({ waitUntil: 'domcontentloaded' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'SHOP' }).click({ timeout: 30_000 });
  await expect(page.getByRole('menuitem', { name: 'CLOSED BRAND' })).toHaveAttribute('href', '/closed-brand');
  await page.keyboard.press('Escape');

  // Opening the site at / goes to the stored microsite; its lookup answers 404: the handle is forgotten and the
  // home page shows.
  const lookup = page.waitForResponse((response) => response.url().includes('/api/v1/microsites/closed-brand'));
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  expect((await lookup).status()).toBe(404);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'ORDER NOW' }).first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('micrositeHandle'))).toBeNull();
  await page
    .getByRole('dialog', { name: /eligible/i })
    .getByRole('button', { name: 'Close' })
    .click({ timeout: 30_000 });
  await nav.getByRole('button', { name: 'SHOP' }).click();
  await expect(page.getByRole('menuitem', { name: 'ORDER BY SELLER' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'CLOSED BRAND' })).toHaveCount(0);
});

test('a microsite lookup that fails on the server shows the server message and keeps the stored handle', async ({
  page,
}) => {
  const stored = JSON.stringify({ handle: 'duromax', microsite: 'DUROMAX' });
  await page.goto('/About', { waitUntil: 'domcontentloaded' });
  await page.evaluate((value) => localStorage.setItem('micrositeHandle', value), stored);
  await page.route('**/api/v1/microsites/duromax', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Microsites are being updated. Try again soon.' } }),
    }),
  );
  await page.goto('/duromax', { waitUntil: 'domcontentloaded' });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Microsites are being updated. Try again soon.' }),
  ).toBeVisible({ timeout: 30_000 });
  // The seller view shows meanwhile, and the microsite stays active.
  await expect(page.getByRole('heading', { level: 1, name: 'ENTER YOUR DELIVERY ADDRESS' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('micrositeHandle'))).toBe(stored);
});

/** Drags the delivery pin by (dx, dy) pixels with the mouse. */
async function dragPin(page: Page, dx: number, dy: number) {
  const pin = page.getByRole('region', { name: mapName }).getByRole('button', { name: pinName });
  await pin.scrollIntoViewIfNeeded();
  const box = await pin.boundingBox();
  if (!box) throw new Error('the delivery pin is not on the map');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

test('dragging the pin fills the address from reverse geocoding; its two failures have their messages', async ({
  page,
}) => {
  await page.goto('/shopbyseller?page=1', { waitUntil: 'domcontentloaded' });
  const address = page.getByRole('combobox', { name: 'Delivery address' });
  await expect(address).toHaveValue('', { timeout: 30_000 });
  // Pick a city, then fine-tune the point by dragging the pin (Nearby shows the pin in the middle of the map).
  await address.fill('Cebu City');
  await page
    .getByRole('option', { name: /^Cebu City/ })
    .first()
    .click();
  const picked = await address.inputValue();
  await page.getByRole('radio', { name: 'Nearby' }).check();
  await expect(sellerCards(page).first()).toContainText('Cebu City, Cebu', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: mapName }).getByRole('button', { name: pinName })).toBeVisible();

  const reverse = page.waitForResponse((response) => response.url().includes('/api/v1/geocoding/reverse'));
  await dragPin(page, 60, 40);
  const answer = await reverse;
  expect(answer.status()).toBe(200);
  const { address: found } = (await answer.json()) as { address: string };
  expect(found).toMatch(/\w/);
  expect(found).not.toBe(picked);
  await expect(address).toHaveValue(found);
  // The dropped point and its address are the saved delivery location.
  expect(await page.evaluate(() => localStorage.getItem('globalAddress'))).toBe(found);
  const dropped = await page.evaluate(() => JSON.parse(localStorage.getItem('globalCoordinates') ?? 'null'));
  expect(dropped).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
  expect(Number(new URL(answer.url()).searchParams.get('lat'))).toBeCloseTo(dropped.lat, 5);
  expect(Number(new URL(answer.url()).searchParams.get('lng'))).toBeCloseTo(dropped.lng, 5);

  // Nothing at the point (404 from our API).
  await page.route('**/api/v1/geocoding/reverse**', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No address found for the given coordinates.' } }),
    }),
  );
  await dragPin(page, -50, 30);
  await expect(
    page.getByRole('alert').filter({ hasText: 'No address found for the given coordinates.' }),
  ).toBeVisible();
  await expect(address).toHaveValue(found);

  // The geocoding service failed (502 from our API).
  await page.unroute('**/api/v1/geocoding/reverse**');
  await page.route('**/api/v1/geocoding/reverse**', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UPSTREAM', message: 'Error fetching geocoding data.' } }),
    }),
  );
  await dragPin(page, 40, -30);
  await expect(page.getByRole('alert').filter({ hasText: 'Error fetching geocoding data.' })).toBeVisible();
  await expect(address).toHaveValue(found);
});

test('the header search field has a visible label @phone', async ({ page }) => {
  await page.goto('/About', { waitUntil: 'domcontentloaded' });
  const banner = page.getByRole('banner');
  // (The header has one search for wide screens and one for phones; only one of them shows.)
  const field = banner.getByRole('textbox', { name: 'Search products and sellers' });
  await expect(field).toBeVisible({ timeout: 30_000 });
  await expect(field).toHaveAttribute('placeholder', 'Search products, sellers, and etc...');
  // The label is on screen, not only in the accessibility tree, and sits above the field.
  const label = banner.getByText('Search products and sellers', { exact: true }).filter({ visible: true });
  await expect(label).toBeVisible();
  await expect
    .poll(async () => {
      const labelBox = await label.boundingBox();
      const fieldBox = await field.boundingBox();
      return labelBox && fieldBox ? labelBox.y + labelBox.height <= fieldBox.y + 1 : null;
    })
    .toBe(true);
  // Nothing in the header spills past the window's width.
  const width = page.viewportSize()?.width ?? 0;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(width);
});
