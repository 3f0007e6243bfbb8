import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { NewAccount } from './accounts.ts';

/** Chromium with a fake camera that is allowed at once (face capture): `test.use(fakeCamera)`. */
export const fakeCamera = {
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
  permissions: ['camera'],
};

/** A minimal PDF (a BIR 2303 upload). */
export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** The account's user id, from its login answer. */
export async function idOf(request: APIRequestContext, account: NewAccount): Promise<number> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.ok()).toBe(true);
  return (await login.json()).id as number;
}

/** Draws a zigzag on the signature pad with the mouse. */
export async function sign(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(box.x + 30 + step * 20, box.y + box.height * (0.6 + (step % 2 ? -0.25 : 0.15)));
  }
  await page.mouse.up();
}
