import type {
  agentCustomersQuery,
  agentCustomersResponse,
  agentsQuery,
  agentsResponse,
  impersonateRequest,
  impersonateResponse,
  successMessage,
} from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

/** Agents by name for the Buyer's agent selector (complete profile). */
export const list = defineEndpoint({
  method: 'GET',
  path: '/agents',
  query: schema<typeof agentsQuery>(),
  response: schema<typeof agentsResponse>(),
});
export const customers = defineEndpoint({
  method: 'GET',
  path: '/agent/customers',
  query: schema<typeof agentCustomersQuery>(),
  response: schema<typeof agentCustomersResponse>(),
});
export const impersonate = defineEndpoint({
  method: 'POST',
  path: '/agent/impersonate',
  body: schema<typeof impersonateRequest>(),
  response: schema<typeof impersonateResponse>(),
});
export const endImpersonation = defineEndpoint({
  method: 'POST',
  path: '/agent/impersonation/end',
  response: schema<typeof successMessage>(),
});
