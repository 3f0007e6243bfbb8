import { useQuery } from '@tanstack/react-query';
import type { SocialProvider } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as authEndpoints from '../../lib/endpoints/auth.ts';

/** Google and Facebook sign-in's API calls (spec 1 §7 registerFB, loginFB, registerGoogle, loginGoogle). */

export const socialSignInKeys = {
  config: ['social-config'] as const,
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
