import type { Locator, Page } from '@playwright/test';
import { manilaDatePlus, signInAdminByApi } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expect, test } from './support/test.ts';

// Back office I (issue 19; spec 3 §2.4): a purchase order is requested, approved, received into a warehouse
// (50 Good and 5 Damaged), the storefront item page shows 50 more in stock, and the inventory report shows the day's
// figures from the ledger. Runs on the freshly seeded demo data; suppliers and warehouses are added on the way.

const run = Date.now().toString(36);

/**
 * A demo seller's product without variations (the storefront shows its own stock), found through the admin API. A retry
 * takes another product: the report's figures for today would otherwise include the failed try's receipt.
 */
async function productToBuy(page: Page, skip: number) {
  const sellers = await (await page.request.get('/api/v1/admin/purchasing/sellers')).json();
  for (const seller of sellers.items as Array<{ id: number; company_name: string }>) {
    const products = await (await page.request.get(`/api/v1/admin/purchasing/sellers/${seller.id}/products`)).json();
    for (const product of (products.items as Array<{ id: number; menu: string; price: number }>).slice(0, 15)) {
      const detail = await page.request.get(`/api/v1/products/${product.id}`);
      if (!detail.ok()) continue;
      const body = await detail.json();
      if (body.product.variations.length > 0) continue;
      if (skip-- === 0) return { seller, product };
    }
  }
  throw new Error('no demo product without variations');
}

async function storefrontStock(page: Page, productId: number): Promise<number> {
  await page.goto(`/item/${productId}`);
  const line = page.getByText(/^Stock: [\d,]+$/);
  await expect(line).toBeVisible({ timeout: 30_000 });
  return Number((await line.textContent())!.replace(/[^\d]/g, ''));
}

/**
 * Clicks the open dialog's Close button and reads the dialog's accessible name at every frame until it has left
 * the page (Mantine keeps it through a short exit transition).
 */
function titlesWhileClosing(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    const name = () => document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
    const close = [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Close');
    close?.click();
    const seen: string[] = [];
    while (dialog.isConnected && seen.length < 300) {
      seen.push(name());
      await new Promise((frame) => requestAnimationFrame(frame));
    }
    return seen;
  });
}

