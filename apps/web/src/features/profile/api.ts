import { useQuery } from '@tanstack/react-query';
import type {
  AgentsResponse,
  BuildCreditSummary,
  ChangePasswordRequest,
  ChangePasswordResponse,
  ProfileFileKind,
  ProfileResponse,
  ProfileUpdateData,
  ProfileUpdateResponse,
} from '@tibay/contract';
import { api } from '../../lib/api.ts';
import { getSession } from '../../lib/session.ts';

/** The profile page's API calls (spec 2 Profile), in one place. */

export const profileKeys = {
  profile: (token: string | null) => ['profile', token] as const,
  buildCredit: (userId: number | null, token: string | null) => ['buildcredit', userId, token] as const,
  file: (kind: ProfileFileKind, version: string | null) => ['profile-file', kind, version] as const,
};

/** GET /me/profile (the spec's loadProfileDatav1_1). */
export function useProfile(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.profile(token),
    queryFn: ({ signal }) => api<ProfileResponse>('/me/profile', { signal }),
    enabled: enabled && Boolean(token),
    retry: false,
  });
}

/** GET /credit/buildcredit (checkExistingBalance): shown only while the line is active. */
export function useBuildCredit(userId: number | null, token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.buildCredit(userId, token),
    queryFn: ({ signal }) => api<BuildCreditSummary>('/credit/buildcredit', { signal }),
    enabled: enabled && Boolean(token),
    retry: false,
  });
}

/**
 * GET /me/profile/files/{kind}: the face capture, signature or BIR 2303 as a blob. They are private, so an <img>
 * cannot load them by URL: the bearer token goes with the request and the page shows an object URL.
 * `version` (the stored file's name) keeps the cache right after a new upload.
 */
export function useProfileFile(kind: ProfileFileKind, version: string | null) {
  return useQuery({
    queryKey: profileKeys.file(kind, version),
    queryFn: async ({ signal }) => {
      const token = getSession().token;
      const response = await fetch(`/api/v1/me/profile/files/${kind}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal,
      });
      if (!response.ok) throw new Error(`profile file ${kind}: ${response.status}`);
      return response.blob();
    },
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export interface ProfileUploads {
  face: Blob | null;
  signature: Blob | null;
  bir2303: File | null;
}

/** PUT /me/profile as multipart: data (JSON) and the new files, if any. */
export function saveProfile(data: ProfileUpdateData, files: ProfileUploads) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (files.face) form.append('client_facial_verification', files.face, 'face.png');
  if (files.signature) form.append('client_signature', files.signature, 'signature.png');
  if (files.bir2303) form.append('file_2303', files.bir2303, files.bir2303.name);
  return api<ProfileUpdateResponse>('/me/profile', { method: 'PUT', body: form });
}

/** POST /auth/change-password: other sessions end; this one continues with the returned token. */
export function changePassword(body: ChangePasswordRequest) {
  return api<ChangePasswordResponse>('/auth/change-password', { method: 'POST', body });
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
