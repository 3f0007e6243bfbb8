import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedCustomer, type NewAccount, signInByApi, skipHomePopup } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// The MY CART popup (spec 1 "Cart popup", §4 Cart, §5 cart quantity, §8 cart messages) and the blocking
// "Please add delivery address" dialog that leads to /change-address (spec 2 "Change address").

interface SearchCard {
  id: number;
  name: string;
  has_variations: boolean;
}
interface CartLine {
  id: number;
  product_id: number;
  product_name: string;
  quantity: number;
  max_quantity: number;
  price: number;
}

async function tokenOf(request: APIRequestContext, account: NewAccount): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json()).token as string;
}

/** Products without variations that can be ordered (found through search on the demo data). */
async function simpleProducts(request: APIRequestContext, count: number): Promise<SearchCard[]> {
  const found = new Map<number, SearchCard>();
  for (const q of ['cement', 'sand', 'hammer', 'paint', 'nail', 'wire', 'gravel', 'tile']) {
    const response = await request.get(`/api/v1/search?q=${q}&pageSize=9&availability=inStock`);
    const { items } = (await response.json()) as { items: SearchCard[] };
    // Distinct names, so each line is found by its name.
    for (const item of items) {
      if (!item.has_variations && ![...found.values()].some((card) => card.name === item.name))
        found.set(item.id, item);
    }
    if (found.size >= count) break;
  }
  expect(found.size).toBeGreaterThanOrEqual(count);
  return [...found.values()].slice(0, count);
}

