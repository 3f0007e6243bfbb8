import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { demo, manilaDatePlus } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

/**
 * The seller center (issue 5; spec 1 §1 "Sellers have their own separate site with its own login"):
 * the demo seller logs in, creates a product with a variation and a photo, adjusts its stock through the ledger,
 * and moves a cash-on-delivery order that the demo buyer placed for it from Pending to Delivered.
 */

const seller = 'seller@tibay.test';

/** A small PNG (the photo upload; the server checks the bytes and re-encodes it). */
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function toastWith(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function sellerLogIn(page: Page) {
  await page.goto('/seller-center');
  // Without a seller session the seller center sends the visitor to its own login.
  await expect(page).toHaveURL(/\/seller-center\/login$/);
  await expect(page.getByRole('heading', { name: 'Seller Center' })).toBeVisible();
  await page.getByLabel('Email').fill(seller);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(page).toHaveURL(/\/seller-center\/products$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
}

/**
 * The demo buyer orders `quantity` of a product (its first variation when it has variations), paying cash on
 * delivery, through the API; with `purchaseOrder` it attaches a purchase order image.
 */
async function buyerOrders(
  request: APIRequestContext,
  productId: number,
  quantity: number,
  options: { purchaseOrder?: boolean } = {},
): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email: demo.buyer, password: demo.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  // Only this line is checked out; whatever else the buyer's cart holds stays there.
  const item = (await (await request.get(`/api/v1/products/${productId}`)).json()) as {
    product: { variations: { id: number }[] };
  };
  const variationId = item.product.variations[0]?.id;
  const added = await request.post('/api/v1/cart/items', {
    headers,
    data: { product_id: productId, ...(variationId ? { variation_id: variationId } : {}), quantity },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const cartItemId = ((await added.json()) as { cart_item: { id: number } }).cart_item.id;
  const placed = await request.post('/api/v1/checkout', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    multipart: {
      data: JSON.stringify({
        cart_item_ids: [cartItemId],
        address: 'Unit 5, 123 Shaw Boulevard, Mandaluyong City, Metro Manila',
        latitude: 14.5547,
        longitude: 121.0244,
        shipping_type: 'standard',
        schedule_date: manilaDatePlus(7),
        payment_method: 'cod',
      }),
      ...(options.purchaseOrder ? { po_attachment: { name: 'po.png', mimeType: 'image/png', buffer: photo } } : {}),
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return ((await placed.json()) as { orders: { reference: string }[] }).orders[0]!.reference;
}

test.describe('seller center', () => {
  test('a buyer account cannot use the seller login', async ({ page }) => {
    await page.goto('/seller-center/login');
    await page.getByLabel('Email').fill(demo.buyer);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
    await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This login is for seller accounts.' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveURL(/\/seller-center\/login$/);
    // The seller session is its own: the buyer's token is not stored either.
    expect(await page.evaluate(() => [localStorage.getItem('sellerToken'), localStorage.getItem('authToken')])).toEqual(
      [null, null],
    );
  });

  test('create a product with a variation and a photo, adjust stock, move its COD order to Delivered', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await sellerLogIn(page);
    // The seller's session is kept apart from a buyer's.
    expect(await page.evaluate(() => Boolean(localStorage.getItem('sellerToken')))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    // Create: the product with one variation.
    const name = `E2E Claw Hammer ${Date.now().toString(36)}`;
    await page.getByRole('link', { name: 'ADD PRODUCT' }).click();
    await expect(page.getByRole('heading', { name: 'Add product' })).toBeVisible();
    await page.getByLabel('Product name').fill(name);
    await page.getByRole('textbox', { name: 'Price (₱)', exact: true }).first().fill('450');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'TOOLS' }).click();
    await page.getByLabel('Brand').fill('Stanley');
    await page.getByLabel('Description').fill('A 16 oz claw hammer with a wooden handle.');
    await page.getByRole('button', { name: 'ADD VARIATION' }).click();
    const variation = page.getByRole('group', { name: 'Variation 1' });
    await variation.getByLabel('Variation name').fill('16 oz');
    await variation.getByRole('textbox', { name: 'Price (₱)', exact: true }).fill('450');
    await variation.getByLabel('Discounted price (₱)').fill('399.50');
    await page.getByRole('button', { name: 'SAVE PRODUCT' }).click();
    await expect(toastWith(page, 'Product saved.')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/seller-center\/products\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { name })).toBeVisible();

    // A photo, with upload progress; the first photo is the thumbnail.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'UPLOAD PHOTOS' }).click();
    await (await chooser).setFiles({ name: 'hammer.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('radio', { name: 'Photo 1' })).toBeChecked();

    // Stock: never below zero; then 20 received, with a reason, through the ledger.
    await page.getByRole('button', { name: 'Adjust stock of 16 oz' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust stock: 16 oz' });
    await dialog.getByLabel('Quantity').fill('-5');
    await dialog.getByLabel('Reason').fill('Count');
    await dialog.getByRole('button', { name: 'SAVE ADJUSTMENT' }).click();
    await expect(dialog.getByText('Stock cannot go below zero: only 0 in stock.')).toBeVisible();
    await dialog.getByLabel('Quantity').fill('20');
    await dialog.getByLabel('Reason').fill('Delivery from supplier');
    await dialog.getByRole('button', { name: 'SAVE ADJUSTMENT' }).click();
    // Both at once: the toast closes itself after 2 s (providers.tsx), which a slow wait for the dialog to close can outlast.
    await Promise.all([expect(dialog).toBeHidden(), expect(toastWith(page, 'Stock adjusted.')).toBeVisible()]);
    await expect(page.getByRole('row', { name: /16 oz\s+20\s+Adjust stock/ })).toBeVisible();
    await page.getByText('Stock history', { exact: true }).click();
    await expect(page.getByRole('cell', { name: 'Delivery from supplier' })).toBeVisible();

    // The product is in the catalogue list.
    await page.getByRole('navigation', { name: 'Seller Center' }).getByRole('link', { name: 'Products' }).click();
    await page.getByLabel('Search products').fill(name);
    await expect(page.getByRole('link', { name })).toBeVisible();

    // The demo buyer orders 2 of it, cash on delivery.
    const reference = await buyerOrders(request, productId, 2);

    // Orders: filter Pending, open the order, move it forward step by step.
    await page.getByRole('navigation', { name: 'Seller Center' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending', exact: true }).click();
    await page.getByLabel('Search orders').fill(reference);
    await page.getByRole('link', { name: reference }).click();
    await expect(page.getByRole('heading', { name: `Order ${reference}` })).toBeVisible();
    await expect(page.getByText('Cash on Delivery')).toBeVisible();
    await expect(page.getByRole('cell', { name: new RegExp(name) })).toBeVisible();
    const steps = page.getByRole('group', { name: 'Next steps' });
    for (const [button, status] of [
      ['VERIFY', 'Verified'],
      ['FOR PREPARATION', 'For Preparation'],
      ['FOR DELIVERY', 'For Delivery'],
      ['DELIVERED', 'Delivered'],
    ] as const) {
      await steps.getByRole('button', { name: button, exact: true }).click();
      await expect(toastWith(page, `Order moved to ${status}.`)).toBeVisible({ timeout: 30_000 });
    }
    // Delivered is the end: no more steps; each step is on the timeline.
    await expect(steps).toBeHidden();
    for (const status of ['Pending', 'Verified', 'For Preparation', 'For Delivery', 'Delivered']) {
      await expect(page.getByText(status, { exact: true }).last()).toBeVisible();
    }

    // The order left the Pending filter and is under Delivered.
    await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Delivered', exact: true }).click();
    await expect(page.getByRole('link', { name: reference })).toBeVisible();

    // Logout ends the seller session only.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/seller-center\/login$/);
    await page.goto('/seller-center/orders');
    await expect(page).toHaveURL(/\/seller-center\/login$/);
  });

  test('deny an order with a reason in a confirmation dialog', async ({ page, request }) => {
    test.setTimeout(120_000);
    // One of the demo shop's products without variations, in stock.
    const login = await request.post('/api/v1/auth/login', { data: { email: seller, password: demo.password } });
    const sellerHeaders = { authorization: `Bearer ${(await login.json()).token as string}` };
    const list = (await (
      await request.get('/api/v1/seller/products?status=active&pageSize=50', { headers: sellerHeaders })
    ).json()) as { items: { id: number; variations: number; stock: number }[] };
    const product = list.items.find((p) => p.variations === 0 && p.stock >= 5);
    expect(product, 'a simple product of the demo shop').toBeTruthy();
    const reference = await buyerOrders(request, product!.id, 1, { purchaseOrder: true });

    await sellerLogIn(page);
    await page.goto(`/seller-center/orders/${reference}`);
    await expect(page.getByRole('heading', { name: `Order ${reference}` })).toBeVisible();
    // Cash on delivery: no proof of payment. The buyer's purchase order opens in a new tab, fetched with the
    // seller's token (the stored file is not public).
    await expect(page.getByText('None', { exact: true })).toBeVisible();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'View purchase order' }).click();
    const tab = await popup;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
    await page.getByRole('button', { name: 'DENY', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Deny this order?' });
    await dialog.getByRole('button', { name: 'DENY ORDER' }).click();
    await expect(dialog.getByText('Please give a reason for denying this order.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The item is no longer available.');
    await dialog.getByRole('button', { name: 'DENY ORDER' }).click();
    // Both at once: the toast closes itself after 2 s (providers.tsx), which a slow wait for the dialog to close can outlast.
    await Promise.all([expect(dialog).toBeHidden(), expect(toastWith(page, 'Order moved to Denied.')).toBeVisible()]);
    await expect(page.getByText('The item is no longer available.').first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Next steps' })).toBeHidden();
  });

  test('the seller center fits a phone @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await sellerLogIn(page);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Seller Center' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    expect(await fits()).toBe(true);
    await page.goto('/seller-center/products/new');
    await expect(page.getByRole('heading', { name: 'Add product' })).toBeVisible();
    expect(await fits()).toBe(true);
  });
});
