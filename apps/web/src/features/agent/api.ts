import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint.ts';
import * as agentsEndpoints from '../../lib/endpoints/agents.ts';
import * as meEndpoints from '../../lib/endpoints/me.ts';

export const agentKeys = {
  customers: (agentToken: string | null, q: string) => ['agent-customers', agentToken, q] as const,
};

/** The agent's customers, searched by name, email or phone; always called with the agent's own token. */
export function listAgentCustomers(q: string, agentToken: string, signal?: AbortSignal) {
  return call(agentsEndpoints.customers, { query: { q: q || undefined }, token: agentToken, signal });
}

export function useAgentCustomers(q: string, agentToken: string | null) {
  return useQuery({
    queryKey: agentKeys.customers(agentToken, q),
    queryFn: ({ signal }) => listAgentCustomers(q, agentToken!, signal),
    enabled: Boolean(agentToken),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** impersonatingCustomer: a token that names both the agent and the customer. */
export function impersonateCustomer(customerId: number, agentToken: string) {
  return call(agentsEndpoints.impersonate, { body: { impersonate_customer_id: customerId }, token: agentToken });
}

/** Ends an impersonation token on the server (best effort: the client drops it anyway). */
export function endImpersonation(impersonationToken: string) {
  return call(agentsEndpoints.endImpersonation, { token: impersonationToken });
}

/** The customer-data call with a given token. */
export function fetchSessionUser(token: string) {
  return call(meEndpoints.get, { token });
}
