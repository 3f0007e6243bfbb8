import type { APIRequestContext, Page } from '@playwright/test';
import { demo, demoHeaders, signInByApi, skipHomePopup } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// The payment step's order and layout (issue 11 item 7): the methods that can pay come first, the others are
// listed apart with their reason, and PAY with the total is always within reach (beside the summary on a wide
// screen, in a bar at the bottom of a phone). Shares the demo buyer's cart with checkout.spec.ts: empties it first.

async function oneItemInCart(request: APIRequestContext) {
  const headers = await demoHeaders(request);
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { cart: { id: number }[] };
  if (cart.cart.length > 0) {
    const removed = await request.post('/api/v1/cart/items/remove', {
      headers,
      data: { cart_ids: cart.cart.map((line) => line.id) },
    });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
  const search = await request.get('/api/v1/search?q=cement&pageSize=9&availability=inStock');
  const { items } = (await search.json()) as { items: { id: number; has_variations: boolean }[] };
  const product = items.find((item) => !item.has_variations);
  expect(product, 'a cement without variations in the demo data').toBeTruthy();
  const added = await request.post('/api/v1/cart/items', { headers, data: { product_id: product!.id, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
}

/** Signs in, checks out the cart's line with the preselected shipping, and opens the payment step. */
async function openPaymentStep(page: Page) {
  await signInByApi(page, demo.buyer, demo.password);
  await skipHomePopup(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).click();
  const cart = page.getByRole('dialog', { name: /MY CART/ });
  await expect(cart.getByRole('checkbox').first()).toBeVisible({ timeout: 30_000 });
  // Lines just added arrive marked (stored with the cart).
  await expect(cart.getByRole('checkbox').first()).toBeChecked();
  await cart.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  // The shipping fees are in and a method is chosen (the cheapest that meets the date), then the summary.
  const chosen = page.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio', { checked: true });
  await expect(chosen).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByText('Grand total')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'PROCEED TO PAYMENT METHOD' }).click();
  await expect(page).toHaveURL(/\/paymentmethod$/);
  await expect(page.getByRole('radiogroup', { name: 'Payment method' })).toBeVisible({ timeout: 30_000 });
  // The bank's promotional popup opens once per browser after 700 ms: close it when it shows.
  const promo = page.getByRole('dialog');
  await promo
    .first()
    .waitFor({ timeout: 3_000 })
    .then(() => page.keyboard.press('Escape'))
    .catch(() => undefined);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The methods the buyer can choose, then those listed as not available, in the order shown. */
async function shownMethods(page: Page) {
  const radios = page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio');
  const unavailable = page.getByRole('region', { name: 'Not available for this order' }).getByRole('listitem');
  return {
    choosable: await radios.evaluateAll((els) =>
      els.map((el) => ({ value: (el as HTMLInputElement).value, disabled: (el as HTMLInputElement).disabled })),
    ),
    unavailable: await unavailable.allTextContents(),
  };
}

test.describe('payment step: order of the methods and PAY within reach', () => {
  test.beforeEach(async ({ request }) => {
    await oneItemInCart(request);
  });

  test('available methods first, unavailable ones apart with their reason; PAY stays beside the summary', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await openPaymentStep(page);
    const { choosable, unavailable } = await shownMethods(page);
    // Every radio can be chosen: nothing unavailable sits among (or before) the choices.
    expect(choosable.length).toBeGreaterThan(0);
    expect(choosable.every((method) => !method.disabled)).toBe(true);
    expect(choosable.map((method) => method.value)).toContain('cod');
    // The demo buyer has no Hardware Credit: listed apart, with the reason.
    expect(unavailable).toContain('Hardware Credit · You have no Hardware Credit line that can pay this order.');
    expect(choosable.map((method) => method.value)).not.toContain('hardware_credit');
    // The unavailable list comes after the last choice.
    const lastChoice = await page
      .getByRole('radiogroup', { name: 'Payment method' })
      .getByRole('radio')
      .last()
      .boundingBox();
    const list = await page.getByRole('region', { name: 'Not available for this order' }).boundingBox();
    expect(list!.y).toBeGreaterThan(lastChoice!.y);

    const pay = page.getByRole('button', { name: /^PAY ₱/ });
    await expect(pay).toBeInViewport();
    await page.getByLabel('Purchase order (optional)').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await expect(pay).toBeInViewport();
    // PAY shows the order summary's grand total.
    const total = await page
      .getByRole('region', { name: 'Order summary' })
      .getByText(/^₱[\d,]+\.\d{3}$/)
      .last()
      .textContent();
    await expect(pay).toHaveText(`PAY ${total}`);
  });

  test('on a phone PAY is in a bar at the bottom, in view from the start to the end of the page @phone', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openPaymentStep(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const bar = page.getByRole('region', { name: 'Pay' });
    const pay = bar.getByRole('button', { name: /^PAY ₱/ });
    await expect(pay).toBeInViewport();
    // Choosing a method is done without scrolling past the unavailable ones: every choice is a radio that works.
    const { choosable } = await shownMethods(page);
    expect(choosable.every((method) => !method.disabled)).toBe(true);
    await page
      .getByRole('radiogroup', { name: 'Payment method' })
      .getByRole('radio', { name: 'Cash on Delivery' })
      .check();
    await expect(pay).toBeInViewport();
    // At the end of the page PAY is still there, and the last field is not hidden behind the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(pay).toBeInViewport();
    const barBox = await bar.boundingBox();
    const summaryEnd = await page.getByRole('region', { name: 'Order summary' }).boundingBox();
    expect(summaryEnd!.y + summaryEnd!.height).toBeLessThanOrEqual(barBox!.y);
    // The bar's Summary link brings the order summary into view.
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole('link', { name: 'Summary' }).click();
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeInViewport();
    // PAY from the bar places the order.
    await pay.click();
    await expect(page).toHaveURL(/\/confirmpayment\?key=\d+$/, { timeout: 30_000 });
  });
});
