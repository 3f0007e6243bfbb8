import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint.ts';
import * as meEndpoints from '../../lib/endpoints/me.ts';

export const sessionsKeys = {
  all: ['account-sessions'] as const,
  list: (token: string | null) => [...sessionsKeys.all, token] as const,
};

/** GET /me/sessions: the account's signed-in sessions, this one first (decision 0017). */
export function useSignedInSessions(token: string | null) {
  return useQuery({
    queryKey: sessionsKeys.list(token),
    queryFn: ({ signal }) => call(meEndpoints.sessions, { signal }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** DELETE /me/sessions/:id, or POST /me/sessions/end-others when no id is given. */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | null) =>
      sessionId ? call(meEndpoints.endSession, { params: { id: sessionId } }) : call(meEndpoints.endOtherSessions),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKeys.all }),
  });
}
