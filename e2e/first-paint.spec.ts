import type { Page } from '@playwright/test';
import { skipHomePopup } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// The browser tests' servers draw the first paint unless started with FIRST_PAINT=off (decision 0049).
test.skip(process.env.FIRST_PAINT === 'off', 'the servers do not draw the first paint (FIRST_PAINT=off)');

// The server draws the first paint of the shop's main pages before the app runs (decision 0049); the app then
// replaces it. The page's largest picture and its heading must be where the app puts them: nothing jumps when the
// app takes over. Tests tagged @phone also run at 390 px.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest picture on the first screen and the first visible level-1 heading, as the visitor sees them. */
function firstScreen(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | undefined) => {
      if (!element) return null;
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
    };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return (
        rect.width > 1 &&
        rect.height > 1 &&
        rect.top < window.innerHeight &&
        getComputedStyle(element).visibility === 'visible'
      );
    };
    const pictures = [...document.images].filter(visible);
    const area = (element: Element) => element.getBoundingClientRect().width * element.getBoundingClientRect().height;
    const largest = pictures.sort((a, b) => area(b) - area(a))[0];
    const heading = [...document.querySelectorAll('h1')].find(visible);
    return { picture: box(largest), pictureSource: largest?.getAttribute('src') ?? null, heading: box(heading) };
  });
}

function expectSameBox(drawn: Box | null, app: Box | null, what: string) {
  expect(drawn, `${what} in the first paint`).not.toBeNull();
  expect(app, `${what} in the app`).not.toBeNull();
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(drawn![key] - app![key]), `${what} ${key}: ${drawn![key]} then ${app![key]}`).toBeLessThanOrEqual(
      2,
    );
  }
}

/** The app has replaced the server's drawing (the home page's first visit opens a dialog over it). */
async function appShown(page: Page) {
  await page.waitForFunction(() => !document.getElementById('first-paint'), null, { timeout: 30_000 });
}

async function firstCementProduct(page: Page) {
  const found = (await (await page.request.get('/api/v1/search?q=cement')).json()) as { items: { id: number }[] };
  const detail = (await (await page.request.get(`/api/v1/products/${found.items[0]!.id}`)).json()) as {
    product: { id: number; slug: string; seller: { url_handle: string }; category: { category_id: number } };
  };
  return detail.product;
}

/**
 * The page as the server draws it (the app's script never starts), then as the app shows it, in two loads. Within
 * one real visit the drawing and the app use the same font, but two loads need not: Inter is `font-display:
 * optional`, used only when it arrives within ~100 ms, which even from the cache a busy machine misses on one load
 * and not the other (the hero's heading then wraps on another word). Both loads go without Inter, so the test
 * compares the layout and not the font's timing. A first visit warms the cache.
 */
async function drawnThenApp(page: Page, path: string) {
  await page.route('**/inter-*.woff2', (route) => route.abort());
  await page.goto(path);
  await appShown(page);
  await skipHomePopup(page);
  await page.waitForLoadState('load');
  await page.route('**/start-after-paint.js', (route) => route.abort());
  await page.goto(path);
  await page.waitForLoadState('load');
  const drawn = await firstScreen(page);
  await page.unroute('**/start-after-paint.js');
  await page.goto(path);
  await appShown(page);
  await page.waitForLoadState('load');
  const app = await firstScreen(page);
  await page.unroute('**/inter-*.woff2');
  return { drawn, app };
}

test('home: the hero picture and heading are drawn where the app shows them @phone', async ({ page }) => {
  const { drawn, app } = await drawnThenApp(page, '/');
  expect(drawn.pictureSource).toBe('/hero-build.svg');
  expectSameBox(drawn.picture, app.picture, 'hero picture');
  expectSameBox(drawn.heading, app.heading, 'heading');
});

test('item, shop and category: the largest picture is drawn where the app shows it @phone', async ({ page }) => {
  const product = await firstCementProduct(page);
  for (const path of [
    `/item/${product.id}/${product.slug}`,
    `/shop/${product.seller.url_handle}`,
    `/category/${product.category.category_id}`,
  ]) {
    const { drawn, app } = await drawnThenApp(page, path);
    expect(drawn.pictureSource, path).toBe(app.pictureSource);
    expectSameBox(drawn.picture, app.picture, `${path}: picture`);
  }
});

test('search: the heading and the first result card are drawn where the app shows them @phone', async ({ page }) => {
  const { drawn, app } = await drawnThenApp(page, '/search?q=cement');
  expect(drawn.pictureSource).toBe(app.pictureSource);
  expectSameBox(drawn.picture, app.picture, 'first result photo');
  expectSameBox(drawn.heading, app.heading, 'heading');
});

test('the app replaces the drawing: one page, its links and buttons usable @phone', async ({ page }) => {
  await page.goto('/search?q=cement');
  await expect(page.getByRole('heading', { name: 'SEARCH RESULTS' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await page.getByRole('link', { name: 'Tibay home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Building materials, delivered/i })).toBeVisible();
});

// One load of home in four once never rendered its page: the route loaded while React was rendering the first
// (transition) render, and the router's update was lost (decision 0049, last section). The gap is a few
// milliseconds wide, so the test loads home many times, each in a fresh browser context (nothing cached).
test('home renders its page on every load, in a fresh browser each time', async ({ browser, baseURL }) => {
  test.slow();
  for (let load = 1; load <= 15; load++) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: /Building materials, delivered/i }),
      `load ${load}: the app's home page`,
    ).toBeVisible();
    await expect(page.getByRole('main'), `load ${load}`).toHaveCount(1);
    await context.close();
  }
});