/** Chooses an option of a Mantine Select by its visible label. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('request a PO, approve it, receive 50 Good and 5 Damaged into a warehouse, see the stock and the report', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInAdminByApi(page);
  const { seller, product } = await productToBuy(page, testInfo.retry);
  const stockBefore = await storefrontStock(page, product.id);
  const supplierName = `Holcim ${run}`;
  const warehouseName = `Valenzuela DC ${run}`;

  // Suppliers and warehouses: added from their pages.
  await page.goto('/admin-v2/purchasing/suppliers');
  await page.getByRole('button', { name: 'Add supplier' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add supplier' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a name.')).toBeVisible();
  await dialog.getByLabel('Supplier name').fill(supplierName);
  await dialog.getByLabel('Contact person').fill('Ana Cruz');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('table', { name: 'Suppliers' }).getByRole('cell', { name: supplierName, exact: true }),
  ).toBeVisible();

  await page.getByRole('navigation', { name: 'Purchasing pages' }).getByRole('link', { name: 'Warehouses' }).click();
  await page.getByRole('button', { name: 'Add warehouse' }).click();
  dialog = page.getByRole('dialog', { name: 'Add warehouse' });
  await dialog.getByLabel('Warehouse name').fill(warehouseName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('table', { name: 'Warehouses' }).getByRole('cell', { name: warehouseName, exact: true }),
  ).toBeVisible();

  // Purchase order request at the spec's path, inside the admin frame.
  await page.goto('/purchase-orders');
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New purchase order' }).click();
  dialog = page.getByRole('dialog', { name: 'Purchase order request' });
  await dialog.getByRole('button', { name: 'Submit Purchase Order' }).click();
  await expect(dialog.getByText('Please choose a supplier.')).toBeVisible();
  await expect(dialog.getByText('Please choose a seller.')).toBeVisible();
  await choose(page, dialog, 'Supplier', supplierName);
  await choose(page, dialog, 'Seller', seller.company_name);
  await dialog.getByLabel('Order date').fill(manilaDatePlus(0));
  await dialog.getByLabel('Remarks').fill('Deliver to Valenzuela');
  await choose(page, dialog, 'Product', product.menu);
  // Choosing the product fills its unit price; the line total follows the quantity.
  await expect(dialog.getByRole('textbox', { name: 'Unit price' })).toHaveValue(
    `₱${(product.price / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`,
  );
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('60');
  await dialog.getByRole('textbox', { name: 'Unit price' }).fill('210.50');
  await expect(dialog.getByRole('textbox', { name: 'Line total' })).toHaveValue('₱12,630.00');
  await dialog.getByRole('button', { name: 'Submit Purchase Order' }).click();
  const created = page.getByRole('dialog', { name: /^Purchase order created: PO\d{14}$/ });
  await expect(created).toBeVisible();
  const reference = (await created.getByRole('heading').first().textContent())!.replace('Purchase order created: ', '');
  await expect(created.getByText('Pending')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the purchase order created dialog');
  // While it fades out, the dialog keeps its title (its accessible name) and its content.
  const whileClosing = await titlesWhileClosing(page);
  expect(whileClosing.length).toBeGreaterThan(1);
  expect(new Set(whileClosing)).toEqual(new Set([`Purchase order created: ${reference}`]));

  // The dashboard says what waits for the back office, and leads there.
  await page.goto('/admin-v2/dashboard');
  const waiting = page.getByRole('region', { name: 'Back office' });
  await expect(
    waiting.getByRole('table', { name: 'Low stock' }).or(waiting.getByText('No product is running low.')),
  ).toBeVisible({
    timeout: 30_000,
  });
  await waiting.getByRole('link', { name: 'Purchase orders to approve' }).click();
  await expect(page).toHaveURL(/\/admin-v2\/purchasing\/approvals$/);

  // Approval.
  await page.goto('/purchase-order-approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Order (e-PR) Approvals' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: reference }).click();
  dialog = page.getByRole('dialog', { name: `Purchase order ${reference}` });
  await expect(dialog.getByText(supplierName)).toBeVisible();
  await expect(dialog.getByText(seller.company_name)).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '₱12,630.00' }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the purchase order approval dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const result = page.getByRole('dialog', { name: 'Approved' });
  await expect(result.getByText(`Approved: ${reference}`)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the decision result dialog');
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: reference })).toHaveCount(0);

  // Receive 50 Good and 5 Damaged.
  await page.goto('/purchase-receives');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Purchase Receive' })).toBeVisible({
    timeout: 30_000,
  });
  const form = page.getByRole('form', { name: 'Create Purchase Receive' });
  await choose(page, form, 'Purchase order', reference);
  await expect(form.getByLabel('PO remarks')).toHaveValue('Deliver to Valenzuela');
  await form.getByLabel('Delivery reference number').fill(`DR-${run}`);
  await choose(page, form, 'Warehouse', warehouseName);
  const first = form.getByRole('group', { name: 'Item 1' });
  await choose(page, first, 'PO item', product.menu);
  await expect(first.getByLabel('Ordered')).toHaveValue('60');
  await expect(first.getByLabel('Unit price')).toHaveValue('₱210.50');
  await first.getByRole('textbox', { name: 'Received' }).fill('61');
  await first.getByLabel('Expiry date').fill(manilaDatePlus(365));
  await form.getByRole('button', { name: 'Submit Purchase Receive' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Cannot receive more than available balance (60)' }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the over-balance toast');
  await first.getByRole('textbox', { name: 'Received' }).fill('50');
  await form.getByRole('button', { name: '+ Add Item' }).click();
  const second = form.getByRole('group', { name: 'Item 2' });
  await choose(page, second, 'PO item', product.menu);
  await second.getByRole('textbox', { name: 'Received' }).fill('5');
  await second.getByLabel('Expiry date').fill(manilaDatePlus(365));
  await choose(page, second, 'Condition', 'Damaged');
  await form.getByRole('button', { name: 'Submit Purchase Receive' }).click();
  const received = page.getByRole('dialog', { name: /^Purchase Received: PR\d{14}$/ });
  await expect(received).toBeVisible();
  await expect(received.getByRole('cell', { name: '50', exact: true })).toBeVisible();
  await expect(received.getByText(`DR-${run}`)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the purchase received dialog');
  await received.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Purchase Receive' })).toBeVisible();

  // The storefront shows the 50 Good units at once.
  expect(await storefrontStock(page, product.id)).toBe(stockBefore + 50);

  // The report for today: 55 units arrived (Stock In), 5 of them set aside as Bad Stock; closing is 50 more.
  await page.goto('/inventory-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Report' })).toBeVisible({ timeout: 30_000 });
  const filters = page.getByRole('form', { name: 'Report filters' });
  await filters.getByLabel('Start date').fill(manilaDatePlus(0));
  await filters.getByLabel('End date').fill(manilaDatePlus(0));
  await choose(page, filters, 'Seller', seller.company_name);
  await filters.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Inventory Report' });
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: String(product.id), exact: true }) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const cells = await row.getByRole('cell').allTextContents();
  const [, name, opening, stockIn, stockOut, bad, , closing] = cells;
  expect(name).toBe(product.menu);
  expect(Number(stockIn!.replace(/,/g, ''))).toBe(55);
  expect(Number(bad)).toBe(5);
  const n = (text: string | undefined) => Number(text!.replace(/,/g, ''));
  expect(n(opening) + n(stockIn) - n(stockOut) - n(bad)).toBe(n(closing));
  expect(n(closing)).toBe(stockBefore + 50);
  await expect(page.getByRole('img', { name: /^Stock movement per day/ })).toBeVisible();

  // Exports download files.
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel (.xlsx)' }).click();
  expect((await xlsx).suggestedFilename()).toMatch(/^inventory-report-.*\.xlsx$/);
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
});

test("the spec's admin paths tell anyone else 'Not Authorized!' and go to /", async ({ page }) => {
  for (const path of ['/purchase-receives', '/inventory-report']) {
    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: 'Not Authorized!' })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/$/);
  }
});

test('the inventory report at phone width @phone', async ({ page }) => {
  await signInAdminByApi(page);
  await page.goto('/inventory-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Report' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('img', { name: /^Stock movement per day/ })).toBeVisible({ timeout: 30_000 });
  // Nothing wider than the screen but the table's own scroll area.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
