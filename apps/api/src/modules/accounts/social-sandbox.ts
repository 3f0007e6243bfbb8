import { type SocialProvider as ProviderName, socialProviderNames } from '@tibay/contract';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { escapeHtml, sandboxPage as layout, type SandboxLook } from '../../lib/sandbox-page.ts';
import { sandboxToken } from './social-providers.ts';

/**
 * The sandbox's consent screen for Google and Facebook sign-in (decision 0031): the user types the identity the
 * provider would vouch for; the page hands a signed stand-in token back to the login or signup screen in the URL
 * fragment (never sent to a server by the browser), as a provider's redirect would.
 */

/** Where the token goes back to: the login or signup screen, or a profile page (linking), of this site only. */
const returnPath = z.string().regex(/^\/(login|signup|profile\/\d{1,10})$/);

export const sandboxQuery = z.object({ return: returnPath.default('/login') });
export const sandboxSubmission = z.object({
  return: returnPath,
  email: z.email().max(254),
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().max(80).default(''),
});

const look: SandboxLook = {
  brand: 'Sandbox Sign-in',
  heading: 'Sign in',
  footer: 'A local stand-in for Google and Facebook sign-in. No real account is used.',
  colours: {
    background: '#f1f5f9',
    header: '#334155',
    badgeBackground: '#facc15',
    badgeText: '#422006',
    shadow: 'rgba(15,23,42,.12)',
  },
  css: `label{display:block;margin:0 0 12px;font-weight:600}
  input{display:block;width:100%;margin-top:4px;padding:10px;border:1px solid #cbd2d9;border-radius:8px;font:inherit}
  button{width:100%;padding:12px;border:0;border-radius:8px;background:#334155;color:#fff;font:inherit;font-weight:700}`,
};

export function sandboxPage(provider: ProviderName, query: z.infer<typeof sandboxQuery>): string {
  const name = socialProviderNames[provider];
  const body = `<p>Continue to Tibay with ${escapeHtml(name)}.</p>
  <form method="post" action="/sandbox-social/${provider}">
    <input type="hidden" name="return" value="${escapeHtml(query.return)}">
    <label>Email <input type="email" name="email" required autocomplete="email"></label>
    <label>First name <input name="firstName" required autocomplete="given-name"></label>
    <label>Last name <input name="lastName" autocomplete="family-name"></label>
    <button type="submit">Continue as this ${escapeHtml(name)} user</button>
  </form>`;
  return layout({ ...look, heading: `${name} (sandbox)` }, `${name} sign-in (sandbox)`, body);
}

/** The redirect back with the stand-in token, or null when the form is not valid. */
export async function sandboxSignIn(config: Pick<Config, 'jwtSecret'>, provider: ProviderName, body: unknown) {
  const form = sandboxSubmission.safeParse(body);
  if (!form.success) return null;
  const token = await sandboxToken(config, provider, form.data);
  const fragment = new URLSearchParams({ social: provider, accessToken: token });
  return `${form.data.return}#${fragment}`;
}
