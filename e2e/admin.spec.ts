import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { demo, demoHeaders, manilaDatePlus, sandboxGatewaySecret, signInAdminByApi } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expect, test } from './support/test.ts';

// Admin back-office (spec 3 §2.1 /admin-v2 with the sidebar Dashboard, Sales, Purchasing, Inventory; §3 Admin
// session in an httpOnly cookie; §4 'Not Authorized!' and back to /). The bank-transfer order is placed by the demo
// buyer through the API; the administrator works in the page.

const admin = 'admin@tibay.test';

/** A 1x1 PNG: the bank transfer's proof of payment. */
const proofPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The demo buyer pays one in-stock product of the demo seller by bank transfer with a proof image. */
async function placeBankTransferOrder(request: APIRequestContext): Promise<string> {
  return (await placeDemoOrder(request, 'bank_transfer')).reference;
}

/** The demo buyer orders one in-stock product of the demo seller: by bank transfer, or online (GCash). */
async function placeDemoOrder(
  request: APIRequestContext,
  method: 'bank_transfer' | 'online',
): Promise<{ reference: string; paymentUrl: string | null; total: number }> {
  const seller = await demoHeaders(request, 'seller@tibay.test');
  const products = await request.get('/api/v1/seller/products?status=active&pageSize=50', { headers: seller });
  expect(products.ok(), await products.text()).toBe(true);
  const product = (
    (await products.json()) as { items: { id: number; stock: number; variations: number; is_active: boolean }[] }
  ).items.find((p) => p.is_active && p.variations === 0 && p.stock > 5);
  expect(product, 'a simple in-stock product of the demo seller').toBeTruthy();

  const buyer = await demoHeaders(request, demo.buyer);
  const cart = (await (await request.get('/api/v1/cart', { headers: buyer })).json()) as { cart: { id: number }[] };
  if (cart.cart.length > 0) {
    await request.post('/api/v1/cart/items/remove', { headers: buyer, data: { cart_ids: cart.cart.map((l) => l.id) } });
  }
  const added = await request.post('/api/v1/cart/items', {
    headers: buyer,
    data: { product_id: product!.id, quantity: 1 },
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
        payment_method: method,
        ...(method === 'online' ? { payment_channel: 'gcash' } : {}),
      }),
      ...(method === 'bank_transfer'
        ? { proof_of_payment: { name: 'receipt.png', mimeType: 'image/png', buffer: proofPng } }
        : {}),
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const result = (await placed.json()) as {
    orders: { reference: string }[];
    fees: { grand_total: number };
    payment: { payment_url: string | null };
  };
  return {
    reference: result.orders[0]!.reference,
    paymentUrl: result.payment.payment_url,
    total: result.fees.grand_total,
  };
}

async function adminLogIn(page: Page) {
  await page.goto('/admin-v2/login');
  await page.getByLabel('Email').fill(admin);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(page).toHaveURL(/\/admin-v2\/dashboard$/, { timeout: 30_000 });
}

