import { createVerifiedCustomer, demoHeaders, signInByApi, skipHomePopup } from './support/accounts.ts';
import {
  addByApi,
  checkoutFromCart,
  descriptionOf,
  emptyCart,
  method,
  payOnline,
  pesos,
  pickerDatePlus,
  proofPng,
  signIn,
  simpleProduct,
  startOnline,
  toastWith,
  toPayment,
} from './support/checkout.ts';
import { expect, test } from './support/test.ts';

// Checkout and payment (spec 2: Checkout delivery, Checkout payment, Order complete page, Gateway return pages;
// §4 Checkout flow, Payment notice, Order payment result; §5; §8). The demo buyer has a complete profile, an
// address and BuildCredit. Tests in this file share the buyer's cart, so each one empties it first.

test.describe('checkout', () => {
  test.beforeEach(async ({ request }) => {
    await emptyCart(request, await demoHeaders(request));
  });

  test('add to cart, checkout with Standard Shipping, Bank Transfer with a proof image: ORDER COMPLETE', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const product = await simpleProduct(request);
    await signIn(page);
    await page.goto(`/item/${product.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(toastWith(page, 'Item added to cart.')).toBeVisible({ timeout: 30_000 });

    await checkoutFromCart(page);
    await expect(page.getByRole('link', { name: 'CHANGE MY ADDRESS' })).toHaveAttribute(
      'href',
      /\/change-address\/\d+\?returnUrl=%2Fcheckout$/,
    );
    await expect(page.getByRole('main').getByRole('link', { name: /BuildCredit/ })).toHaveAttribute(
      'href',
      '/Buildcredit',
    );
    await expect(page.getByRole('link', { name: 'Back to shop' })).toHaveAttribute('href', '/shop');
    // Each method has its earliest date; changing the method resets the date to it.
    await expect(page.getByLabel('Delivery date')).toHaveText(pickerDatePlus(3));
    const methods = page.getByRole('radiogroup', { name: 'Shipping method' });
    // Transportify and Lalamove (2 days) are offered when their courier quotes this order.
    for (const courier of [/Transportify/, /Lalamove/]) {
      const radio = methods.getByRole('radio', { name: courier });
      if (await radio.isDisabled()) continue;
      await radio.check();
      await expect(page.getByLabel('Delivery date')).toHaveText(pickerDatePlus(2));
      break;
    }
    await methods.getByRole('radio', { name: /Pick-up/ }).check();
    await expect(page.getByLabel('Pick-up date')).toHaveText(pickerDatePlus(3));
    await methods.getByRole('radio', { name: /Standard Shipping/ }).check();
    await expect(page.getByLabel('Delivery date')).toHaveText(pickerDatePlus(3));
    await toPayment(page);

    // No method: the spec's message. Bank Transfer without a proof: the proof message.
    await page.getByRole('button', { name: /^PAY/ }).click();
    await expect(toastWith(page, 'Please Select Payment Method')).toBeVisible();
    await method(page, 'Bank Transfer').check();
    await page.getByRole('button', { name: /^PAY/ }).click();
    await expect(toastWith(page, 'Kindly submit your proof of payment to proceed with your order.')).toBeVisible();
    await page.getByRole('button', { name: 'SHOW INSTRUCTION' }).click();
    const instructions = page.getByRole('dialog', { name: 'Bank transfer instructions' });
    await expect(instructions.getByText(/Account number:/)).toBeVisible();
    await instructions.getByRole('button', { name: 'OK' }).click();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /Proof of payment/ }).click();
    await (await chooser).setFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: proofPng });
    await page.getByRole('button', { name: /^PAY/ }).click();

    await expect(page).toHaveURL(/\/confirmpayment\?key=\d+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'ORDER COMPLETE' })).toBeVisible();
    await expect(page.getByText('PLEASE WAIT FOR ORDER CONFIRMATION THROUGH EMAIL')).toBeVisible();
    await expect(page.getByText(/^ORD\d{14}$/).first()).toBeVisible();
    await expect(page.getByRole('img', { name: /^QR code of order ORD\d{14}$/ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'CONTINUE SHOPPING' })).toHaveAttribute('href', '/shopbyseller?page=1');
    await page.getByRole('button', { name: 'SHOW INSTRUCTION' }).click();
    await expect(page.getByRole('dialog', { name: 'Payment instructions' })).toBeVisible();
    // The cart badge follows: the ordered line left the cart.
    const badge = page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).locator('xpath=..');
    await expect(badge).toHaveText('0');
  });

  test('online payment through the sandbox gateway: PAYMENT SUCCESSFUL', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    await addByApi(request, await demoHeaders(request));
    await signIn(page);
    await checkoutFromCart(page);
    await toPayment(page);
    await payOnline(page, context, 'Pay');
    await expect(page.getByRole('heading', { name: 'PAYMENT SUCCESSFUL' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('PLEASE STANDBY FOR PREPARATION')).toBeVisible();
    await expect(page).toHaveURL(/\/payment\/success\?ref=ORD\d{14}$/);
    // The stored summary of the paid order: YOU'RE ALMOST THERE! for Online Payment.
    await page.getByRole('link', { name: 'VIEW ORDER' }).click();
    await expect(page.getByRole('heading', { level: 1, name: "YOU'RE ALMOST THERE!" })).toBeVisible();
  });

  test('a payment cancelled at the gateway: PAYMENT CANCELLED', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    await addByApi(request, await demoHeaders(request), 1);
    await signIn(page);
    await checkoutFromCart(page);
    await toPayment(page);
    await payOnline(page, context, 'Cancel');
    await expect(page.getByRole('heading', { name: 'PAYMENT CANCELLED' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('YOUR PAYMENT WAS NOT PROCESSED')).toBeVisible();
    await expect(page).toHaveURL(/\/payment\/cancelled\?ref=ORD\d{14}$/);
  });

  test('the checkout page watches an open gateway payment and moves to /confirmpayment when it is paid', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    await addByApi(request, await demoHeaders(request), 2);
    await signIn(page);
    await checkoutFromCart(page);
    await toPayment(page);
    const gateway = await startOnline(page, context);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'DELIVERY INFORMATION' })).toBeVisible();
    await gateway.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(gateway.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await gateway.close();
    // Checked every 5 s.
    await expect(page).toHaveURL(/\/confirmpayment\?key=\d+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: "YOU'RE ALMOST THERE!" })).toBeVisible();
  });

  test('an order the server refuses to preview shows its message and goes home', async ({ page, request }) => {
    test.setTimeout(120_000);
    await addByApi(request, await demoHeaders(request));
    await signIn(page);
    // The cart changed on another device between reading it and pricing it: the server refuses.
    await page.route('**/api/v1/checkout/shipping-quotes', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'CONFLICT', message: 'Your cart has changed. Please review your order.' },
        }),
      }),
    );
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'DELIVERY INFORMATION' })).toBeVisible();
    await expect(page.getByRole('alert').first()).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  });

  test('a Build Credit purchase lowers the shown balance', async ({ page, request }) => {
    test.setTimeout(180_000);
    const headers = await demoHeaders(request);
    await addByApi(request, headers);
    await signIn(page);
    await checkoutFromCart(page);
    await toPayment(page);
    const before = await descriptionOf(page, 'Build Credit');
    expect(before).toMatch(/Balance: ₱[\d,]+\.\d{2}$/);
    const grandTotal = pesos((await page.getByRole('button', { name: /^PAY/ }).textContent()) ?? '');
    expect(grandTotal).toBeGreaterThan(0);
    await method(page, 'Build Credit').check();
    await page.getByRole('button', { name: /^PAY/ }).click();
    await expect(page).toHaveURL(/\/confirmpayment\?key=\d+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'ORDER COMPLETE' })).toBeVisible();

    // The ordered lines are no longer waiting for checkout.
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'DELIVERY INFORMATION' })).toBeVisible();
    await page.getByRole('button', { name: 'PROCEED TO PAYMENT METHOD' }).click();
    await expect(toastWith(page, 'Cart is empty')).toBeVisible();

    // The next checkout shows the balance less what was paid.
    await addByApi(request, headers);
    await page.goto('/shopbyseller?page=1');
    await checkoutFromCart(page);
    await toPayment(page);
    await expect
      .poll(async () => pesos(await descriptionOf(page, 'Build Credit')))
      .toBeCloseTo(pesos(before) - grandTotal, 2);
  });

  test('vouchers: a suggested one applies, a wrong code resets the discount; the card billing messages', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const headers = await demoHeaders(request);
    await addByApi(request, headers);
    await signIn(page);
    await checkoutFromCart(page);
    await toPayment(page);
    const summary = page.getByRole('region', { name: 'Order summary' });
    const voucherRow = summary
      .getByLabel('Fees')
      .getByText(/^(-)?₱[\d,.]+$/)
      .nth(2);
    await expect(voucherRow).toHaveText('₱0.000');

    // A suggested voucher without a minimum spend applies to any order.
    const suggested = await request.get('/api/v1/vouchers/suggested', { headers });
    const { vouchers } = (await suggested.json()) as { vouchers: { code: string; min_spend: number }[] };
    const open = vouchers.find((voucher) => voucher.min_spend === 0);
    expect(open, 'a suggested voucher without a minimum spend in the demo data').toBeTruthy();
    await page.getByRole('button', { name: `Use voucher ${open?.code}` }).click();
    await expect(toastWith(page, 'Voucher found')).toBeVisible();
    await expect(page.getByText('Applied')).toBeVisible();
    await expect(voucherRow).toHaveText(/^-₱/);

    await page.getByLabel('Voucher code').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'APPLY' }).click();
    await expect(toastWith(page, 'Voucher not found')).toBeVisible();
    await expect(voucherRow).toHaveText('₱0.000');

    await method(page, 'Credit / Debit Card').check();
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Philippines');
    await page.getByRole('button', { name: /^PAY/ }).click();
    for (const text of [
      'Please enter card holder first name',
      'Please enter card holder last name',
      'Please enter card holder billing address',
      'Please enter card holder billing city',
      'Please enter card holder billing zip',
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(page).toHaveURL(/\/paymentmethod$/);
  });

  test('an incomplete profile blocks checkout with a popup to complete it', async ({ page, request }) => {
    test.setTimeout(180_000);
    const account = await createVerifiedCustomer(request, 'checkoutbuyer');
    const login = await request.post('/api/v1/auth/login', {
      data: { email: account.email, password: account.password },
    });
    const { token, id } = (await login.json()) as { token: string; id: number };
    const headers = { authorization: `Bearer ${token}` };
    const saved = await request.put('/api/v1/me/address', {
      headers,
      data: {
        address: '24 Maginhawa Street, Teachers Village East, Quezon City',
        latitude: 14.6436,
        longitude: 121.0617,
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await addByApi(request, headers);
    await signInByApi(page, account.email, account.password);
    await skipHomePopup(page);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).click();
    const cart = page.getByRole('dialog', { name: /MY CART/ });
    await expect(cart.getByRole('checkbox').first()).toBeVisible({ timeout: 30_000 });
    // Lines just added are marked (stored with the cart).
    await expect(cart.getByRole('checkbox').first()).toBeChecked();
    await cart.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const popup = page.getByRole('dialog', { name: 'COMPLETE YOUR PROFILE' });
    await expect(popup).toBeVisible({ timeout: 30_000 });
    await expect(popup.getByRole('link', { name: 'COMPLETE PROFILE' })).toHaveAttribute(
      'href',
      `/complete-profile/${id}`,
    );
  });

  test('the checkout page fits a phone @phone', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await addByApi(request, await demoHeaders(request));
    await signIn(page);
    await checkoutFromCart(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const proceed = page.getByRole('button', { name: 'PROCEED TO PAYMENT METHOD' });
    await proceed.scrollIntoViewIfNeeded();
    await expect(proceed).toBeInViewport();
    const box = await proceed.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    // The order summary sits below the choices on a phone.
    const summary = await page.getByRole('heading', { name: 'Order summary' }).boundingBox();
    const methods = await page.getByRole('radiogroup', { name: 'Shipping method' }).boundingBox();
    expect(summary?.y ?? 0).toBeGreaterThan(methods?.y ?? 0);
  });
});
