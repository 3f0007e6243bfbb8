import type { APIRequestContext, Page } from '@playwright/test';
import { demo, demoHeaders, signInByApi, skipHomePopup } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// Buying the way contractors do (issue 11 items 1, 3, 4; issue 10 item 2): a double click adds once; the cart's
// marks and order instructions are stored with the cart, so another page, tab or device sees them; the checkout
// reads them from the server; PROCEED TO PAYMENT METHOD waits for a slow checkout instead of asking for a choice.
// Every test runs at 1366 px (desktop) and 390 px (phone, tagged @phone). They share the demo buyer's cart.

interface SearchCard {
  id: number;
  name: string;
  has_variations: boolean;
}
interface CartLine {
  id: number;
  product_id: number;
  product_name: string;
  quantity: number;
  price: number;
  marked: boolean;
}

async function cartOf(request: APIRequestContext, headers: Record<string, string>) {
  return (await (await request.get('/api/v1/cart', { headers })).json()) as {
    cart: CartLine[];
    order_instructions: string;
  };
}

async function emptyCart(request: APIRequestContext, headers: Record<string, string>) {
  const { cart } = await cartOf(request, headers);
  if (cart.length > 0) {
    const removed = await request.post('/api/v1/cart/items/remove', {
      headers,
      data: { cart_ids: cart.map((line) => line.id) },
    });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
  const cleared = await request.put('/api/v1/cart/instructions', { headers, data: { order_instructions: '' } });
  expect(cleared.ok(), await cleared.text()).toBe(true);
}

/** In-stock products without variations, with distinct names (from search on the demo data). */
async function simpleProducts(request: APIRequestContext, count: number, minimum = 1): Promise<SearchCard[]> {
  const found: SearchCard[] = [];
  for (const q of ['cement', 'sand', 'hammer', 'nail', 'paint', 'wire', 'gravel', 'tile']) {
    const response = await request.get(`/api/v1/search?q=${q}&pageSize=9&availability=inStock`);
    const { items } = (await response.json()) as { items: SearchCard[] };
    for (const item of items) {
      if (item.has_variations || found.some((f) => f.id === item.id || f.name === item.name)) continue;
      const detail = (await (await request.get(`/api/v1/products/${item.id}`)).json()) as {
        product: { stocks: number; quantity_limit: number };
      };
      if (Math.min(detail.product.stocks, detail.product.quantity_limit) >= minimum) found.push(item);
      if (found.length >= count) return found;
    }
  }
  expect(found.length, 'products without variations in the demo data').toBeGreaterThanOrEqual(count);
  return found;
}

async function addByApi(request: APIRequestContext, headers: Record<string, string>, product: SearchCard, n = 1) {
  const added = await request.post('/api/v1/cart/items', { headers, data: { product_id: product.id, quantity: n } });
  expect(added.ok(), await added.text()).toBe(true);
}

async function openCart(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /MY CART/ });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  return dialog;
}

const peso = (centavos: number) =>
  `₱${(centavos / 100).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })}`;

/** Every toast text the page shows, kept after the toast has gone (they close after a few seconds). */
async function recordAlerts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenAlerts: string[] }).seenAlerts = seen;
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[role="alert"]')) {
        const text = alert.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { seenAlerts: string[] }).seenAlerts);
}