/** A fresh customer with a delivery address and `products` lines of 1 in the cart. */
async function customerWithCart(request: APIRequestContext, products: number, withAddress = true) {
  const account = await createVerifiedCustomer(request, 'cartbuyer');
  const token = await tokenOf(request, account);
  const headers = { authorization: `Bearer ${token}` };
  if (withAddress) {
    const saved = await request.put('/api/v1/me/address', {
      headers,
      data: {
        address: '24 Maginhawa Street, Teachers Village East, Quezon City',
        latitude: 14.6436,
        longitude: 121.0617,
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  for (const product of await simpleProducts(request, products)) {
    const added = await request.post('/api/v1/cart/items', { headers, data: { product_id: product.id, quantity: 1 } });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { cart: CartLine[] };
  return { account, headers, lines: cart.cart };
}

async function openCart(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /MY CART/ });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  return dialog;
}

function toastWith(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

test('MY CART: marks, quantity messages, remove with confirmation, and proceed to checkout', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { account, headers, lines } = await customerWithCart(request, 3);
  await signInByApi(page, account.email, account.password);
  await skipHomePopup(page);
  await page.goto('/');
  const dialog = await openCart(page);
  await expect(dialog.getByText('(3)')).toBeVisible();
  await expect(dialog.getByText('Tax included. Shipping calculated at checkout.')).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toHaveCount(3);

  // Lines just added are marked: the grand total counts them.
  for (const box of await dialog.getByRole('checkbox').all()) await expect(box).toBeChecked();
  const total = lines.reduce((sum, line) => sum + line.price, 0);
  const peso = (centavos: number) =>
    `₱${(centavos / 100).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })}`;
  await expect(dialog.getByLabel('Grand total')).toHaveText(peso(total));

  // UNMARK ALL / MARK ALL toggles every line and the grand total follows.
  await dialog.getByRole('button', { name: 'UNMARK ALL' }).click();
  for (const box of await dialog.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  await expect(dialog.getByLabel('Grand total')).toHaveText('₱0.000');

  // Nothing marked: no checkout, and nothing to remove.
  await dialog.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  await expect(toastWith(page, 'No item for checkout')).toBeVisible();
  await dialog.getByRole('button', { name: 'REMOVE' }).click();
  await expect(toastWith(page, 'No items selected for removal')).toBeVisible();
  await dialog.getByRole('button', { name: 'MARK ALL' }).click();
  for (const box of await dialog.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await expect(dialog.getByLabel('Grand total')).toHaveText(peso(total));
  await dialog.getByRole('button', { name: 'UNMARK ALL' }).click();
  await expect(dialog.getByLabel('Grand total')).toHaveText('₱0.000');

  // The stepper: minus at 1, a typed 0, letters, and above the line's maximum.
  const first = lines[0] as CartLine;
  const name = first.product_name;
  const quantity = dialog.getByRole('textbox', { name: `Quantity of ${name}` });
  await expect(quantity).toHaveValue('1');
  await dialog.getByRole('button', { name: `Decrease quantity of ${name}` }).click();
  await expect(dialog.getByText('Quantity cannot be lesser than 1')).toBeVisible();
  await quantity.fill('0');
  await expect(dialog.getByText('Quantity cannot be lesser than 1')).toBeVisible();
  await quantity.fill('abc');
  await expect(quantity).toHaveValue('');
  await quantity.fill(String(first.max_quantity + 1));
  await expect(dialog.getByText(`Only ${first.max_quantity} items can be ordered.`)).toBeVisible();
  await quantity.fill('1');
  await quantity.blur();
  await dialog.getByRole('button', { name: `Increase quantity of ${name}` }).click();
  await expect(quantity).toHaveValue('2');
  await expect
    .poll(async () => {
      const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { cart: CartLine[] };
      return cart.cart.find((line) => line.id === first.id)?.quantity;
    })
    .toBe(2);

  // REMOVE asks first; CANCEL keeps the line, REMOVE removes it and the header count follows.
  const last = lines[2] as CartLine;
  await dialog.getByRole('checkbox', { name: `Mark ${last.product_name}` }).check();
  await dialog.getByRole('button', { name: 'REMOVE' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove items' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'CANCEL' }).click();
  await expect(dialog.getByRole('checkbox')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'REMOVE' }).click();
  await page.getByRole('dialog', { name: 'Remove items' }).getByRole('button', { name: 'REMOVE' }).click();
  await expect(toastWith(page, 'Selected items removed from cart')).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toHaveCount(2);
  await expect(dialog.getByText('(2)')).toBeVisible();
  const badge = page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).locator('xpath=..');
  await expect(badge).toHaveText('2');

  // A line removed elsewhere disappears within the 3 s refresh.
  const second = lines[1] as CartLine;
  await request.post('/api/v1/cart/items/remove', { headers, data: { cart_ids: [second.id] } });
  await expect(dialog.getByRole('checkbox')).toHaveCount(1, { timeout: 10_000 });

  // PROCEED TO CHECKOUT with a marked line: /checkout reads the line and the instructions from the server.
  await dialog.getByRole('checkbox', { name: `Mark ${name}` }).check();
  await dialog.getByLabel('Order instructions').fill('Call before delivery.');
  await dialog.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // The checkout's own line (the cart popup's textarea may still hold the text while it closes).
  await expect(page.getByText('Order instructions: Call before delivery.')).toBeVisible({ timeout: 30_000 });
  const stored = (await (await request.get('/api/v1/cart', { headers })).json()) as {
    cart: (CartLine & { marked: boolean })[];
    order_instructions: string;
  };
  expect(stored.cart.map((line) => [line.id, line.marked])).toEqual([[first.id, true]]);
  expect(stored.order_instructions).toBe('Call before delivery.');
});

test('a customer without an address is sent to add one, then returns to the shop', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { account } = await customerWithCart(request, 1, false);
  await signInByApi(page, account.email, account.password);
  await skipHomePopup(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).click();
  const blocking = page.getByRole('dialog', { name: 'Please add delivery address' });
  await expect(blocking).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(blocking).toBeVisible();
  await blocking.getByRole('button', { name: 'ADD DELIVERY ADDRESS' }).click();
  await expect(page).toHaveURL(/\/change-address\/\d+\?newUser=true$/);
  // The blocking dialog closes as the page changes (it fades out for a moment).
  await expect(blocking).toBeHidden();
  await expect(page.getByRole('heading', { name: 'ADD DELIVERY ADDRESS', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Please enter your complete delivery address.');

  const field = page.getByRole('combobox', { name: 'Delivery address' });
  await field.fill('Teachers Village');
  await page.getByRole('option').first().click({ timeout: 60_000 });
  await expect(field).not.toHaveValue('Teachers Village');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(toastWith(page, 'Address Changed')).toBeVisible();
  await expect(page).toHaveURL(/\/shopbyseller\?page=1$/);

  // The cart now opens without the dialog.
  const dialog = await openCart(page);
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Please add delivery address' })).toHaveCount(0);
});

test('the MY CART popup fits a phone @phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { account } = await customerWithCart(request, 2);
  await signInByApi(page, account.email, account.password);
  await skipHomePopup(page);
  await page.goto('/');
  const dialog = await openCart(page);
  await expect(dialog.getByRole('checkbox')).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: 'PROCEED TO CHECKOUT' })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.width <= 390).toBe(true);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
