import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileFileKind, ProfileReviewQuery } from '@tibay/contract';
import { callVia, pathOf } from '../../lib/endpoint.ts';
import * as adminEndpoints from '../../lib/endpoints/admin.ts';
import { adminApi, adminFile } from '../admin/index.ts';

/**
 * The profile review's calls (admin-v2 Profiles, decision 0032). The admin session is the httpOnly cookie the
 * browser sends itself; every call carries the admin CSRF header; calls go through the admin frame's transport, so a 401
 * ends the admin session there ('Not Authorized!').
 */

export type ProfileReviewFilters = Pick<ProfileReviewQuery, 'status' | 'q' | 'page'>;

export const profileReviewKeys = {
  all: ['admin', 'profiles'] as const,
  lists: ['admin', 'profiles', 'list'] as const,
  list: (filters: ProfileReviewFilters) => [...profileReviewKeys.lists, filters] as const,
  profile: (id: number) => ['admin', 'profiles', 'profile', id] as const,
  file: (id: number, kind: ProfileFileKind, version: string | null) =>
    ['admin', 'profiles', 'file', id, kind, version] as const,
};

export function useProfilesToReview(filters: ProfileReviewFilters) {
  return useQuery({
    queryKey: profileReviewKeys.list(filters),
    queryFn: () => callVia(adminApi, adminEndpoints.profilesToReview, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useProfileToReview(id: number | null) {
  return useQuery({
    queryKey: profileReviewKeys.profile(id ?? 0),
    queryFn: () => callVia(adminApi, adminEndpoints.profileToReview, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    select: (answer) => answer.customerDetail,
  });
}

/**
 * A customer's face capture, signature or BIR 2303 as a blob. They are private: an <img> cannot load them by URL
 * (the admin cookie goes with this request, and the dialog shows an object URL). A plain fetch: the answer is a
 * file, and `call()` reads JSON only. `version` (the stored file's name) keeps the cache right after a new upload.
 */
export function useProfileFile(id: number, kind: ProfileFileKind, version: string | null) {
  return useQuery({
    queryKey: profileReviewKeys.file(id, kind, version),
    queryFn: ({ signal }) => adminFile(pathOf(adminEndpoints.profileFile, { params: { id, kind } }), signal),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** VERIFY: the profile becomes VERIFIED (audited by the server); the queue and the profile are read again. */
export function useVerifyProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callVia(adminApi, adminEndpoints.verifyProfile, { params: { id } }),
    onSuccess: (answer) => {
      client.setQueryData(profileReviewKeys.profile(answer.customerDetail.id), answer);
      void client.invalidateQueries({ queryKey: profileReviewKeys.lists });
    },
  });
}
