import { messages, outboxResponse } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { newestOutboxMails } from './accounts.service.ts';

const LIMIT = 100;

/** The loopback addresses: the developer's own machine (IPv4, IPv6 and IPv4-mapped IPv6). */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

/**
 * The developer mail page's data: the newest mails in the outbox. Only when the dev outbox is on (DEV_OUTBOX=on, or
 * no SMTP configured), never in production (config refuses it), and only to the developer's own machine: the outbox
 * holds everyone's reset links. The address is the connection's unless TRUST_PROXY names a proxy (decision 0016).
 */
export async function devOutboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const enabled = app.config.devOutbox && app.config.NODE_ENV !== 'production';

  app.get('/dev/outbox', { schema: { hide: true, response: { 200: outboxResponse } } }, async (request) => {
    if (!enabled || !isLoopback(request.ip)) throw new HttpError('NOT_FOUND', messages.notFound);
    return newestOutboxMails(depsOf(app), LIMIT);
  });
}