test.describe('cart and checkout from the server', () => {
  let headers: Record<string, string>;
  test.beforeEach(async ({ request }) => {
    headers = await demoHeaders(request);
    await emptyCart(request, headers);
  });

  test('double-clicking ADD TO CART on the item page adds the quantity once @phone', async ({ page, request }) => {
    test.setTimeout(180_000);
    const [product] = (await simpleProducts(request, 1, 200)) as [SearchCard];
    await signInByApi(page, demo.buyer, demo.password);
    await skipHomePopup(page);
    await page.goto(`/item/${product.id}`);
    const add = page.getByRole('button', { name: 'ADD TO CART' });
    await expect(add).toBeEnabled({ timeout: 30_000 });
    await add.dblclick();
    await expect(page.getByRole('alert').filter({ hasText: 'Item added to cart.' }).first()).toBeVisible();
    // Give a second add every chance to land before counting.
    await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
    await page.waitForTimeout(1500);
    const { cart } = await cartOf(request, headers);
    expect(cart.map((line) => [line.product_id, line.quantity])).toEqual([[product.id, 100]]);
  });

  test('the cart opens with added lines marked, and the marks follow to another device @phone', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const [first, second] = (await simpleProducts(request, 2)) as [SearchCard, SearchCard];
    await addByApi(request, headers, first);
    await addByApi(request, headers, second);
    const lines = (await cartOf(request, headers)).cart;
    const priceOf = (product: SearchCard) => lines.find((line) => line.product_id === product.id)?.price ?? 0;

    await signInByApi(page, demo.buyer, demo.password);
    await skipHomePopup(page);
    await page.goto('/');
    const dialog = await openCart(page);
    await expect(dialog.getByRole('checkbox', { name: `Mark ${first.name}` })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: `Mark ${second.name}` })).toBeChecked();
    await expect(dialog.getByLabel('Grand total')).toHaveText(peso(priceOf(first) + priceOf(second)));
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/cart/marks') && r.ok());
    await dialog.getByRole('checkbox', { name: `Mark ${first.name}` }).uncheck();
    await saved;
    await expect(dialog.getByLabel('Grand total')).toHaveText(peso(priceOf(second)));

    // Another page of the same browser, after the 3 s refresh: the mark stays off.
    await page.goto('/shopbyseller?page=1');
    const again = await openCart(page);
    await page.waitForTimeout(3500);
    await expect(again.getByRole('checkbox', { name: `Mark ${first.name}` })).not.toBeChecked();

    // Another device (a fresh browser with the same account) sees the same marks.
    const other = await browser.newContext({ viewport: page.viewportSize() });
    const phone = await other.newPage();
    await signInByApi(phone, demo.buyer, demo.password);
    await skipHomePopup(phone);
    await phone.goto('/');
    const there = await openCart(phone);
    await expect(there.getByRole('checkbox', { name: `Mark ${first.name}` })).not.toBeChecked();
    await expect(there.getByRole('checkbox', { name: `Mark ${second.name}` })).toBeChecked();
    await expect(there.getByLabel('Grand total')).toHaveText(peso(priceOf(second)));
    await other.close();
  });

  test('/checkout opened in a new tab reads the marked lines and the instructions typed in the cart @phone', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const [product] = (await simpleProducts(request, 1)) as [SearchCard];
    await addByApi(request, headers, product);
    await signInByApi(page, demo.buyer, demo.password);
    await skipHomePopup(page);
    await page.goto('/');
    const dialog = await openCart(page);
    await expect(dialog.getByRole('checkbox', { name: `Mark ${product.name}` })).toBeChecked();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/cart/instructions') && r.ok());
    await dialog.getByLabel('Order instructions').fill('Gate 3, call Mang Jun first');
    await saved;

    const tab = await context.newPage();
    await tab.goto('/checkout');
    await expect(tab.getByRole('heading', { level: 1, name: 'DELIVERY INFORMATION' })).toBeVisible();
    await expect(tab.getByText('Gate 3, call Mang Jun first')).toBeVisible({ timeout: 30_000 });
    await expect(tab.getByText('Grand total')).toBeVisible({ timeout: 30_000 });
    await expect(tab.getByText(product.name).first()).toBeVisible();
    await expect(tab.getByText('Cart is empty')).toHaveCount(0);
    await tab.getByRole('button', { name: 'PROCEED TO PAYMENT METHOD' }).click();
    await expect(tab).toHaveURL(/\/paymentmethod$/);
  });

  test('PROCEED TO PAYMENT METHOD clicked while the checkout loads waits and proceeds @phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const [product] = (await simpleProducts(request, 1)) as [SearchCard];
    await addByApi(request, headers, product);
    await signInByApi(page, demo.buyer, demo.password);
    await skipHomePopup(page);
    const alerts = await recordAlerts(page);
    // A slow line: the profile, the cart, the fees and the preview each take 2.5 s.
    const slow = async (route: import('@playwright/test').Route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue().catch(() => undefined);
    };
    for (const path of ['/api/v1/me', '/api/v1/cart', '/api/v1/checkout/shipping-quotes', '/api/v1/checkout/preview']) {
      await page.route(`**${path}`, slow);
    }
    await page.goto('/checkout');
    const proceed = page.getByRole('button', { name: 'PROCEED TO PAYMENT METHOD' });
    // Still loading (Standard Shipping is shown chosen, the fees are not in): the button says so; a click waits.
    await expect(proceed).toHaveAttribute('aria-busy', 'true');
    await proceed.click();
    await expect(page).toHaveURL(/\/paymentmethod$/, { timeout: 60_000 });
    const seen = await alerts();
    expect(seen.filter((text) => /Please Select|Cart is empty/.test(text))).toEqual([]);
  });
});
