import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint.ts';
import { endpoints } from '../../lib/endpoints/index.ts';

export const sessionsKeys = {
  all: ['account-sessions'] as const,
  list: (token: string | null) => [...sessionsKeys.all, token] as const,
};

/** GET /me/sessions: the account's signed-in sessions, this one first (decision 0017). */
export function useSignedInSessions(token: string | null) {
  return useQuery({
    queryKey: sessionsKeys.list(token),
    queryFn: ({ signal }) => call(endpoints.me.sessions, { signal }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** DELETE /me/sessions/:id, or POST /me/sessions/end-others when no id is given. */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | null) =>
      sessionId ? call(endpoints.me.endSession, { params: { id: sessionId } }) : call(endpoints.me.endOtherSessions),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKeys.all }),
  });
}
