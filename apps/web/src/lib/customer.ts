import { useQuery } from '@tanstack/react-query';
import { call } from './endpoint.ts';
import * as meEndpoints from './endpoints/me.ts';
import { storeUser, useSession } from './session.ts';

/** The signed-in customer's query (GET /me), shared by every page that needs the server's fresh copy. */
export const customerKeys = {
  all: ['me'] as const,
  current: (token: string | null) => [...customerKeys.all, token] as const,
};

/**
 * The signed-in customer, fresh from the server (customerData; the stored copy may be stale after a change).
 * The stored copy is brought up to date with it.
 */
export function useCustomer(enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: customerKeys.current(token),
    queryFn: async ({ signal }) => {
      const info = await call(meEndpoints.get, { signal });
      storeUser(info.user);
      return info.user;
    },
    enabled: enabled && Boolean(token),
    retry: false,
  });
}

/** The BuildCredit summary of whoever the token names (an agent acting for a customer sees the customer's). */
export const buildCreditKeys = {
  all: ['buildcredit'] as const,
  summary: (userId: number | null, token: string | null) => [...buildCreditKeys.all, userId, token] as const,
};

export function useBuildCreditSummary() {
  const { userId, token } = useSession();
  return useQuery({
    queryKey: buildCreditKeys.summary(userId, token),
    queryFn: ({ signal }) => call(meEndpoints.buildCredit, { signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}