test('admin logs in, opens a bank-transfer order from Sales, sees its proof of payment and verifies it', async ({
  page,
  request,
}) => {
  const reference = await placeBankTransferOrder(request);
  await adminLogIn(page);

  // The session is an httpOnly cookie: scripts cannot read it, and no token is in the URL.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'tibay_admin')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('tibay_admin');

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Orders today')).toBeVisible();
  await expect(page.getByRole('img', { name: /Sales by day/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  for (const item of ['Dashboard', 'Sales', 'Purchasing', 'Inventory']) {
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
  }

  await menu.getByRole('link', { name: 'Sales', exact: true }).click();
  await expect(page).toHaveURL(/\/admin-v2\/sales$/);
  await page.getByLabel('Search').fill(reference);
  await page.getByRole('link', { name: reference }).click();

  await expect(page.getByRole('heading', { name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByText('Bank Transfer')).toBeVisible();
  const proof = page.getByRole('img', { name: `Proof of payment for order ${reference}` });
  await expect(proof).toBeVisible();
  // The image really loaded (served to the admin session only).
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.getByRole('group', { name: 'Next steps' }).getByRole('button', { name: 'VERIFY' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The order is now Verified.' })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'VERIFY' })).toHaveCount(0);

  // The list shows it as Verified too, with its total in 2 decimals.
  await page.getByRole('link', { name: 'Sales', exact: true }).first().click();
  await page.getByLabel('Search').fill(reference);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('Verified')).toBeVisible();
  await expect(row.getByText(/₱[\d,]+\.\d{2}$/)).toBeVisible();
});

test('deny asks for a reason in a dialog before denying the order', async ({ page, request }) => {
  const reference = await placeBankTransferOrder(request);
  await signInAdminByApi(page);
  await page.goto(`/admin-v2/sales/${reference}`);
  await page.getByRole('button', { name: 'DENY' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deny this order?' });
  await dialog.getByRole('button', { name: 'DENY ORDER' }).click();
  await expect(dialog.getByText('Please give a reason for denying this order.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The transfer slip is unreadable.');
  await dialog.getByRole('button', { name: 'DENY ORDER' }).click();
  // Both at once: the toast closes itself after 2 s (providers.tsx), which a slow wait for the dialog to close can outlast.
  await Promise.all([
    expect(dialog).toBeHidden(),
    expect(page.getByRole('alert').filter({ hasText: 'The order is now Denied.' })).toBeVisible(),
  ]);
  await expect(page.getByText('The transfer slip is unreadable.').first()).toBeVisible();
});

test('a payment that came after its order expired is listed as a refund due and recorded as refunded', async ({
  page,
  request,
}) => {
  const { reference, paymentUrl, total } = await placeDemoOrder(request, 'online');
  const sessionId = new URL(paymentUrl!).pathname.split('/').pop()!;
  // The buyer lets the sandbox session expire: the order ends as Payment Expired.
  const expired = await request.post(`/sandbox-gateway/${sessionId}/expire`, { maxRedirects: 0 });
  expect(expired.status()).toBe(303);
  // Then the gateway reports the money paid anyway (a signed webhook, as a real gateway's late notice would be).
  const sentAt = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: `evt_e2e_${crypto.randomUUID()}`,
    type: 'payment.paid',
    created: sentAt,
    data: { session_id: sessionId, reference, amount: total },
  });
  const signature = createHmac('sha256', sandboxGatewaySecret).update(`${sentAt}.${body}`).digest('hex');
  const late = await request.post('/api/v1/payments/webhooks/sandbox', {
    headers: { 'content-type': 'application/json', 'sandbox-signature': `t=${sentAt},v1=${signature}` },
    data: body,
  });
  expect(await late.json()).toMatchObject({ result: 'settled', detail: 'refund due' });

  await signInAdminByApi(page);
  await page.goto('/admin-v2/dashboard');
  const notice = page.getByRole('alert').filter({ hasText: 'Payments to refund' });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'See the orders to refund' }).click();
  await expect(page).toHaveURL(/\/admin-v2\/sales\?payment_status=refund_due$/);
  await expect(page.getByRole('combobox', { name: 'Payment status' })).toHaveValue('Refund due');
  await page.getByRole('link', { name: reference }).click();

  await expect(page.getByRole('heading', { name: `Order ${reference}` })).toBeVisible();
  const due = page.getByRole('alert').filter({ hasText: 'Refund due' });
  await expect(due).toContainText('after the order had ended (Payment Expired)');
  await due.getByRole('button', { name: 'MARK AS REFUNDED' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record the refund?' });
  await dialog.getByRole('button', { name: 'CANCEL' }).click();
  await expect(dialog).toBeHidden();
  await due.getByRole('button', { name: 'MARK AS REFUNDED' }).click();
  await dialog.getByRole('button', { name: 'RECORD REFUND' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The refund is recorded.' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment refunded' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'MARK AS REFUNDED' })).toHaveCount(0);
});

test('an admin page opened signed out goes to the admin login and back after signing in @phone', async ({ page }) => {
  await page.goto('/admin-v2/sales?status=ALL');
  // The page asks the server first (a busy machine may take a while); the toast then shows for 2 s.
  await expect(page.getByRole('alert').filter({ hasText: 'Not Authorized!' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin-v2\/login\?returnUrl=%2Fadmin-v2%2Fsales%3Fstatus%3DALL$/);
  await page.getByLabel('Email').fill(admin);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(page).toHaveURL(/\/admin-v2\/sales\?status=ALL$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the admin login never returns to a page outside the back office', async ({ page }) => {
  await page.goto('/admin-v2/login?returnUrl=%2F%2Fevil.example%2Fadmin-v2');
  await page.getByLabel('Email').fill(admin);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(page).toHaveURL(/\/admin-v2\/dashboard$/, { timeout: 30_000 });
});

test('a buyer signed in to the shop is not an admin: Not Authorized!', async ({ page, request }) => {
  const buyer = await request.post('/api/v1/auth/login', { data: { email: demo.buyer, password: demo.password } });
  expect(buyer.ok()).toBe(true);
  await page.goto('/admin-v2/login');
  await page.getByLabel('Email').fill(demo.buyer);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not Authorized!' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/admin-v2/dashboard');
  await expect(page).toHaveURL(/\/admin-v2\/login\?returnUrl=%2Fadmin-v2%2Fdashboard$/);
});

test('logout ends the admin session', async ({ page }) => {
  await signInAdminByApi(page);
  await page.goto('/admin-v2/dashboard');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin-v2\/login$/);
  await page.goto('/admin-v2/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'Not Authorized!' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin-v2\/login\?returnUrl=%2Fadmin-v2%2Fdashboard$/);
});

test('the admin menu groups its links in labelled sections, every link by its own name @phone', async ({ page }) => {
  await signInAdminByApi(page);
  await page.goto('/admin-v2/dashboard');
  const phone = (page.viewportSize()?.width ?? 1366) < 768;
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  const sections: Record<string, string[]> = {
    Overview: ['Dashboard'],
    'Orders and stock': ['Sales', 'Sales import', 'Purchasing', 'Inventory'],
    Customers: ['Support', 'Profiles', 'BuildCredit', 'Credit payments'],
    'Sellers and site': ['Seller registrations', 'Search synonyms'],
  };
  for (const [label, links] of Object.entries(sections)) {
    await expect(menu.getByRole('heading', { name: label, exact: true })).toBeVisible();
    // Each section is a list named by its heading, so a screen reader says which group a link is in.
    const list = menu.getByRole('list', { name: label, exact: true });
    await expect(list.getByRole('link')).toHaveCount(links.length);
    for (const name of links) await expect(list.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page, 'the admin menu');
  // On a phone the whole menu is reachable (it scrolls) and nothing is wider than the screen.
  await menu.getByRole('link', { name: 'Search synonyms', exact: true }).scrollIntoViewIfNeeded();
  await expect(menu.getByRole('link', { name: 'Search synonyms', exact: true })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await menu.getByRole('link', { name: 'Seller registrations', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seller registrations' })).toBeVisible();
});
