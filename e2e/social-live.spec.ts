import { expect, test } from './support/test.ts';

// Live Google and Facebook sign-in in the browser (decision 0031): the providers' scripts load only when the server
// names a client id, and the tokens they hand back go to our API. This machine cannot reach Google or Facebook, so
// the two scripts are stand-ins that follow the documented calls (google.accounts.id.initialize / renderButton
// with a credential callback; FB.init / FB.login with an authResponse); the e2e server's CSP is the sandbox's,
// hence bypassCSP (the live CSP is checked in the API tests).

const FAKE_GIS = `window.google = { accounts: { id: {
  initialize(options) { window.__gisOptions = options; },
  renderButton(parent, options) {
    window.__gisButton = options;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google';
    button.onclick = () => window.__gisOptions.callback({ credential: 'google-id-token-from-gis' });
    parent.appendChild(button);
  },
} } };`;
const FAKE_FB = `window.FB = {
  init(options) { window.__fbOptions = options; },
  login(callback, options) { window.__fbScope = options.scope; callback({ authResponse: { accessToken: 'facebook-user-token' } }); },
};`;

test.describe('live mode', () => {
  test.use({ bypassCSP: true });

  test('loads Google Identity Services and the Facebook SDK, and sends their tokens to the login', async ({ page }) => {
    const loaded: string[] = [];
    await page.route('**/api/v1/auth/social', (route) =>
      route.fulfill({
        json: {
          mode: 'live',
          providers: ['google', 'facebook'],
          googleClientId: 'tibay-web.apps.googleusercontent.com',
          facebookAppId: '1234567890',
        },
      }),
    );
    await page.route('https://accounts.google.com/gsi/client', (route) => {
      loaded.push('google');
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_GIS });
    });
    await page.route('https://connect.facebook.net/**', (route) => {
      loaded.push('facebook');
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_FB });
    });
    const sent: Record<string, unknown> = {};
    await page.route('**/api/v1/auth/social/*/login', (route) => {
      const provider = route.request().url().split('/social/')[1]!.split('/')[0]!;
      sent[provider] = route.request().postDataJSON();
      return route.fulfill({
        status: 404,
        json: { error: { code: 'NOT_FOUND', message: `No Tibay account is linked to this ${provider} account.` } },
      });
    });

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'linked to this google account' })).toBeVisible();
    expect(sent.google).toEqual({ accessToken: 'google-id-token-from-gis' });
    expect(await page.evaluate(() => (window as any).__gisOptions.client_id)).toBe(
      'tibay-web.apps.googleusercontent.com',
    );
    expect(await page.evaluate(() => (window as any).__gisButton.text)).toBe('signin_with');

    await page.getByRole('button', { name: 'Log in with Facebook' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'linked to this facebook account' })).toBeVisible();
    expect(sent.facebook).toEqual({ accessToken: 'facebook-user-token' });
    expect(await page.evaluate(() => (window as any).__fbOptions.appId)).toBe('1234567890');
    expect(await page.evaluate(() => (window as any).__fbScope)).toBe('public_profile,email');
    expect(loaded.sort()).toEqual(['facebook', 'google']);
    // Still on the login page: nothing left the site.
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the sandbox (as the e2e server runs) loads no provider script', async ({ page }) => {
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    if (/google\.com|facebook\.(com|net)/.test(new URL(request.url()).host)) thirdParty.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in with Google' })).toBeVisible();
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Sign up with Facebook' })).toBeVisible();
  expect(thirdParty).toEqual([]);
});
