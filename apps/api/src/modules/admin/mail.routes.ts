import { adminMessages, adminUndeliveredMailList } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import * as mail from './mail.service.ts';

const tags = ['admin'];

/** Mail nobody received (every try over SMTP failed): the dashboard counts it, this page lists it and sends again. */
export async function adminMailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const admins = app.requireAdmin;

  app.get(
    '/admin/mail/undelivered',
    { schema: { tags, response: { 200: adminUndeliveredMailList } }, preHandler: admins },
    async () => mail.undeliveredMail(deps),
  );

  /** A fresh round of tries for one undelivered mail, starting with the retry job's next run. */
  app.post(
    '/admin/mail/:id/retry',
    {
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.object({ message: z.string() }) },
      },
      preHandler: admins,
    },
    async (request) => {
      await mail.retryMail(deps, request.params.id);
      request.log.info({ outboxId: request.params.id, adminId: request.admin!.userId }, 'undelivered mail requeued');
      return { message: adminMessages.mailRequeued };
    },
  );
}
