import { errorBody } from '@tibay/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orders } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';
import { bookCourierDeliveries } from '../../lib/courier-booking.ts';
import { createCouriers } from '../../lib/couriers/index.ts';
import { sendLatePaymentEmail, sendOrderStatusEmail } from '../../lib/order-emails.ts';
import { type PaymentGateway, WebhookRejectedError } from './gateway.ts';
import { processWebhookEvent } from './payments.service.ts';
import { PaymongoGateway } from './paymongo-gateway.ts';
import { SandboxGateway } from './sandbox-gateway.ts';

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

  const config = app.config;
  const couriers = createCouriers(config);
  const gateways: Record<'sandbox' | 'paymongo', () => PaymentGateway | null> = {
    // The sandbox only answers while it is the configured gateway.
    sandbox: () =>
      config.PAYMENT_GATEWAY === 'sandbox'
        ? new SandboxGateway({
            db: app.db,
            publicUrl: config.publicUrl,
            secret: config.sandboxGatewaySecret,
            toleranceSeconds: config.WEBHOOK_TOLERANCE_SECONDS,
          })
        : null,
    // PayMongo events are accepted whenever a webhook secret is configured (late events after a switch).
    paymongo: () =>
      config.PAYMONGO_WEBHOOK_SECRET
        ? new PaymongoGateway({
            apiUrl: config.PAYMONGO_API_URL,
            secretKey: config.PAYMONGO_SECRET_KEY ?? '',
            webhookSecret: config.PAYMONGO_WEBHOOK_SECRET,
            toleranceSeconds: config.WEBHOOK_TOLERANCE_SECONDS,
          })
        : null,
  };

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
        const gateway = gateways[provider]();
        if (!gateway) throw new HttpError('NOT_FOUND', 'This gateway is not configured.');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: ReturnType<PaymentGateway['verifyWebhook']>;
        try {
          event = gateway.verifyWebhook(request.headers, raw, new Date());
        } catch (error) {
          if (error instanceof WebhookRejectedError) {
            request.log.warn({ provider, reason: error.message }, 'payment webhook rejected');
            throw new HttpError(error.statusCode === 401 ? 'UNAUTHENTICATED' : 'VALIDATION', error.message);
          }
          throw error;
        }
        const { paidCheckoutId, refundDueCheckoutId, ...answer } = await processWebhookEvent(
          app.db,
          gateway.provider,
          event,
          request.log,
        );
        if (refundDueCheckoutId !== undefined) await sendLatePaymentEmail(app, refundDueCheckoutId);
        if (paidCheckoutId !== undefined) {
          await emailVerifiedOrders(app, paidCheckoutId);
          // Paid gateway orders by Lalamove are booked now (failures are logged; the orders stay paid).
          await bookCourierDeliveries(app, couriers, paidCheckoutId).catch((error) =>
            request.log.error({ err: error, checkoutId: paidCheckoutId }, 'Lalamove bookings could not be made'),
          );
        }
        return answer;
      },
    );
  }
}

/** The buyer hears that the paid orders are verified (issue 5's status emails), after the settlement committed. */
async function emailVerifiedOrders(app: FastifyInstance, checkoutId: number) {
  const paid = await app.db
    .select({ reference: orders.reference })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'Verified')));
  for (const order of paid) await sendOrderStatusEmail(app, order.reference);
}
