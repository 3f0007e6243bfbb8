import { messages } from '@tibay/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/** The signed-in user (after requireAuth). */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  return request.user;
}

/** Account changes belong to the account holder, not to an agent acting for them. */
export function ownSessionUser(request: FastifyRequest): SessionUser {
  const user = sessionUser(request);
  if (user.actingAgentId) throw new HttpError('FORBIDDEN', messages.notAllowed);
  return user;
}
