import { useQuery } from '@tanstack/react-query';
import type { ChangePasswordRequest, ProfileFileKind, ProfileUpdateData } from '@tibay/contract';
import { call, pathOf } from '../../lib/endpoint.ts';
import * as authEndpoints from '../../lib/endpoints/auth.ts';
import * as meEndpoints from '../../lib/endpoints/me.ts';
import { getSession } from '../../lib/session.ts';

/**
 * The profile page's API calls (spec 2 Profile). The profile and agent queries are complete-profile's (through its
 * index.ts), the BuildCredit summary is lib/customer.ts's: each shared query lives once.
 */

export const profileKeys = {
  file: (kind: ProfileFileKind, version: string | null) => ['profile-file', kind, version] as const,
};

/**
 * GET /me/profile/files/{kind}: the face capture, signature or BIR 2303 as a blob. They are private, so an <img>
 * cannot load them by URL: the bearer token goes with the request and the page shows an object URL.
 * A plain fetch, not `call()`: the answer is a file, and `call()` reads JSON only.
 * `version` (the stored file's name) keeps the cache right after a new upload.
 */
export function useProfileFile(kind: ProfileFileKind, version: string | null) {
  return useQuery({
    queryKey: profileKeys.file(kind, version),
    queryFn: async ({ signal }) => {
      const token = getSession().token;
      const response = await fetch(`/api/v1${pathOf(meEndpoints.profileFile, { params: { kind } })}`, {
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
  return call(meEndpoints.updateProfile, { body: form });
}

/** POST /auth/change-password: other sessions end; this one continues with the returned token. */
export function changePassword(body: ChangePasswordRequest) {
  return call(authEndpoints.changePassword, { body });
}
