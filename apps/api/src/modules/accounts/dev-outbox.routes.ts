import { messages, outboxResponse } from '@tibay/contract';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailOutbox } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';

const LIMIT = 100;

/**
 * The developer mail page's data: the newest mails in the outbox. Only when the dev outbox is on
 * (DEV_OUTBOX=on, or no SMTP configured); in production it must be switched on explicitly, because the
 * outbox holds reset links.
 */
export async function devOutboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const enabled = app.config.devOutbox && (app.config.NODE_ENV !== 'production' || app.config.DEV_OUTBOX === 'on');

  app.get('/dev/outbox', { schema: { hide: true, response: { 200: outboxResponse } } }, async () => {
    if (!enabled) throw new HttpError('NOT_FOUND', messages.notFound);
    const rows = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(LIMIT);
    return {
      items: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });
}
