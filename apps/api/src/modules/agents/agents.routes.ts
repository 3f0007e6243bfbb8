import {
  agentCustomersQuery,
  agentCustomersResponse,
  impersonateRequest,
  impersonateResponse,
  messages,
  successMessage,
} from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { deviceOf } from '../../plugins/auth.ts';
import { sessionUser, tokenExpiry } from '../accounts/index.ts';
import { endImpersonation, impersonate, linkedCustomers } from './agents.service.ts';

/** The agent's own session (role agent, not acting for anyone). */
function agentSession(request: FastifyRequest) {
  const user = sessionUser(request);
  if (user.actingAgentId) throw new HttpError('FORBIDDEN', messages.notWhileImpersonating);
  return user;
}

function facts(request: FastifyRequest) {
  return { method: request.method, path: request.routeOptions.url ?? request.url.split('?')[0] ?? '', ip: request.ip };
}

export async function agentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['agents'];

  app.get(
    '/agent/customers',
    {
      schema: { tags, querystring: agentCustomersQuery, response: { 200: agentCustomersResponse } },
      preHandler: app.requireAuth(['agent']),
    },
    async (request) => ({ items: await linkedCustomers(deps, agentSession(request).id, request.query.q) }),
  );

  app.post(
    '/agent/impersonate',
    {
      schema: { tags, body: impersonateRequest, response: { 200: impersonateResponse } },
      preHandler: app.requireAuth(['agent']),
    },
    async (request, reply) => {
      const agent = agentSession(request);
      reply.header('cache-control', 'no-store');
      return impersonate(
        deps,
        { id: agent.id, sessionId: agent.sessionId, tokenExpiry: tokenExpiry(request) },
        request.body.impersonate_customer_id,
        facts(request),
        deviceOf(request),
      );
    },
  );

  app.post(
    '/agent/impersonation/end',
    { schema: { tags, response: { 200: successMessage } }, preHandler: app.requireAuth() },
    async (request) => {
      const user = sessionUser(request);
      if (!user.actingAgentId) throw new HttpError('BUSINESS_RULE', messages.notImpersonating);
      return endImpersonation(deps, user.actingAgentId, user.id, user.sessionId, facts(request));
    },
  );
}
