import type { APIRequestContext } from '@playwright/test';
import { demo, demoHeaders, signInByApi, skipHomePopup } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// Lalamove delivery (spec 2 "Order complete page": "a courier share link when the shipping type is Lalamove"):
// a Cash on Delivery checkout by Lalamove is booked with the (sandbox) courier at once, and the ORDER COMPLETE page
// links to the delivery's share page. Shares the demo buyer's cart with checkout.spec.ts, so it empties it first.

interface SearchCard {
  id: number;
  has_variations: boolean;
}

/** An empty cart, then one unit of an in-stock product without variations. */
async function cartWithOneProduct(request: APIRequestContext) {
  const headers = await demoHeaders(request);
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { cart: { id: number }[] };
  if (cart.cart.length > 0) {
    const removed = await request.post('/api/v1/cart/items/remove', {
      headers,
      data: { cart_ids: cart.cart.map((line) => line.id) },
    });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
  const { items } = (await (await request.get('/api/v1/search?q=hammer&pageSize=9&availability=inStock')).json()) as {
    items: SearchCard[];
  };
  const product = items.find((item) => !item.has_variations);
  expect(product, 'a product without variations in the demo data').toBeTruthy();
  const added = await request.post('/api/v1/cart/items', { headers, data: { product_id: product!.id, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
}

test('Lalamove with Cash on Delivery: ORDER COMPLETE links to the courier share page', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await cartWithOneProduct(request);
  await signInByApi(page, demo.buyer, demo.password);
  await skipHomePopup(page);
  await page.goto('/');

  await page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).click();
  const cart = page.getByRole('dialog', { name: /MY CART/ });
  await expect(cart.getByRole('checkbox').first()).toBeVisible({ timeout: 30_000 });
  // Lines just added are marked (stored with the cart).
  await expect(cart.getByRole('checkbox').first()).toBeChecked();
  await cart.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'DELIVERY INFORMATION' })).toBeVisible({ timeout: 30_000 });
  const lalamove = page.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio', { name: /Lalamove/ });
  await expect(lalamove).toBeEnabled({ timeout: 30_000 });
  await lalamove.check();
  await expect(page.getByText('Grand total')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'PROCEED TO PAYMENT METHOD' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'PAYMENT METHOD' })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByRole('radio', { name: 'Cash on Delivery', exact: true })
    .check();
  await page.getByRole('button', { name: /^PAY/ }).click();

  await expect(page).toHaveURL(/\/confirmpayment\?key=\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'ORDER COMPLETE' })).toBeVisible();
  const reference =
    (await page
      .getByText(/^ORD\d{14}$/)
      .first()
      .textContent()) ?? '';
  expect(reference).toMatch(/^ORD\d{14}$/);
  const share = page.getByRole('link', { name: 'Track your Lalamove delivery' });
  await expect(share).toHaveAttribute('href', /\/sandbox-courier\/\d{19}$/);

  const opened = context.waitForEvent('page');
  await share.click();
  const courier = await opened;
  await courier.waitForLoadState('domcontentloaded');
  await expect(courier).toHaveURL(/\/sandbox-courier\/\d{19}$/);
  await expect(courier.getByRole('heading', { name: 'Track your delivery' })).toBeVisible();
  await expect(courier.getByRole('status', { name: 'Delivery status' })).toContainText('Assigning driver');
  await expect(courier.getByText(reference, { exact: true })).toBeVisible();
  await expect(courier.getByRole('heading', { name: 'Pick-up' })).toBeVisible();
  await courier.close();
});
