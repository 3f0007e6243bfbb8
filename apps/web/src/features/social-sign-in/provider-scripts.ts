/**
 * Live Google and Facebook sign-in in the browser (decision 0031): the providers' own scripts, loaded only when the
 * server names a client id (live mode), never in sandbox or off mode. Google Identity Services renders Google's
 * button and hands back an ID token; the Facebook SDK's login popup hands back a user access token. The server
 * verifies both (JWKS; debug_token and /me).
 */

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const FACEBOOK_SCRIPT = 'https://connect.facebook.net/en_US/sdk.js';
const FACEBOOK_API_VERSION = 'v19.0';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (answer: { credential?: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}
interface FacebookSdk {
  init(options: { appId: string; version: string; cookie: boolean; xfbml: boolean }): void;
  login(
    callback: (answer: { authResponse?: { accessToken?: string } | null }) => void,
    options: { scope: string },
  ): void;
}
declare global {
  interface Window {
    google?: GoogleIdentity;
    FB?: FacebookSdk;
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds the script once; resolves when it has run. */
function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/** Renders Google's sign-in button into `parent`; `onToken` receives the ID token of each sign-in. */
export async function renderGoogleButton(
  parent: HTMLElement,
  clientId: string,
  text: 'signin_with' | 'signup_with' | 'continue_with',
  onToken: (idToken: string) => void,
): Promise<void> {
  await loadScript(GOOGLE_SCRIPT);
  const google = window.google;
  if (!google) throw new Error('Google Identity Services did not load');
  google.accounts.id.initialize({
    client_id: clientId,
    callback: (answer) => {
      if (answer.credential) onToken(answer.credential);
    },
  });
  google.accounts.id.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text,
    width: Math.min(400, Math.max(200, parent.clientWidth || 240)),
  });
}

let facebookReady: Promise<FacebookSdk> | null = null;

/** Loads and initialises the Facebook SDK (ahead of the click, so the popup opens within the click). */
export function prepareFacebook(appId: string): Promise<FacebookSdk> {
  facebookReady ??= loadScript(FACEBOOK_SCRIPT).then(() => {
    const sdk = window.FB;
    if (!sdk) throw new Error('the Facebook SDK did not load');
    sdk.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
    return sdk;
  });
  facebookReady.catch(() => {
    facebookReady = null;
  });
  return facebookReady;
}

/** Facebook's login popup; null when the user closed it or refused. Call from a click, after prepareFacebook. */
export function facebookLogin(): Promise<string | null> {
  const sdk = window.FB;
  if (!sdk) return Promise.resolve(null);
  return new Promise((resolve) => {
    sdk.login((answer) => resolve(answer.authResponse?.accessToken ?? null), { scope: 'public_profile,email' });
  });
}
