import { useQuery } from '@tanstack/react-query';
import type { AgentCustomer, SessionInfo } from '@tibay/contract';
import { api } from '../../../lib/api.ts';

/** The agent's customers, searched by name, email or phone; always called with the agent's own token. */
export function listAgentCustomers(q: string, agentToken: string, signal?: AbortSignal) {
  const query = q ? `?q=${encodeURIComponent(q)}` : '';
  return api<{ items: AgentCustomer[] }>(`/agent/customers${query}`, { token: agentToken, signal });
}

export function useAgentCustomers(q: string, agentToken: string | null) {
  return useQuery({
    queryKey: ['agent-customers', agentToken, q],
    queryFn: ({ signal }) => listAgentCustomers(q, agentToken!, signal),
    enabled: Boolean(agentToken),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** impersonatingCustomer: a token that names both the agent and the customer. */
export function impersonateCustomer(customerId: number, agentToken: string) {
  return api<{ success: boolean; token: string; expiresAt: string }>('/agent/impersonate', {
    method: 'POST',
    body: { impersonate_customer_id: customerId },
    token: agentToken,
  });
}

/** Ends an impersonation token on the server (best effort: the client drops it anyway). */
export function endImpersonation(impersonationToken: string) {
  return api<unknown>('/agent/impersonation/end', { method: 'POST', token: impersonationToken });
}

/** The customer-data call with a given token. */
export function fetchSessionUser(token: string) {
  return api<SessionInfo>('/me', { token });
}
