import type { APIRequestContext, Page } from '@playwright/test';
import { demo, demoHeaders, manilaDatePlus, signInByApi, skipHomePopup } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// After the order (spec 2: Order history (MY ORDERS), Order detail modal, Order-again confirmation modal, Order
// tracking; §4 Reviews, Order again; §8 messages). Orders are placed through the API with the demo buyer's token and
// moved along by the demo seller through the seller center's HTTP routes; the buyer's screens are driven in the page.

const sellerEmail = 'seller@tibay.test';

interface SellerProduct {
  id: number;
  name: string;
  stock: number;
  variations: number;
  is_active: boolean;
}

/** An active, in-stock product without variations of the demo seller's own shop; `skip` picks a later one. */
async function sellerProduct(request: APIRequestContext, seller: Record<string, string>, skip = 0) {
  const res = await request.get('/api/v1/seller/products?status=active&pageSize=50', { headers: seller });
  expect(res.ok(), await res.text()).toBe(true);
  const items = ((await res.json()) as { items: SellerProduct[] }).items.filter(
    (p) => p.is_active && p.variations === 0 && p.stock > 5,
  );
  expect(items.length, 'a simple in-stock product of the demo seller').toBeGreaterThan(skip);
  return items[skip] as SellerProduct;
}

/** The demo buyer places a cash-on-delivery order of one product (the cart is emptied first). */
async function placeCodOrder(request: APIRequestContext, buyer: Record<string, string>, productId: number) {
  const cart = (await (await request.get('/api/v1/cart', { headers: buyer })).json()) as { cart: { id: number }[] };
  if (cart.cart.length > 0) {
    await request.post('/api/v1/cart/items/remove', { headers: buyer, data: { cart_ids: cart.cart.map((l) => l.id) } });
  }
  const added = await request.post('/api/v1/cart/items', {
    headers: buyer,
    data: { product_id: productId, quantity: 2 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const lineId = ((await added.json()) as { cart_item: { id: number } }).cart_item.id;
  const placed = await request.post('/api/v1/checkout', {
    headers: { ...buyer, 'idempotency-key': crypto.randomUUID() },
    multipart: {
      data: JSON.stringify({
        cart_item_ids: [lineId],
        address: 'Unit 5, 123 Shaw Boulevard, Mandaluyong City, Metro Manila',
        latitude: 14.5794,
        longitude: 121.0359,
        shipping_type: 'standard',
        schedule_date: manilaDatePlus(3),
        payment_method: 'cod',
      }),
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return ((await placed.json()) as { orders: { reference: string }[] }).orders[0]!.reference;
}

async function moveTo(request: APIRequestContext, seller: Record<string, string>, reference: string, steps: string[]) {
  for (const to of steps) {
    const moved = await request.post(`/api/v1/seller/orders/${reference}/status`, { headers: seller, data: { to } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
}

function toastWith(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function signIn(page: Page) {
  await signInByApi(page, demo.buyer, demo.password);
  await skipHomePopup(page);
}

test('a delivered order: the buyer finds it under DELIVERED, reviews it once, and the review shows on the item page', async ({
  page,
  request,
}) => {
  const buyer = await demoHeaders(request, demo.buyer);
  const seller = await demoHeaders(request, sellerEmail);
  const product = await sellerProduct(request, seller);
  const reference = await placeCodOrder(request, buyer, product.id);
  await moveTo(request, seller, reference, ['Verified', 'For Preparation', 'For Delivery', 'Delivered']);

  await signIn(page);
  await page.goto('/Order?filter=ALL');
  await expect(page.getByRole('heading', { level: 1, name: 'MY ORDERS' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Order status' });
  for (const name of [
    'ALL',
    'PENDING',
    'VERIFIED',
    'FOR PREPARATION',
    'FOR DELIVERY',
    'DELIVERED',
    'RECEIVED (PICK-UP)',
    'DENIED',
  ]) {
    await expect(tabs.getByRole('tab', { name, exact: true })).toBeVisible();
  }
  await tabs.getByRole('tab', { name: 'DELIVERED', exact: true }).click();
  await expect(page).toHaveURL(/filter=DELIVERED/);
  const card = page.getByRole('article', { name: `Order ${reference}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(`TRACKING ORDER: #${reference}`)).toBeVisible();
  await expect(card.getByText('DELIVERED', { exact: true })).toBeVisible();
  await expect(card.getByText(product.name)).toBeVisible();
  await expect(card.getByText('Quantity: 2')).toBeVisible();

  // Not under PENDING any more.
  await tabs.getByRole('tab', { name: 'PENDING', exact: true }).click();
  await expect(page.getByRole('article', { name: `Order ${reference}` })).toHaveCount(0);
  await tabs.getByRole('tab', { name: 'DELIVERED', exact: true }).click();

  await page
    .getByRole('article', { name: `Order ${reference}` })
    .getByRole('button', { name: 'CHECK FULL DETAILS' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'ORDER DETAILS' });
  await expect(dialog.getByText(reference, { exact: true })).toBeVisible();
  await expect(dialog.getByText('Cash on Delivery')).toBeVisible();
  for (const label of ['Verified', 'Preparation', 'Delivery', 'Delivered', 'Delivery location', 'Voucher amount']) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  }
  const submit = dialog.getByRole('button', { name: 'SUBMIT REVIEW' });
  await expect(submit).toBeDisabled();
  const stars = dialog.getByRole('radiogroup', { name: `Rating for ${product.name}` });
  // The star inputs are visually hidden behind their star labels: choose one from the keyboard.
  await stars.getByRole('radio', { name: '4 stars' }).focus();
  await page.keyboard.press('Space');
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
  const comment = `Sturdy and on time ${Date.now()}`;
  await dialog.getByLabel(`Review of ${product.name}`).fill(comment);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toastWith(page, 'Your reviews has been submitted!')).toBeVisible();
  // Read again after a second: the review is shown read-only.
  await expect(dialog.getByText(`Your rating of ${product.name}`)).toBeVisible();
  await expect(dialog.getByText(comment)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'SUBMIT REVIEW' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto(`/item/${product.id}`);
  await expect(page.getByText(comment).first()).toBeVisible({ timeout: 30_000 });
});

test('order again replaces the cart; search finds an order by reference', async ({ page, request }) => {
  const buyer = await demoHeaders(request, demo.buyer);
  const seller = await demoHeaders(request, sellerEmail);
  const product = await sellerProduct(request, seller, 1);
  const reference = await placeCodOrder(request, buyer, product.id);

  await signIn(page);
  await page.goto('/Order');
  await page.getByLabel('Search orders').fill(reference);
  const card = page.getByRole('article', { name: `Order ${reference}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card.getByText('PENDING', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'ORDER AGAIN' }).click();
  const confirm = page.getByRole('dialog', { name: 'Do you want to repeat this order?' });
  await expect(confirm.getByText(/cart will be cleared and replaced/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await card.getByRole('button', { name: 'ORDER AGAIN' }).click();
  await page
    .getByRole('dialog', { name: 'Do you want to repeat this order?' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(toastWith(page, 'You order this Item again')).toBeVisible();
  const cart = (await (await request.get('/api/v1/cart', { headers: buyer })).json()) as {
    cart: { product_id: number; quantity: number }[];
  };
  expect(cart.cart).toEqual([expect.objectContaining({ product_id: product.id, quantity: 2 })]);
  const badge = page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).locator('xpath=..');
  await expect(badge).toHaveText('1');

  await page.getByLabel('Search orders').fill('no such order at all');
  await expect(page.getByText('No order found...')).toBeVisible();
});

test('track an order on /TrackOrder: found with its billing email, NO ORDER FOUND otherwise', async ({
  page,
  request,
}) => {
  const buyer = await demoHeaders(request, demo.buyer);
  const seller = await demoHeaders(request, sellerEmail);
  const product = await sellerProduct(request, seller, 2);
  const reference = await placeCodOrder(request, buyer, product.id);
  await moveTo(request, seller, reference, ['Verified']);

  await signIn(page);
  await page.goto('/TrackOrder');
  await expect(page.getByLabel('Order ID')).toHaveAttribute('placeholder', /^ORD\d{14}$/);
  await page.getByLabel('Order ID').fill(reference);
  await page.getByLabel('Billing email').fill('someone.else@example.test');
  await page.getByRole('button', { name: 'TRACK MY ORDER' }).click();
  const none = page.getByRole('dialog', { name: 'NO ORDER FOUND' });
  await expect(none.getByText(/Please check back later, as your order may still be processing/)).toBeVisible();
  await none.getByRole('button', { name: 'OK' }).click();

  await page.getByLabel('Billing email').fill(demo.buyer.toUpperCase());
  await page.getByRole('button', { name: 'TRACK MY ORDER' }).click();
  await expect(page.getByRole('region', { name: 'Map of the seller and the delivery location' })).toBeVisible();
  const progress = page.getByLabel('Order progress');
  await expect(progress.getByText('Verified', { exact: true })).toBeVisible();
  await expect(progress.getByText('For Delivery', { exact: true })).toBeVisible();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
  await expect(page.getByText('VERIFIED', { exact: true })).toBeVisible();
});

test('MY ORDERS at phone width: tabs, search, order cards and the detail modal @phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const buyer = await demoHeaders(request, demo.buyer);
  const seller = await demoHeaders(request, sellerEmail);
  const product = await sellerProduct(request, seller, 3);
  const reference = await placeCodOrder(request, buyer, product.id);

  await signIn(page);
  await page.goto('/Order?filter=PENDING');
  await expect(page.getByRole('tab', { name: 'PENDING', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByPlaceholder('Search orders...')).toBeVisible();
  const card = page.getByRole('article', { name: `Order ${reference}` });
  await expect(card.getByRole('button', { name: 'CHECK FULL DETAILS' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'ORDER AGAIN' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await card.getByRole('button', { name: 'CHECK FULL DETAILS' }).click();
  const dialog = page.getByRole('dialog', { name: 'ORDER DETAILS' });
  await expect(dialog.getByText(reference, { exact: true })).toBeVisible();
  await expect(dialog.getByText('PENDING', { exact: true })).toBeVisible();
  // Not delivered: no review form.
  await expect(dialog.getByRole('button', { name: 'SUBMIT REVIEW' })).toHaveCount(0);
});
