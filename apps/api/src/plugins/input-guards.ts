import { messages } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/http-error.ts';

const NUL_IN_URL = /%00/i;
const MAX_DEPTH = 64;

/** Whether a parsed JSON value holds a NUL character in any string or key (PostgreSQL text cannot store one). */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Raw bodies (the gateways' signed webhooks) are bytes, checked by their own route.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * Input no screen sends is refused at the edge with a 400 (decision 0018), before any route reads it: a NUL byte in
 * the path, the query or a JSON body (PostgreSQL's text type cannot hold one, so it used to end in a 500).
 * Ids past PostgreSQL's integer range are bounded in the schemas; what still reaches the database malformed is
 * answered 400 by the errors plugin.
 */
export const inputGuardsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      // A raw NUL cannot arrive in an HTTP request line; encoded it is %00.
      if (NUL_IN_URL.test(request.url)) throw new HttpError('VALIDATION', messages.nullCharacter);
    });
    app.addHook('preValidation', async (request) => {
      if (holdsNul(request.body)) throw new HttpError('VALIDATION', messages.nullCharacter);
    });
  },
  { name: 'input-guards' },
);
