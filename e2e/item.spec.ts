import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedCustomer, demo, signInByApi } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// The item page and the add-to-cart popup (spec 1 "Item page", "Add-to-cart popup", §4 add-to-cart rules,
// §5 item quantity warnings, §7 add to cart v3). Products are found through the API on the seeded demo data.

interface Node {
  id: number;
  name: string;
  stocks: number;
  quantity_limit: number;
  sub_variations: Node[];
}
interface Detail {
  product: { id: number; name: string; slug: string; variations: Node[] };
}

/** The lower of stock and quantity limit, capped at 1200 (spec 1 §5, §9). */
const orderable = (node: Node) => Math.min(node.stocks, node.quantity_limit, 1200);

/** The first product found for one of the queries whose detail passes `accept`. */
async function findProduct(
  request: APIRequestContext,
  queries: string[],
  accept: (detail: Detail) => boolean,
): Promise<Detail> {
  for (const q of queries) {
    const search = await request.get(`/api/v1/search?q=${encodeURIComponent(q)}&pageSize=9`);
    expect(search.ok()).toBe(true);
    const { items } = (await search.json()) as { items: { id: number; has_variations: boolean }[] };
    for (const item of items.filter((card) => card.has_variations)) {
      const detail = (await (await request.get(`/api/v1/products/${item.id}`)).json()) as Detail;
      if (accept(detail)) return detail;
    }
  }
  throw new Error('no suitable product in the demo data');
}

/** A product whose variations have no sub-variations and at least one variation orders 100 to 599. */
const variationsOnly = (detail: Detail) =>
  detail.product.variations.length > 0 &&
  detail.product.variations.every((v) => v.sub_variations.length === 0) &&
  detail.product.variations.some((v) => orderable(v) >= 100 && orderable(v) < 600);

