import { useQuery } from '@tanstack/react-query';
import type { CompleteProfileData } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as agentsEndpoints from '../../lib/endpoints/agents.ts';
import * as meEndpoints from '../../lib/endpoints/me.ts';

export const completeProfileKeys = {
  profiles: ['profile'] as const,
  profile: (token: string | null) => [...completeProfileKeys.profiles, token] as const,
  agents: (q: string) => ['agents', q] as const,
};

/** GET /me/profile (the spec's loadProfileDatav1_1). */
export function useProfile(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: completeProfileKeys.profile(token),
    queryFn: ({ signal }) => call(meEndpoints.profile, { signal }),
    enabled: enabled && Boolean(token),
    retry: false,
  });
}

/** GET /agents?q= : agents by name for the Buyer's agent selector. */
export function useAgents(q: string, enabled: boolean) {
  return useQuery({
    queryKey: completeProfileKeys.agents(q),
    queryFn: ({ signal }) => call(agentsEndpoints.list, { query: { q }, signal }),
    enabled,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

/** POST /me/profile as multipart: data (JSON), client_facial_verification and client_signature (PNG). */
export function submitProfile(data: CompleteProfileData, face: Blob, signature: Blob) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('client_facial_verification', face, 'face.png');
  form.append('client_signature', signature, 'signature.png');
  return call(meEndpoints.completeProfile, { body: form });
}
