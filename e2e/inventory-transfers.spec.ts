import type { Locator, Page } from '@playwright/test';
import { demoHeaders, manilaDatePlus, signInAdminByApi } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { placeCodOrder } from './support/orders.ts';
import { expect, test } from './support/test.ts';

// Back office II (issue 20; spec 3 §2.4, §5, §8): an inventory transfer between two demo sellers is requested,
// approved, and moves the stock on both sellers' item pages and in the inventory report; a bad stock transfer lowers
// an order's total. Runs on the freshly seeded demo data.

const shots = '../.tmp/screens';

interface Pick {
  seller: { id: number; company_name: string };
  product: { id: number; menu: string; price: number };
  stock: number;
}

async function storefrontStock(page: Page, productId: number): Promise<number> {
  await page.goto(`/item/${productId}`);
  const line = page.getByText(/^Stock: [\d,]+$/);
  await expect(line).toBeVisible({ timeout: 30_000 });
  return Number((await line.textContent())!.replace(/[^\d]/g, ''));
}

/** Two demo sellers' products without variations, the source one with at least 3 in stock (admin API). */
async function twoProducts(page: Page): Promise<[Pick, Pick]> {
  const found: Pick[] = [];
  const sellers = await (await page.request.get('/api/v1/admin/purchasing/sellers')).json();
  for (const seller of sellers.items as Pick['seller'][]) {
    const products = await (await page.request.get(`/api/v1/admin/purchasing/sellers/${seller.id}/products`)).json();
    for (const product of (products.items as Pick['product'][]).slice(0, 15)) {
      const detail = await page.request.get(`/api/v1/products/${product.id}`);
      if (!detail.ok()) continue;
      const body = await detail.json();
      if (body.product.variations.length > 0) continue;
      const stock = Number(body.product.stocks ?? 0);
      if (found.length === 0 && stock < 3) continue;
      found.push({ seller, product, stock });
      break;
    }
    if (found.length === 2) return [found[0]!, found[1]!];
  }
  throw new Error('no two demo sellers with simple products');
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The inventory report's row of a product for today and its seller: [opening, in, out, bad, closing]. */
async function reportRow(page: Page, seller: string, productId: number) {
  await page.goto('/inventory-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Report' })).toBeVisible({ timeout: 30_000 });
  const filters = page.getByRole('form', { name: 'Report filters' });
  await filters.getByLabel('Start date').fill(manilaDatePlus(0));
  await filters.getByLabel('End date').fill(manilaDatePlus(0));
  await choose(page, filters, 'Seller', seller);
  await filters.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Inventory Report' });
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: String(productId), exact: true }) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const [, , opening, stockIn, stockOut, bad, , closing] = await row.getByRole('cell').allTextContents();
  const n = (text: string | undefined) => Number(text!.replace(/,/g, ''));
  return { opening: n(opening), in: n(stockIn), out: n(stockOut), bad: n(bad), closing: n(closing) };
}

