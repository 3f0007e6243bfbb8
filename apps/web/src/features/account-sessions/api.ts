import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndSessionsResponse, SignedInSessionsResponse } from '@tibay/contract';
import { api } from '../../lib/api.ts';

const sessionsKey = ['account-sessions'] as const;

/** GET /me/sessions: the account's signed-in sessions, this one first (decision 0017). */
export function useSignedInSessions(token: string | null) {
  return useQuery({
    queryKey: [...sessionsKey, token],
    queryFn: ({ signal }) => api<SignedInSessionsResponse>('/me/sessions', { signal }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** DELETE /me/sessions/:id, or POST /me/sessions/end-others when no id is given. */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | null) =>
      sessionId
        ? api<EndSessionsResponse>(`/me/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' })
        : api<EndSessionsResponse>('/me/sessions/end-others', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
