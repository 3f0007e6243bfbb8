import { errorBody } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { webhookGateways } from './gateways.ts';
import { receiveWebhook } from './payments.service.ts';

const webhookAnswer = z.object({
  received: z.literal(true),
  result: z.enum(['settled', 'unchanged', 'duplicate', 'ignored']),
  detail: z.string().optional(),
});

/**
 * Gateway webhooks. The body is kept raw (a content-type parser scoped to these routes) because the signature
 * covers the exact bytes sent. Answers: 401 unsigned or wrongly signed, 400 stale or unreadable — nothing
 * changes; 200 for every verified event, including replays (result 'duplicate') and events about sessions we do
 * not know (result 'ignored'): gateways retry anything but 2xx, and a retry would not change the answer.
 */
export async function webhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => {
    done(null, body);
  });
  const deps = depsOf(app);
  const gateways = webhookGateways(app.config, app.db);

  for (const provider of ['sandbox', 'paymongo'] as const) {
    app.post(
      `/payments/webhooks/${provider}`,
      {
        schema: {
          tags: ['payments'],
          summary:
            provider === 'sandbox'
              ? 'Sandbox gateway webhook (Sandbox-Signature: t=<unix>,v1=<HMAC-SHA256 of "<t>.<raw body>">)'
              : 'PayMongo webhook (Paymongo-Signature: t=<unix>,te=<hmac>,li=<hmac>)',
          response: { 200: webhookAnswer, 400: errorBody, 401: errorBody, 404: errorBody },
        },
        // The gateway's own calls, signed: its limit is set here, not the per-person write limit.
        config: { rateLimit: { max: 600, timeWindow: '1 minute' }, writeLimit: false },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return receiveWebhook({ ...deps, log: request.log }, gateways[provider], request.headers, raw);
      },
    );
  }
}