test('a transfer between sellers, approved, moves the stock on both item pages and in the inventory report', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAdminByApi(page);
  const [source, target] = await twoProducts(page);
  const sourceBefore = await storefrontStock(page, source.product.id);
  const targetBefore = await storefrontStock(page, target.product.id);
  const reportBefore = await reportRow(page, target.seller.company_name, target.product.id);

  await page.goto('/inventory-transfer');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Transfer Between Sellers' })).toBeVisible({
    timeout: 30_000,
  });
  const form = page.getByRole('form', { name: 'Inventory transfer' });
  const alert = (text: string) => page.getByRole('alert').filter({ hasText: text }).first();
  await form.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(alert('Please complete all fields')).toBeVisible();
  await choose(page, form, 'Source seller', source.seller.company_name);
  await choose(page, form, 'Target seller', source.seller.company_name);
  await form.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(alert('Source and target sellers must be different')).toBeVisible();
  await choose(page, form, 'Target seller', target.seller.company_name);
  await form.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(alert('Please complete all product fields')).toBeVisible();

  const row = form.getByRole('group', { name: 'Product 1' });
  // The search asks only after 3 characters.
  await row.getByLabel('Search source product (row 1)').fill(source.product.menu.slice(0, 2));
  await expect(row.getByLabel('Search source product (row 1)')).toHaveAccessibleDescription(
    'Type at least 3 characters',
  );
  await row.getByLabel('Search source product (row 1)').fill(source.product.menu);
  await expect(row.getByLabel('Search source product (row 1)')).toHaveAccessibleDescription(/^\d+ found$/);
  await choose(page, row, 'Source product (row 1)', source.product.menu);
  // Choosing the source product sets the quantity to its stock.
  await expect(row.getByText(`In stock: ${sourceBefore.toLocaleString('en-PH')}`)).toBeVisible();
  await expect(row.getByRole('textbox', { name: 'Quantity (row 1)' })).toHaveValue(
    sourceBefore.toLocaleString('en-PH'),
  );
  await row.getByLabel('Search target product (row 1)').fill(target.product.menu);
  await choose(page, row, 'Target product (row 1)', target.product.menu);
  // Changing the target seller clears the target product.
  await choose(page, form, 'Target seller', source.seller.company_name);
  await choose(page, form, 'Target seller', target.seller.company_name);
  await expect(row.getByRole('combobox', { name: 'Target product (row 1)' })).toHaveValue('');
  await row.getByLabel('Search target product (row 1)').fill(target.product.menu);
  await choose(page, row, 'Target product (row 1)', target.product.menu);
  await row.getByRole('textbox', { name: 'Quantity (row 1)' }).fill('2');
  // A second row can be added and removed.
  await form.getByRole('button', { name: '+ Add Another Product' }).click();
  await expect(form.getByRole('group', { name: 'Product 2' })).toBeVisible();
  await form.getByRole('button', { name: 'Remove product 2' }).click();
  await expect(form.getByRole('group', { name: 'Product 2' })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/inventory-transfer-1366.png`, fullPage: true });
  await form.getByRole('button', { name: 'Transfer', exact: true }).click();

  await expect(alert('Inventory request successfully submitted.')).toBeVisible();
  const created = page.getByRole('dialog', { name: 'Inventory request successfully submitted.' });
  await expect(created.getByText('Pending')).toBeVisible();
  await expect(created.getByText(source.seller.company_name)).toBeVisible();
  const id = (await created.getByText(/^Transfer ID: \d+$/).textContent())!.replace(/\D/g, '');
  await page.screenshot({ path: `${shots}/inventory-transfer-result-1366.png` });
  await created.getByRole('button', { name: 'Close' }).first().click();
  const pending = page.getByRole('table', { name: 'Pending transfers' });
  await expect(pending.getByRole('cell', { name: id, exact: true })).toBeVisible({ timeout: 30_000 });
  // Nothing moves before the approval.
  expect(await storefrontStock(page, source.product.id)).toBe(sourceBefore);

  // The dashboard counts it among what waits.
  await page.goto('/admin-v2/dashboard');
  await page.getByRole('link', { name: 'Inventory transfers to approve' }).click();
  await expect(page).toHaveURL(/\/admin-v2\/inventory\/approvals$/);

  await page.goto('/inventory-approval');
  const table = page.getByRole('table', { name: 'Inventory transfers' });
  const line = table.getByRole('row').filter({ has: page.getByRole('cell', { name: id, exact: true }) });
  await expect(line.getByText(`${source.product.menu} → ${target.product.menu}: 2`)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${shots}/inventory-approval-1366.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'the transfer approvals with a pending transfer');
  await line.getByRole('button', { name: `Approve transfer ${id}` }).click();
  await expect(alert('Transfer has been approved.')).toBeVisible();
  const result = page.getByRole('dialog', { name: 'Approved' });
  await expect(result.getByText(`Transfer ID: ${id}`)).toBeVisible();
  await result.getByRole('button', { name: 'Close' }).first().click();
  await expect(table.getByRole('cell', { name: id, exact: true })).toHaveCount(0);

  expect(await storefrontStock(page, source.product.id)).toBe(sourceBefore - 2);
  expect(await storefrontStock(page, target.product.id)).toBe(targetBefore + 2);
  const sourceReport = await reportRow(page, source.seller.company_name, source.product.id);
  expect(sourceReport.closing).toBe(sourceBefore - 2);
  expect(sourceReport.opening + sourceReport.in - sourceReport.out - sourceReport.bad).toBe(sourceReport.closing);
  const targetReport = await reportRow(page, target.seller.company_name, target.product.id);
  expect(targetReport.closing).toBe(targetBefore + 2);
  expect(targetReport.in).toBe(reportBefore.in + 2);
});

test('a bad stock transfer lowers the order total', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAdminByApi(page);
  const buyer = await demoHeaders(page.request);
  const [source] = await twoProducts(page);
  const reference = await placeCodOrder(page.request, buyer, source.product.id);

  await page.goto('/bad-stock-transfer');
  const select = page.getByRole('dialog', { name: 'Select Order' });
  await select.getByLabel('Search by reference number').fill('NO-SUCH-ORDER');
  await expect(select.getByText('No orders found matching the query')).toBeVisible({ timeout: 30_000 });
  await select.getByLabel('Search by reference number').fill(reference);
  const orderRow = select.getByRole('row').filter({ hasText: reference });
  const totalText = (await orderRow.getByRole('cell').last().textContent())!;
  const total = Math.round(Number(totalText.replace(/[^\d.]/g, '')) * 100);
  await page.screenshot({ path: `${shots}/bad-stock-select-1366.png` });
  await orderRow.getByRole('button', { name: reference }).click();

  const items = page.getByRole('table', { name: 'Order items' });
  await expect(items.getByText(source.product.menu.split(' - ')[0]!).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${shots}/bad-stock-order-1366.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, "the bad stock transfer's order");
  const cells = await items.getByRole('row').nth(1).getByRole('cell').allTextContents();
  const price = Math.round(Number(cells[2]!.replace(/[^\d.]/g, '')) * 100);
  await items
    .getByRole('button', { name: /^Transfer Bad Stock/ })
    .first()
    .click();
  const ask = page.getByRole('dialog', { name: 'Transfer Bad Stock' });
  await ask.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await expect(ask.getByRole('button', { name: 'Review Transfer' })).toBeDisabled();
  await ask.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await expect(ask.getByRole('textbox', { name: 'Estimated amount (₱)' })).toHaveValue(
    (price / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 }),
  );
  await ask.getByRole('button', { name: 'Review Transfer' }).click();
  const review = page.getByRole('dialog', { name: 'Review Transfer' });
  const expected = Math.max(total - price, 0);
  await expect(review.getByRole('textbox', { name: 'Updated total (₱)' })).toHaveValue(
    (expected / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 }),
  );
  await page.screenshot({ path: `${shots}/bad-stock-review-1366.png` });
  await review.getByRole('button', { name: 'Confirm Transfer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Transfer has been successful.' })).toBeVisible();
  const done = page.getByRole('dialog', { name: 'Transfer has been successful.' });
  await expect(done.getByRole('cell', { name: reference })).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).first().click();

  // After the reload the order shows its new total.
  const again = page.getByRole('dialog', { name: 'Select Order' });
  await again.getByLabel('Search by reference number').fill(reference);
  await expect(again.getByRole('row').filter({ hasText: reference }).getByRole('cell').last()).toHaveText(
    `₱${(expected / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`,
  );
});

test("the transfer pages tell anyone else 'Not Authorized!' and go to /", async ({ page }) => {
  for (const path of ['/inventory-transfer', '/inventory-approval', '/bad-stock-transfer']) {
    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: 'Not Authorized!' })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/$/);
  }
});

test('the transfer pages at phone width @phone', async ({ page }) => {
  await signInAdminByApi(page);
  for (const [path, heading, name] of [
    ['/inventory-transfer', 'Inventory Transfer Between Sellers', 'inventory-transfer'],
    ['/inventory-approval', 'Inventory Transfer Approvals', 'inventory-approval'],
    ['/bad-stock-transfer', 'Bad Stock Transfer', 'bad-stock'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/${name}-empty-${page.viewportSize()!.width}.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
