import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Static pages (spec 3 §2.5) and the home page's partner strip.

/** Opens a page and waits for its heading: pages load lazily, and a busy machine can take a while. */
async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
}

test('FAQs start on the About tab, and items expand and collapse on click', async ({ page }) => {
  await visit(page, '/FAQs');
  await expect(page.getByRole('tab', { name: 'About', exact: true })).toHaveAttribute('aria-selected', 'true');
  const question = page.getByRole('button', { name: 'What is Tibay?' });
  const answer = page.getByText('Tibay is an online marketplace for building materials in the Philippines.');
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await question.click();
  await expect(answer).toBeHidden();
  await expect(question).toHaveAttribute('aria-expanded', 'false');
});

test('FAQs open on the tab passed in navigation state', async ({ page }) => {
  await visit(page, '/About');
  // The footer's Delivery Areas link navigates to /FAQs with state { tab: 4 }.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Delivery Areas' }).click();
  await expect(page).toHaveURL(/\/FAQs$/);
  await expect(page.getByRole('tab', { name: 'Orders and Delivery' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Where do you deliver?' }).click();
  for (const area of ['Biñan', 'Las Piñas', 'Quezon City', 'Taguig']) {
    await expect(page.getByRole('listitem').filter({ hasText: area })).toBeVisible();
  }
  await page.getByRole('button', { name: 'How long does delivery take?' }).click();
  await expect(page.getByText(/before 4:00 PM daily/)).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Payment Options' }).click();
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'What payment modes are available?' }).click();
  for (const mode of ['BuildCredit', 'Visa/Mastercard', 'e-wallet and online banks', 'over-the-counter', 'COD']) {
    await expect(page.getByRole('listitem').filter({ hasText: mode })).toBeVisible();
  }

  // Switching tabs by hand works too.
  await page.getByRole('tab', { name: 'Deals and Rewards' }).click();
  await expect(page.getByRole('button', { name: 'How do I use a voucher?' })).toBeVisible();
});

test('About shows the mission, the vision and the ISAVE values', async ({ page }) => {
  await visit(page, '/About');
  await expect(page.getByRole('heading', { name: 'About us', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our vision' })).toBeVisible();
  for (const value of ['Innovation', 'Service', 'Accountability', 'Virtue', 'Excellence']) {
    await expect(page.getByRole('heading', { name: value, level: 3 })).toBeVisible();
  }
});

test('Contact shows phone, email, the office and a map with its marker', async ({ page }) => {
  await visit(page, '/Contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: '(02) 8651 2345' })).toHaveAttribute('href', 'tel:+63286512345');
  await expect(main.getByRole('link', { name: 'support@tibay.ph' })).toHaveAttribute('href', 'mailto:support@tibay.ph');
  await expect(main.getByText(/Mandaluyong City, 1552 Metro Manila/)).toBeVisible();
  await expect(main.getByRole('link', { name: 'facebook.com/tibay.ph' })).toBeVisible();
  const map = main.getByRole('region', { name: 'Map of the Tibay office' });
  await expect(map).toBeVisible();
  // Tiles may not load offline; the marker still shows and opens its popup.
  await map.getByRole('button', { name: 'Tibay office' }).click();
  await expect(map.getByText('Shaw Boulevard')).toBeVisible();
});

test('Privacy policy has ten numbered sections', async ({ page }) => {
  await visit(page, '/Privacy-Policy');
  const sections = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(sections).toHaveCount(10);
  await expect(sections.first()).toHaveText('1. Information we collect');
  await expect(sections.nth(2)).toContainText('protect');
  await expect(page.getByText(/PCI-DSS/)).toBeVisible();
  await expect(page.getByText(/18 years old and above/)).toBeVisible();
  await expect(sections.last()).toHaveText('10. Contact us');
  await expect(page.getByRole('link', { name: 'privacy@tibay.ph' })).toBeVisible();
});

test('Blogs shows the article cards from the content API, each opening in a new tab', async ({ page, request }) => {
  const response = await request.get('/api/v1/content/blogs');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: Array<{ title: string; url: string }> };
  expect(items.length).toBeGreaterThan(0);
  await visit(page, '/Blogs');
  for (const item of items) {
    const card = page.getByRole('link', { name: `${item.title} (opens in a new tab)` });
    await expect(card).toHaveAttribute('href', item.url);
    await expect(card).toHaveAttribute('target', '_blank');
  }
});

test('PARTNERS goes to /?partners=true and scrolls to the partner strip', async ({ page, request }) => {
  const { items } = (await (await request.get('/api/v1/content/partners')).json()) as {
    items: Array<{ name: string }>;
  };
  await visit(page, '/About');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PARTNERS' }).click();
  await expect(page).toHaveURL(/\/\?partners=true$/);
  const strip = page.getByRole('region', { name: 'Partners', exact: true });
  await expect(strip).toBeInViewport();
  if (items[0]) await expect(strip.getByRole('img', { name: items[0].name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ORDER NOW' }).first()).toHaveAttribute('href', '/shopbyseller?page=1');
});
