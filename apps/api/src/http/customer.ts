import { messages } from '@tibay/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/** The signed-in customer's user id (the acted-for customer when an agent acts); routes behind requireAuth. */
export function customerId(request: FastifyRequest): number {
  if (!request.user) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  return request.user.id;
}
