import { type SocialProvider, socialProviders } from '@tibay/contract';

/** The sandbox provider's answer in the URL fragment (#social=google&accessToken=…), read once and removed. */
export function takeReturnedToken(): { provider: SocialProvider; accessToken: string } | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const provider = fragment.get('social') as SocialProvider | null;
  const accessToken = fragment.get('accessToken');
  if (!provider || !accessToken || !socialProviders.includes(provider)) return null;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return { provider, accessToken };
}
