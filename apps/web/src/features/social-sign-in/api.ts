import { useQuery } from '@tanstack/react-query';
import type { LoginResponse, SocialConfigResponse, SocialProvider } from '@tibay/contract';
import { api } from '../../lib/api.ts';

/** Google and Facebook sign-in's API calls (spec 1 §7 registerFB, loginFB, registerGoogle, loginGoogle). */

export function useSocialConfig() {
  return useQuery({
    queryKey: ['social-config'],
    queryFn: ({ signal }) => api<SocialConfigResponse>('/auth/social', { signal, token: null }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function socialRegister(provider: SocialProvider, accessToken: string) {
  return api<{ success: true; message: string }>(`/auth/social/${provider}/register`, {
    method: 'POST',
    body: { accessToken },
    token: null,
  });
}

export function socialLogin(provider: SocialProvider, accessToken: string) {
  return api<LoginResponse>(`/auth/social/${provider}/login`, { method: 'POST', body: { accessToken }, token: null });
}
