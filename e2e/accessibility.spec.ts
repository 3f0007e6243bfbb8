import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { demo, demoHeaders, signInByApi, skipHomePopup } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { placeCodOrder } from './support/orders.ts';
import { expect, test } from './support/test.ts';

// WCAG AA on the buying path: axe finds no serious or critical violation (contrast, ARIA on the wrong role,
// names that differ from the visible text) on home, search, an item page, a seller shop, a category page, the
// cart, checkout, payment and order history, at desktop width and (tagged @phone) at 390 px.

interface CartLine {
  id: number;
}
interface SearchCard {
  id: number;
  has_variations: boolean;
}

async function emptyCart(request: APIRequestContext, headers: Record<string, string>) {
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { cart: CartLine[] };
  if (cart.cart.length === 0) return;
  const removed = await request.post('/api/v1/cart/items/remove', {
    headers,
    data: { cart_ids: cart.cart.map((line) => line.id) },
  });
  expect(removed.ok(), await removed.text()).toBe(true);
}

async function simpleProductId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/v1/search?q=cement&pageSize=9&availability=inStock');
  const { items } = (await response.json()) as { items: SearchCard[] };
  const product = items.find((item) => !item.has_variations);
  expect(product, 'a cement product without variations').toBeTruthy();
  return (product as SearchCard).id;
}

/** A cash-on-delivery order of the demo buyer, moved by the demo seller to `status` (order history shows badges). */
async function orderInStatus(
  request: APIRequestContext,
  buyer: Record<string, string>,
  steps: string[],
): Promise<string> {
  const seller = await demoHeaders(request, 'seller@tibay.test');
  const products = await request.get('/api/v1/seller/products?status=active&pageSize=50', { headers: seller });
  const { items } = (await products.json()) as { items: { id: number; variations: number; stock: number }[] };
  const product = items.find((item) => item.variations === 0 && item.stock > 5);
  expect(product, 'an in-stock product of the demo seller').toBeTruthy();
  await emptyCart(request, buyer);
  const reference = await placeCodOrder(request, buyer, (product as { id: number }).id);
  for (const to of steps) {
    // Denying an order needs its reason.
    const data = to === 'Denied' ? { to, reason: 'Out of stock at the branch' } : { to };
    const moved = await request.post(`/api/v1/seller/orders/${reference}/status`, { headers: seller, data });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return reference as string;
}

async function settled(page: Page) {
  // Lazy parts of the frame (menus, hover previews) load after the first paint: scan what the user will see.
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
}

test('home, search and an item page pass axe @phone', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settled(page);
  await expectNoSeriousAxeViolations(page, 'home');

  await page.goto('/search?q=cement');
  await expect(page.getByRole('heading', { name: 'SEARCH RESULTS' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await settled(page);
  await expectNoSeriousAxeViolations(page, 'search');

  await page.goto(`/item/${await simpleProductId(request)}`);
  await expect(page.getByRole('button', { name: 'ADD TO CART' }).first()).toBeVisible();
  await settled(page);
  await expectNoSeriousAxeViolations(page, 'an item page');
});

test('a seller shop and a category page pass axe @phone', async ({ page, request }) => {
  const detail = await request.get(`/api/v1/products/${await simpleProductId(request)}`);
  const { product } = (await detail.json()) as {
    product: { seller: { url_handle: string; company_name: string }; category: { category_id: number } };
  };
  await page.goto(`/shop/${product.seller.url_handle}`);
  await expect(page.getByRole('heading', { name: product.seller.company_name }).first()).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await settled(page);
  await expectNoSeriousAxeViolations(page, 'a seller shop');

  await page.goto(`/category/${product.category.category_id}`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await settled(page);
  await expectNoSeriousAxeViolations(page, 'a category page');
});

test('the cart, checkout, payment and order history pass axe @phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const buyer = await demoHeaders(request, demo.buyer);
  await orderInStatus(request, buyer, []);
  await orderInStatus(request, buyer, ['Verified', 'For Preparation', 'For Delivery', 'Delivered']);
  await orderInStatus(request, buyer, ['Denied']);
  const added = await request.post('/api/v1/cart/items', {
    headers: buyer,
    data: { product_id: await simpleProductId(request), quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await signInByApi(page, demo.buyer, demo.password);
  await skipHomePopup(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).click();
  const cart = page.getByRole('dialog', { name: /MY CART/ });
  await expect(cart.getByRole('checkbox').first()).toBeVisible({ timeout: 30_000 });
  // Lines just added arrive marked (stored with the cart).
  await expect(cart.getByRole('checkbox').first()).toBeChecked();
  await settled(page);
  await expectNoSeriousAxeViolations(page, 'the cart');

  await cart.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'DELIVERY INFORMATION' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Grand total')).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await expectNoSeriousAxeViolations(page, 'checkout');

  await page.getByRole('button', { name: 'PROCEED TO PAYMENT METHOD' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Payment method' })).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await expectNoSeriousAxeViolations(page, 'payment');

  await page.goto('/Order?filter=ALL');
  await expect(page.getByRole('heading', { level: 1, name: 'MY ORDERS' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await expectNoSeriousAxeViolations(page, 'order history');
});

/** What a badge looks like: its text colour and the background behind it (the badge's own, not its label's). */
function colours(badge: Locator) {
  return badge.evaluate((element) => {
    let box: Element | null = element;
    while (box && getComputedStyle(box).backgroundColor === 'rgba(0, 0, 0, 0)') box = box.parentElement;
    return { background: box ? getComputedStyle(box).backgroundColor : 'none', text: getComputedStyle(element).color };
  });
}

test('an order status has one colour for the buyer and the seller', async ({ page, request }) => {
  const buyer = await demoHeaders(request, demo.buyer);
  const preparing = await orderInStatus(request, buyer, ['Verified', 'For Preparation']);
  const denied = await orderInStatus(request, buyer, ['Denied']);

  await signInByApi(page, demo.buyer, demo.password);
  await skipHomePopup(page);
  await page.goto('/Order?filter=ALL');
  const buyerBadge = (reference: string, status: string) =>
    page.getByRole('article', { name: `Order ${reference}` }).getByText(status, { exact: true });
  const buyerPreparing = await colours(buyerBadge(preparing, 'FOR PREPARATION'));
  const buyerDenied = await colours(buyerBadge(denied, 'DENIED'));
  // Under way and refused look different.
  expect(buyerPreparing.background).not.toBe(buyerDenied.background);

  await page.goto('/seller-center/login');
  await page.getByLabel('Email').fill('seller@tibay.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(page).toHaveURL(/\/seller-center\/products$/, { timeout: 30_000 });
  const sellerBadge = async (reference: string, status: string) => {
    await page.goto(`/seller-center/orders?q=${reference}`);
    return page.getByRole('row').filter({ hasText: reference }).getByText(status, { exact: true });
  };
  expect(await colours(await sellerBadge(preparing, 'For Preparation'))).toEqual(buyerPreparing);
  expect(await colours(await sellerBadge(denied, 'Denied'))).toEqual(buyerDenied);
});
