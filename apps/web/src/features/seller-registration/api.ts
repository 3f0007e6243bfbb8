import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SellerRegistrationData,
  type SellerRegistrationListQuery,
  sellerRegistrationConstants,
} from '@tibay/contract';
import { call, callVia, pathOf } from '../../lib/endpoint.ts';
import * as authEndpoints from '../../lib/endpoints/auth.ts';
import * as endpoints from '../../lib/endpoints/seller-registration.ts';
import { adminApi, adminFile } from '../admin/index.ts';

/** Seller registration's calls: the public registration, the set-password link, and the admin-v2 queue. */

export type RegistrationFilters = { status: NonNullable<SellerRegistrationListQuery['status']>; page: number };

export const sellerRegistrationKeys = {
  companies: (q: string, include: number | undefined) => ['seller-registration', 'companies', q, include] as const,
  all: ['admin', 'seller-registrations'] as const,
  lists: ['admin', 'seller-registrations', 'list'] as const,
  list: (filters: RegistrationFilters) => [...sellerRegistrationKeys.lists, filters] as const,
  one: (id: number) => ['admin', 'seller-registrations', 'one', id] as const,
  logo: (id: number) => ['admin', 'seller-registrations', 'logo', id] as const,
};

/** The mother company choices: page 1, size 20 (spec 3 §7, §9), narrowed by what is typed, with the chosen one. */
export function useSellerCompanies(q: string, include: number | undefined) {
  return useQuery({
    queryKey: sellerRegistrationKeys.companies(q, include),
    queryFn: ({ signal }) =>
      call(endpoints.companies, {
        query: { page: 1, pageSize: sellerRegistrationConstants.companiesPageSize, q, include },
        signal,
        token: null,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function submitRegistration(data: SellerRegistrationData, logo: File) {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  body.append('sellerLogo', logo, logo.name);
  return call(endpoints.register, { body, token: null });
}

/** The approval mail's one-time link: the password reset call with that token. */
export function setPassword(body: { token: string; newPassword: string; confirmPassword: string }) {
  return call(authEndpoints.resetPassword, { body, token: null });
}

export function useRegistrations(filters: RegistrationFilters) {
  return useQuery({
    queryKey: sellerRegistrationKeys.list(filters),
    queryFn: () => callVia(adminApi, endpoints.registrations, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useRegistration(id: number | null) {
  return useQuery({
    queryKey: sellerRegistrationKeys.one(id ?? 0),
    queryFn: () => callVia(adminApi, endpoints.registration, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** The registration's logo as a blob (private: the admin cookie goes with this request; shown by object URL). */
export function useRegistrationLogo(id: number) {
  return useQuery({
    queryKey: sellerRegistrationKeys.logo(id),
    queryFn: ({ signal }) => adminFile(pathOf(endpoints.registrationLogo, { params: { id } }), signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useDecideRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string }) =>
      input.decision === 'approve'
        ? callVia(adminApi, endpoints.approve, { params: { id: input.id } })
        : callVia(adminApi, endpoints.reject, { params: { id: input.id }, body: { reason: input.reason } }),
    onSuccess: (answer) => {
      client.setQueryData(sellerRegistrationKeys.one(answer.registration.id), answer.registration);
      void client.invalidateQueries({ queryKey: sellerRegistrationKeys.lists });
    },
  });
}
