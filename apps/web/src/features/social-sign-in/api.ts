import { useQuery } from '@tanstack/react-query';
import type { SocialProvider } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as authEndpoints from '../../lib/endpoints/auth.ts';

/**
 * Google and Facebook sign-in's API calls (spec 1 §7 registerFB, loginFB, registerGoogle, loginGoogle), and the
 * profile page's linking of a provider to the signed-in account (decision 0031).
 */

export const socialSignInKeys = {
  config: ['social-config'] as const,
  links: ['social-links'] as const,
};

export function useSocialConfig() {
  return useQuery({
    queryKey: socialSignInKeys.config,
    queryFn: ({ signal }) => call(authEndpoints.socialConfig, { signal, token: null }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function socialRegister(provider: SocialProvider, accessToken: string) {
  return call(authEndpoints.socialRegister, { params: { provider }, body: { accessToken }, token: null });
}

export function socialLogin(provider: SocialProvider, accessToken: string) {
  return call(authEndpoints.socialLogin, { params: { provider }, body: { accessToken }, token: null });
}

export function socialLinkLogin(provider: SocialProvider, accessToken: string, password: string) {
  return call(authEndpoints.socialLinkLogin, { params: { provider }, body: { accessToken, password }, token: null });
}

export function useSocialLinks(enabled: boolean) {
  return useQuery({
    queryKey: socialSignInKeys.links,
    queryFn: ({ signal }) => call(authEndpoints.socialLinks, { signal }),
    enabled,
    retry: false,
  });
}

export function linkSocial(provider: SocialProvider, accessToken: string) {
  return call(authEndpoints.linkSocial, { params: { provider }, body: { accessToken } });
}

export function unlinkSocial(provider: SocialProvider) {
  return call(authEndpoints.unlinkSocial, { params: { provider } });
}
