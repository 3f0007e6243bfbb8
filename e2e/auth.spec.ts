import type { Page } from '@playwright/test';
import { createVerifiedCustomer, demo, logIn, logOut, uniqueEmail } from './support/accounts.ts';
import { linkFromMail, pathOf, readOutbox, waitForMail } from './support/outbox.ts';
import { expect, test } from './support/test.ts';

// Accounts: spec 1 Signup and Login screens, §4 session and QR login, §5 validation, §7 answers, §8 messages.

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

async function fillSignup(page: Page, values: { email: string; password: string; confirm?: string; phone: string }) {
  await page.getByLabel('First name').fill('Maria');
  await page.getByLabel('Last name').fill('Santos');
  await page.getByLabel('Email').fill(values.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(values.password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(values.confirm ?? values.password);
  await page.getByLabel('Phone number').fill(values.phone);
}

test('sign up, verify by the mailed link, log in with a return URL, log out', async ({ page, request }) => {
  test.slow();
  const email = uniqueEmail('signup');
  const password = 'Sturdy#2026';

  await page.goto('/signup');
  await expect(
    page.getByText('Password must be 7 to 15 characters with a number and a special character.'),
  ).toBeVisible();
  // The phone field takes digit keys only.
  await page.getByLabel('Phone number').pressSequentially('+63 917-abc');
  await expect(page.getByLabel('Phone number')).toHaveValue('63917');
  await fillSignup(page, { email, password, phone: '09171234567' });
  // Show/hide the password.
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'REGISTER' }).click();

  await expect(toast(page, 'Register Successfully, check your email to verify account')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();

  // Logging in before verifying: the server's message and a way to get a new link.
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(page.getByText('Please verify your email first.', { exact: false }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(toast(page, /we sent a new verification link/)).toBeVisible();
  await waitForMail(request, { to: email, subject: /verif/i });

  // The developer mail page lists the mail; its link verifies the account.
  await page.goto('/dev/mail');
  const mail = page.getByRole('listitem').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link', { name: /\/verify-email\?token=/ }).click();
  await expect(page).toHaveURL(/\/verify-email\?token=/);
  await expect(page.getByText('Your email is verified. You can now log in.')).toBeVisible();
  await page.getByRole('link', { name: 'LOG IN' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Log in with a return URL: back where the user came from.
  await logIn(page, email, password, '/login?returnUrl=%2FFAQs');
  await expect(page).toHaveURL(/\/FAQs$/);
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();

  // Logout clears the buyer site's storage but not a seller center session in the same browser (a separate site).
  await page.evaluate(() => {
    localStorage.setItem('sellerToken', 'a-seller-session');
    localStorage.setItem('globalAddress', 'Mandaluyong City');
  });
  await logOut(page);
  const left = await page.evaluate(() => ({
    authToken: localStorage.getItem('authToken'),
    user: localStorage.getItem('user'),
    globalAddress: localStorage.getItem('globalAddress'),
    sellerToken: localStorage.getItem('sellerToken'),
  }));
  expect(left).toEqual({ authToken: null, user: null, globalAddress: null, sellerToken: 'a-seller-session' });
});

test('signup checks every field and the phone rule, and sends nothing when they fail @phone', async ({ page }) => {
  const registerCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/auth/register')) registerCalls.push(req.url());
  });
  await page.goto('/signup');
  await page.getByRole('button', { name: 'REGISTER' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();

  await fillSignup(page, { email: uniqueEmail('badphone'), password: 'Sturdy#2026', phone: '12345' });
  await page.getByRole('button', { name: 'REGISTER' }).click();
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  expect(registerCalls).toEqual([]);

  // The terms link opens the FAQ page on its Terms and Conditions tab.
  await page.getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page).toHaveURL(/\/FAQs$/);
  await expect(page.getByRole('tab', { name: /Terms and Conditions/, selected: true })).toBeVisible();
});

test('a +63 number pasted from the contacts is kept and accepted at signup @phone', async ({ page }) => {
  await page.goto('/signup');
  await fillSignup(page, { email: uniqueEmail('pasted'), password: 'Sturdy#2026', phone: '' });
  // A paste inserts text without key presses; typed '+' is still refused (see the test above).
  await page.getByLabel('Phone number').focus();
  await page.keyboard.insertText('+63 917 123 4567');
  await expect(page.getByLabel('Phone number')).toHaveValue('+639171234567');
  await page.getByRole('button', { name: 'REGISTER' }).click();
  await expect(toast(page, 'Register Successfully, check your email to verify account')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('signup answers from the server: mismatched passwords and a taken email', async ({ page }) => {
  await page.goto('/signup');
  await fillSignup(page, {
    email: uniqueEmail('mismatch'),
    password: 'Sturdy#2026',
    confirm: 'Sturdy#2027',
    phone: '09171234567',
  });
  await page.getByRole('button', { name: 'REGISTER' }).click();
  await expect(toast(page, 'Password did not match')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel('Email').fill(demo.buyer);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Sturdy#2026');
  await page.getByRole('button', { name: 'REGISTER' }).click();
  await expect(toast(page, 'This email is already registered.')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('login failure shows the server message; a bad return URL never leaves the site', async ({ page, baseURL }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demo.buyer);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password-1!');
  await page.getByRole('main').getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(toast(page, 'Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, demo.buyer, demo.password, `/login?returnUrl=${encodeURIComponent('//evil.example/steal')}`);
  const url = new URL(page.url());
  expect(url.host).toBe(new URL(baseURL!).host);
  expect(url.pathname).not.toContain('evil');
});

test('forgot password, reset by the mailed link, log in with the new password', async ({ page, request }) => {
  test.slow();
  const account = await createVerifiedCustomer(request, 'forgot');
  const newPassword = 'Renewed#2026';
  const lastId = (await readOutbox(request))[0]?.id ?? 0;

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('nobody.here@example.test');
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(toast(page, 'Email not found')).toBeVisible();

  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(toast(page, 'We already sent you an email. Please check your inbox')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const mail = await waitForMail(request, { to: account.email, subject: /password/i, afterId: lastId });
  await page.goto(pathOf(linkFromMail(mail, '/reset-password')));
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Different#2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\?token=/);

  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('main').getByRole('button', { name: 'LOG IN', exact: true }).click();
  await expect(toast(page, 'Invalid email or password.')).toBeVisible();
  await logIn(page, account.email, newPassword);
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();

  // The link works once.
  await logOut(page);
  await page.goto(pathOf(linkFromMail(mail, '/reset-password')));
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another#2026');
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Another#2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'This reset link is invalid or has expired.')).toBeVisible();
});

test('reset password without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Token is missing!').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Renewed#2026');
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Renewed#2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  // The notice on the page, and now the toast.
  await expect(toast(page, 'Token is missing!')).toHaveCount(2);
});

test('a signed-in user opening /login or /reset-password goes to / @phone', async ({ page }) => {
  await logIn(page, demo.buyer, demo.password);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/reset-password?token=abc');
  await expect(page).toHaveURL(/\/$/);
});

test('an expired session is cleared with the spec message and the user goes to /login', async ({ page }) => {
  await logIn(page, demo.buyer, demo.password);
  await page.goto('/FAQs');
  await page.evaluate(() => localStorage.setItem('authExpiresAt', new Date(Date.now() - 1000).toISOString()));
  await expect(toast(page, 'Session Expired. Please Login Again')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  // The message is still there after the page has reloaded on /login.
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(toast(page, 'Session Expired. Please Login Again')).toBeVisible();
});

test('a token the server refuses as invalid ends the session: message, /login, and /login stays', async ({ page }) => {
  await logIn(page, demo.buyer, demo.password);
  await page.goto('/FAQs');
  // The signature no longer matches (as after the signing secret was rotated): not expired, just invalid.
  await page.evaluate(() => {
    const [header, payload, signature = ''] = (localStorage.getItem('authToken') ?? '').split('.');
    const flipped = signature.slice(0, 8) + (signature[8] === 'A' ? 'B' : 'A') + signature.slice(9);
    localStorage.setItem('authToken', [header, payload, flipped].join('.'));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(toast(page, 'Session Expired. Please Login Again')).toBeVisible();
  // Signed out for real: the login page stays (it no longer sends a "signed-in" user to /).
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a password changed elsewhere ends this session with the spec message', async ({ page, request }) => {
  test.slow();
  const account = await createVerifiedCustomer(request, 'elsewhere');
  await logIn(page, account.email, account.password);
  // Another device signs in and changes the password: older tokens stop working.
  const other = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password, rememberMe: false },
  });
  const { token } = (await other.json()) as { token: string };
  const changed = await request.post('/api/v1/auth/change-password', {
    headers: { authorization: `Bearer ${token}` },
    data: { oldPassword: account.password, newPassword: 'Changed#2026', confirmPassword: 'Changed#2026' },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  // The next call made with the old token finds it expired.
  await page.reload({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  // Shown before the reload and again on the login page after it.
  await expect(toast(page, 'Session Expired. Please Login Again')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('QR login: a signed-in phone approves the code and the computer is signed in', async ({ page, browser }) => {
  test.slow();
  await page.goto('/login');
  const qrCreated = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/qr') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Log in with QR code' }).click();
  const { qrToken } = (await (await qrCreated).json()) as { qrToken: string };
  await expect(page.getByRole('img', { name: 'QR code to log in with the Tibay mobile app' })).toBeVisible();
  await expect(page.getByText(/Scan this code/)).toBeVisible();

  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await logIn(phonePage, demo.buyer, demo.password);
  await phonePage.goto(`/login?approveQr=${qrToken}`);
  const dialog = phonePage.getByRole('dialog', { name: 'Log in on the other device?' });
  // What is known of the computer: its browser and when it asked.
  await expect(dialog.getByText(/^Chrome \d+ · /)).toBeVisible();
  await expect(dialog.getByText(/^Requested /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(phonePage).toHaveURL(/\/$/);
  await phone.close();

  await expect(page).not.toHaveURL(/\/login/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
});

test('QR login: Deny on the signed-in phone shows the refusal after ERROR: on the computer', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto('/login');
  const qrCreated = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/qr') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Log in with QR code' }).click();
  const { qrToken } = (await (await qrCreated).json()) as { qrToken: string };

  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await logIn(phonePage, demo.buyer, demo.password);
  await phonePage.goto(`/login?approveQr=${qrToken}`);
  await phonePage
    .getByRole('dialog', { name: 'Log in on the other device?' })
    .getByRole('button', { name: 'Deny' })
    .click();
  await expect(phonePage.getByRole('alert').filter({ hasText: 'Sign-in denied.' })).toBeVisible();
  // The code is spent: opening it again says so.
  await phonePage.goto(`/login?approveQr=${qrToken}`);
  await expect(phonePage.getByText('ERROR: The sign-in was denied on your other device.')).toBeVisible();
  await phone.close();

  await expect(page.getByText('ERROR: The sign-in was denied on your other device.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate a new code' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('QR login: an expired code is not polled; the view says so and offers a new code', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  const created: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/v1/auth/qr') && response.request().method() === 'POST') {
      created.push(((await response.json()) as { qrToken: string }).qrToken);
    }
  });
  let polls = 0;
  page.on('request', (request) => {
    if (/\/api\/v1\/auth\/qr\/[^/]+$/.test(request.url())) polls += 1;
  });
  await page.getByRole('button', { name: 'Log in with QR code' }).click();
  await expect(page.getByRole('img', { name: 'QR code to log in with the Tibay mobile app' })).toBeVisible();
  await page.clock.fastForward('02:05');
  await expect(page.getByText('ERROR: This QR code has expired. Please generate a new one.')).toBeVisible();
  const after = polls;
  await page.clock.fastForward('00:10');
  expect(polls).toBe(after);
  await page.getByRole('button', { name: 'Generate a new code' }).click();
  await expect(page.getByRole('img', { name: 'QR code to log in with the Tibay mobile app' })).toBeVisible();
  await expect.poll(() => created.length).toBe(2);
});

test('QR login: a code collected elsewhere shows the failure after ERROR: and polling stops', async ({
  page,
  request,
}) => {
  // Hold the page's status polls until another browser has approved and collected the code.
  let release!: () => void;
  const collected = new Promise<void>((resolve) => {
    release = resolve;
  });
  let polls = 0;
  await page.route('**/api/v1/auth/qr/*', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await collected;
    polls += 1;
    return route.fallback();
  });
  await page.goto('/login');
  const qrCreated = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/qr') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Log in with QR code' }).click();
  const { qrToken } = (await (await qrCreated).json()) as { qrToken: string };

  const login = await request.post('/api/v1/auth/login', {
    data: { email: demo.buyer, password: demo.password, rememberMe: false },
  });
  const { token } = (await login.json()) as { token: string };
  const approved = await request.post(`/api/v1/auth/qr/${qrToken}/approve`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(approved.ok()).toBe(true);
  const taken = (await (await request.get(`/api/v1/auth/qr/${qrToken}`)).json()) as { authenticated: boolean };
  expect(taken.authenticated).toBe(true);
  release();

  await expect(page.getByText(/^ERROR: .+/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const pollsAtError = polls;
  await page.waitForTimeout(2500);
  expect(polls).toBe(pollsAtError);
  await expect(page.getByRole('button', { name: 'Generate a new code' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});
