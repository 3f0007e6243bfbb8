import { useQuery } from '@tanstack/react-query';
import type { AgentsResponse, CompleteProfileResponse, ProfileResponse } from '@tibay/contract';
import { api } from '../../lib/api.ts';

/** GET /me/profile (the spec's loadProfileDatav1_1). */
export function useProfile(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['profile', token],
    queryFn: ({ signal }) => api<ProfileResponse>('/me/profile', { signal }),
    enabled: enabled && Boolean(token),
    retry: false,
  });
}

/** GET /agents?q= : agents by name for the Buyer's agent selector. */
export function useAgents(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['agents', q],
    queryFn: ({ signal }) => api<AgentsResponse>(`/agents?${new URLSearchParams({ q })}`, { signal }),
    enabled,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

/** POST /me/profile as multipart: data (JSON), client_facial_verification and client_signature (PNG). */
export function submitProfile(data: unknown, face: Blob, signature: Blob) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('client_facial_verification', face, 'face.png');
  form.append('client_signature', signature, 'signature.png');
  return api<CompleteProfileResponse>('/me/profile', { method: 'POST', body: form });
}