async function openItem(page: Page, detail: Detail) {
  await page.goto(`/item/${detail.product.id}/${detail.product.slug}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: detail.product.name })).toBeVisible({ timeout: 30_000 });
}

/** The number on the header's cart badge (the Indicator around the "Cart" button). */
function cartBadge(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Cart' }).locator('xpath=..');
}

test('the item page warns until the selection is complete and the quantity fits', async ({ page, request }) => {
  const detail = await findProduct(request, ['plywood', 'nail', 'pipe', 'tile'], variationsOnly);
  const variation = detail.product.variations.find((v) => orderable(v) >= 100 && orderable(v) < 600) as Node;
  const n = orderable(variation);
  await openItem(page, detail);

  const add = page.getByRole('button', { name: 'ADD TO CART' });
  await expect(page.getByText('Please select a variation.')).toBeVisible();
  await expect(add).toBeDisabled();

  const variations = page.getByRole('radiogroup', { name: 'Variation' });
  await variations.getByRole('radio', { name: variation.name, exact: true }).click();
  await expect(variations.getByRole('radio', { name: variation.name, exact: true })).toBeChecked();
  await expect(page.getByText('Please select a variation.')).toHaveCount(0);
  // The item page starts at the minimum of 100.
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  await expect(quantity).toHaveValue('100');
  await expect(add).toBeEnabled();
  // 600 is more than this variation allows, so its quick pick is disabled.
  await expect(page.getByRole('button', { name: '600', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: '100', exact: true })).toBeEnabled();

  await quantity.fill(String(n + 1));
  await expect(page.getByText(`Only ${n} items can be ordered for this variation.`)).toBeVisible();
  await expect(add).toBeDisabled();

  await quantity.fill('0');
  await expect(page.getByText('You cannot order with 0 quantity.')).toBeVisible();
  await expect(add).toBeDisabled();

  // Digits only: letters are dropped. Plus goes up by the hundred, never above what the variation allows.
  await quantity.fill('1a0b0');
  await expect(quantity).toHaveValue('100');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue(String(Math.min(200, n)));
  await page.getByRole('button', { name: '100', exact: true }).click();
  await expect(quantity).toHaveValue('100');
  await expect(add).toBeEnabled();
});

/** A product without variations whose stock or limit allows 2 to 99: fewer than the item page's step of 100. */
async function findFewItemsProduct(request: APIRequestContext): Promise<Detail & { product: Node }> {
  for (const q of ['door', 'light', 'thinner', 'insulation', 'welding']) {
    const search = await request.get(`/api/v1/search?q=${encodeURIComponent(q)}&pageSize=9`);
    const { items } = (await search.json()) as { items: { id: number; has_variations: boolean }[] };
    for (const item of items.filter((card) => !card.has_variations)) {
      const detail = (await (await request.get(`/api/v1/products/${item.id}`)).json()) as Detail & { product: Node };
      const n = orderable(detail.product);
      if (detail.product.variations.length === 0 && n >= 2 && n < 100) return detail;
    }
  }
  throw new Error('no product with fewer than 100 to order in the demo data');
}

test('under the 100 step the item page goes in ones from 1 up to the stock, and adds what the buyer chose @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await createVerifiedCustomer(request, 'fewbuyer');
  const detail = await findFewItemsProduct(request);
  const n = orderable(detail.product);
  await signInByApi(page, account.email, account.password);
  await openItem(page, detail);

  // It starts at 1, not at the whole stock; minus stops there, the 100 quick pick is out of reach.
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  const minus = page.getByRole('button', { name: 'Decrease quantity' });
  await expect(quantity).toHaveValue('1');
  await expect(minus).toBeDisabled();
  await expect(page.getByRole('button', { name: '100', exact: true })).toBeDisabled();
  await plus.click();
  await expect(quantity).toHaveValue('2');
  // Typed above the stock: the spec's warning, ADD TO CART off, and minus brings it back to what can be ordered.
  await quantity.fill(String(n + 1));
  await expect(page.getByText(`Only ${n} items can be ordered.`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  await expect(plus).toBeDisabled();
  await minus.click();
  await expect(quantity).toHaveValue(String(n));
  await expect(plus).toBeDisabled();
  await expect(page.getByText(`Only ${n} items can be ordered.`, { exact: true })).toHaveCount(0);
  await quantity.fill('2');

  const added = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/cart/items') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  expect((await added).request().postDataJSON()).toMatchObject({ product_id: detail.product.id, quantity: 2 });
  await expect(page.getByRole('alert').filter({ hasText: 'Item added to cart.' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const cart = await request.get('/api/v1/cart', { headers: { authorization: `Bearer ${token}` } });
  const { cart: lines } = (await cart.json()) as { cart: { product_id: number; quantity: number }[] };
  expect(lines).toEqual([expect.objectContaining({ product_id: detail.product.id, quantity: 2 })]);
});

test('a variation under the 100 step starts at 1; a variation of 100 or more at 100 @phone', async ({
  page,
  request,
}) => {
  const detail = await findProduct(
    request,
    ['pipe', 'flood light', 'wire', 'glue', 'ladder', 'door'],
    (d) =>
      d.product.variations.every((v) => v.sub_variations.length === 0) &&
      d.product.variations.some((v) => orderable(v) >= 2 && orderable(v) < 100) &&
      d.product.variations.some((v) => orderable(v) >= 100),
  );
  const few = detail.product.variations.find((v) => orderable(v) >= 2 && orderable(v) < 100) as Node;
  const bulk = detail.product.variations.find((v) => orderable(v) >= 100) as Node;
  await openItem(page, detail);
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  await expect(quantity).toHaveValue('100');
  await page.getByRole('radio', { name: few.name, exact: true }).click();
  await expect(quantity).toHaveValue('1');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('2');
  await page.getByRole('radio', { name: bulk.name, exact: true }).click();
  await expect(quantity).toHaveValue('100');
});

test('a product with sub-variations asks for the sub variation', async ({ page, request }) => {
  const detail = await findProduct(request, ['panel light', 'tile', 'steel bar'], (d) =>
    d.product.variations.some((v) => v.sub_variations.length > 0),
  );
  const variation = detail.product.variations.find((v) => v.sub_variations.length > 0) as Node;
  const sub = variation.sub_variations.find((s) => orderable(s) >= 100) ?? (variation.sub_variations[0] as Node);
  await openItem(page, detail);
  await page
    .getByRole('radiogroup', { name: 'Variation' })
    .getByRole('radio', { name: variation.name, exact: true })
    .click();
  await expect(page.getByText('Please select a sub variation.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  await page
    .getByRole('radiogroup', { name: 'Sub variation' })
    .getByRole('radio', { name: sub.name, exact: true })
    .click();
  await page.getByRole('textbox', { name: 'Quantity' }).fill(String(orderable(sub) + 1));
  await expect(
    page.getByText(`Only ${orderable(sub)} items can be ordered for this sub variation.`, { exact: true }),
  ).toBeVisible();
});

test('signed out, ADD TO CART goes to login and comes back to the item page', async ({ page, request }) => {
  const detail = await findProduct(request, ['plywood', 'nail', 'pipe', 'tile'], variationsOnly);
  const variation = detail.product.variations.find((v) => orderable(v) >= 100) as Node;
  await openItem(page, detail);
  const itemPath = new URL(page.url()).pathname;
  await page.getByRole('radio', { name: variation.name, exact: true }).click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();

  await expect(page).toHaveURL(/\/login\?returnUrl=/);
  expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(itemPath);
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(demo.buyer);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await form.getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === itemPath, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: detail.product.name })).toBeVisible();
});

test('signed in, the item page and the popup add to the cart and the header count follows', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await createVerifiedCustomer(request, 'itembuyer');
  const detail = await findProduct(request, ['plywood', 'nail', 'pipe', 'tile'], variationsOnly);
  const [first, second] = detail.product.variations.filter((v) => orderable(v) >= 100);

  await signInByApi(page, account.email, account.password);

  await openItem(page, detail);
  await expect(cartBadge(page)).toHaveText('0');
  await page.getByRole('radio', { name: first?.name as string, exact: true }).click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Item added to cart.' })).toBeVisible();
  await expect(cartBadge(page)).toHaveText('1');

  // The popup from a product card: a dialog named after the product, with the same rules.
  test.skip(!second, 'the product has a single orderable variation');
  await page.goto(`/search?q=${encodeURIComponent(detail.product.name)}`, { waitUntil: 'domcontentloaded' });
  await page
    .getByRole('button', { name: `Add ${detail.product.name} to cart` })
    .first()
    .click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: detail.product.name });
  await expect(dialog.getByRole('radiogroup', { name: 'Variation' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Please select a variation.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  await dialog.getByRole('radio', { name: second?.name as string, exact: true }).click();
  // The popup has no 100 minimum: it starts at 1.
  await expect(dialog.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
  await dialog.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Item added to cart.' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cartBadge(page)).toHaveText('2');
});

/** A paint in several colours, each in several volumes: the colour-and-volume popup's two levels. */
async function findColouredPaint(request: APIRequestContext): Promise<Detail> {
  for (const page of [1, 2, 3]) {
    const listing = await request.get(`/api/v1/categories/3/products?page=${page}&pageSize=20`);
    expect(listing.ok()).toBe(true);
    const { items } = (await listing.json()) as { items: { id: number; has_variations: boolean }[] };
    for (const item of items.filter((card) => card.has_variations)) {
      const detail = (await (await request.get(`/api/v1/products/${item.id}`)).json()) as Detail;
      const colours = detail.product.variations;
      if (colours.length > 1 && colours.some((c) => c.sub_variations.some((v) => orderable(v) >= 5))) return detail;
    }
  }
  throw new Error('no paint with colours and volumes in the demo data');
}

test('paint opens the colour-and-volume popup: digits only, default 1, max 1200, and adds the chosen volume', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await createVerifiedCustomer(request, 'paintbuyer');
  const detail = await findColouredPaint(request);
  const colour = detail.product.variations.find((c) => c.sub_variations.some((v) => orderable(v) >= 5)) as Node;
  const volume = colour.sub_variations.find((v) => orderable(v) >= 5) as Node;

  await signInByApi(page, account.email, account.password);

  await page.goto(`/search?q=${encodeURIComponent(detail.product.name)}`, { waitUntil: 'domcontentloaded' });
  await page
    .getByRole('button', { name: `Add ${detail.product.name} to cart` })
    .first()
    .click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: detail.product.name });
  // Colour, then volume: both radio groups with their labels; no 100/300/600 quick picks.
  const colours = dialog.getByRole('radiogroup', { name: 'Colour' });
  await expect(colours).toBeVisible({ timeout: 30_000 });
  await expect(colours.getByRole('radio')).toHaveCount(detail.product.variations.length);
  await expect(dialog.getByRole('group', { name: 'Quick quantity' })).toHaveCount(0);
  await expect(dialog.getByText('Please select a variation.')).toBeVisible();
  await colours.getByRole('radio', { name: colour.name, exact: true }).click();
  await expect(colours.getByRole('radio', { name: colour.name, exact: true })).toBeChecked();
  const volumes = dialog.getByRole('radiogroup', { name: 'Volume' });
  await expect(volumes.getByRole('radio')).toHaveCount(colour.sub_variations.length);
  await expect(dialog.getByText('Please select a sub variation.')).toBeVisible();
  await volumes.getByRole('radio', { name: volume.name, exact: true }).click();

  // The quantity: 1 to start, digits only, never above 1200.
  const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  await quantity.fill('2x5');
  await expect(quantity).toHaveValue('25');
  await quantity.fill('99999');
  await expect(quantity).toHaveValue('1200');
  await quantity.fill('');
  await expect(dialog.getByText('You cannot order with 0 quantity.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  await quantity.fill('3');
  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('4');

  // ADD TO CART sends the chosen colour and volume; the cart holds that volume, 4 of it.
  const added = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/cart/items') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'ADD TO CART' }).click();
  const answer = await added;
  expect(answer.ok()).toBe(true);
  expect(answer.request().postDataJSON()).toEqual({
    product_id: detail.product.id,
    variation_id: colour.id,
    sub_variation_id: volume.id,
    quantity: 4,
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Item added to cart.' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cartBadge(page)).toHaveText('1');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const cart = await request.get('/api/v1/cart', { headers: { authorization: `Bearer ${token}` } });
  expect(cart.ok()).toBe(true);
  const { cart: lines } = (await cart.json()) as { cart: { product_id: number; quantity: number }[] };
  expect(lines).toEqual([expect.objectContaining({ product_id: volume.id, quantity: 4 })]);
});

test('a bad product id shows the load error', async ({ page }) => {
  await page.goto('/item/999999999/nothing', { waitUntil: 'domcontentloaded' });
  await expect(page.getByText('Error loading item details.')).toBeVisible({ timeout: 30_000 });
});

test('the item page puts the gallery first and keeps ADD TO CART in view at 390 px @phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const detail = await findProduct(request, ['plywood', 'nail', 'pipe', 'tile'], variationsOnly);
  await openItem(page, detail);
  const add = page.getByRole('button', { name: 'ADD TO CART' });
  await expect(add).toBeInViewport();
  const gallery = page.getByRole('main').getByRole('img', { name: detail.product.name }).first();
  const galleryBox = await gallery.boundingBox();
  const titleBox = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(galleryBox && titleBox && galleryBox.y < titleBox.y).toBe(true);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
