/** Where a user goes after logging in when no return URL is given (spec 1 §7). */
export const defaultLandingPath = '/shopbyseller?page=1';

/**
 * The returnUrl query, if it is a path on this site; otherwise `fallback` (the default landing page).
 * Anything that would leave the site (//host, /\host, https://...) is refused: no open redirect.
 */
export function safeReturnUrl(
  raw: string | null | undefined,
  origin = window.location.origin,
  fallback = defaultLandingPath,
): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
