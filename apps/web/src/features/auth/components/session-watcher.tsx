import { messages } from '@tibay/contract';
import { useEffect } from 'react';
import { onSessionExpired } from '../../../lib/api.ts';
import { authExpiresAt, clearSession, getSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

const CHECK_EVERY_MS = 2000;
/** Long enough to read the message before the page reloads. */
const RELOAD_AFTER_MS = 1500;

/**
 * Carries the expiry over the reload until the login page has shown the message. Set while the session is
 * cleared, so a reload (or any full page load) inside the wait still ends on /login with the message.
 */
const NOTICE_KEY = 'sessionExpiredNotice';

let expiring = false;

/**
 * Spec 1 §4: when the token is found expired, session data is cleared, "Session Expired. Please Login Again"
 * is shown, the user goes to /login and the page reloads. "Found expired" means either the stored expiry time
 * has passed or the API refused the stored token with 401: expired, ended elsewhere (a password change), or
 * invalid (a rotated signing secret) — a session the server no longer accepts must not look signed in.
 */
function expireSession() {
  if (expiring || !getSession().token) return;
  expiring = true;
  clearSession();
  sessionStorage.setItem(NOTICE_KEY, '1');
  toast(messages.sessionExpired, 'error');
  window.setTimeout(() => window.location.assign('/login'), RELOAD_AFTER_MS);
}

export function SessionWatcher() {
  useEffect(() => {
    if (sessionStorage.getItem(NOTICE_KEY)) {
      if (getSession().token) {
        // Signed in again since: the notice is stale.
        sessionStorage.removeItem(NOTICE_KEY);
      } else if (/^\/login\/?$/i.test(window.location.pathname)) {
        sessionStorage.removeItem(NOTICE_KEY);
        toast(messages.sessionExpired, 'error');
      } else {
        // The page was reloaded (or left) before the move to /login: the session is already gone, finish the
        // move now; the login page shows the message.
        window.location.assign('/login');
        return;
      }
    }
    const check = () => {
      const expiresAt = authExpiresAt();
      if (getSession().token && expiresAt !== null && expiresAt <= Date.now()) expireSession();
    };
    check();
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    const stopListening = onSessionExpired(expireSession);
    return () => {
      window.clearInterval(timer);
      stopListening();
    };
  }, []);
  return null;
}
