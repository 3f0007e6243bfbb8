import { z } from 'zod';
import {
  type GatewaySession,
  type GatewaySessionInput,
  GatewayUnavailableError,
  type PaymentGateway,
  type WebhookEvent,
  WebhookRejectedError,
} from './gateway.ts';
import { verifySignature } from './signatures.ts';

/**
 * PayMongo hosted checkout (https://developers.paymongo.com): POST /v1/checkout_sessions with the secret key as
 * the Basic-auth user name; the buyer pays on data.attributes.checkout_url; PayMongo then posts events signed with
 * `Paymongo-Signature: t=<unix>,te=<hmac>,li=<hmac>` (HMAC-SHA256 of "<t>.<raw body>" with the webhook's
 * secret; te is filled in test mode, li in live mode).
 */

export const paymongoSignatureHeader = 'paymongo-signature';

/** Our online channels to PayMongo payment_method_types. */
const methodTypesOfChannel: Record<string, string> = {
  gcash: 'gcash',
  paymaya: 'paymaya',
  grab_pay: 'grab_pay',
  dob_bpi: 'dob',
  dob_ubp: 'dob_ubp',
};

export function paymongoMethodTypes(method: 'card' | 'online', channel: string | null): string[] {
  if (method === 'card') return ['card'];
  const type = channel ? methodTypesOfChannel[channel] : undefined;
  return type ? [type] : ['gcash', 'paymaya', 'grab_pay', 'dob', 'dob_ubp'];
}

const createdSession = z.object({
  data: z.object({
    id: z.string().min(1),
    attributes: z.object({ checkout_url: z.url() }),
  }),
});

const paymentResource = z.object({
  id: z.string(),
  attributes: z
    .object({
      amount: z.number().int().optional(),
      status: z.string().optional(),
      metadata: z.record(z.string(), z.unknown()).nullish(),
    })
    .loose(),
});

const webhookEvent = z.object({
  data: z.object({
    id: z.string().min(1).max(200),
    type: z.literal('event').optional(),
    attributes: z
      .object({
        type: z.string().max(100),
        livemode: z.boolean().optional(),
        data: z
          .object({
            id: z.string().max(200),
            type: z.string().optional(),
            attributes: z.record(z.string(), z.unknown()).optional(),
          })
          .loose(),
      })
      .loose(),
  }),
});

export interface PaymongoOptions {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  toleranceSeconds: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class PaymongoGateway implements PaymentGateway {
  readonly provider = 'paymongo' as const;

  constructor(private readonly options: PaymongoOptions) {}

  async createSession(input: GatewaySessionInput): Promise<GatewaySession> {
    const billing: Record<string, unknown> = { name: input.billing.name, email: input.billing.email };
    if (input.billing.phone) billing.phone = input.billing.phone;
    if (input.billing.address) billing.address = { line1: input.billing.address.slice(0, 255), country: 'PH' };
    const body = {
      data: {
        attributes: {
          billing,
          line_items: [{ name: input.description.slice(0, 255), amount: input.amount, currency: 'PHP', quantity: 1 }],
          payment_method_types: paymongoMethodTypes(input.method, input.channel),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          reference_number: input.reference.slice(0, 255),
          description: input.description.slice(0, 255),
          send_email_receipt: false,
          show_description: true,
          show_line_items: true,
          // Copied onto the payments of the session: lets a payment.failed event find its checkout.
          metadata: { tibay_payment_id: String(input.paymentId), tibay_checkout_id: String(input.checkoutId) },
        },
      },
    };
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(new URL('/v1/checkout_sessions', this.options.apiUrl), {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: this.authorization(),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new GatewayUnavailableError(`PayMongo could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new GatewayUnavailableError(
        `PayMongo refused the checkout session (${response.status}): ${text.slice(0, 500)}`,
      );
    }
    let parsed: z.infer<typeof createdSession>;
    try {
      parsed = createdSession.parse(JSON.parse(text));
    } catch {
      throw new GatewayUnavailableError('PayMongo answered with an unexpected checkout session.');
    }
    return { sessionId: parsed.data.id, paymentUrl: parsed.data.attributes.checkout_url };
  }

  /** POST /v1/checkout_sessions/{id}/expire: the hosted page stops taking payments. */
  async expireSession(sessionId: string): Promise<void> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(
        new URL(`/v1/checkout_sessions/${encodeURIComponent(sessionId)}/expire`, this.options.apiUrl),
        {
          method: 'POST',
          headers: { accept: 'application/json', authorization: this.authorization() },
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        },
      );
    } catch (error) {
      throw new GatewayUnavailableError(`PayMongo could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const text = await response.text();
      throw new GatewayUnavailableError(
        `PayMongo did not expire ${sessionId} (${response.status}): ${text.slice(0, 300)}`,
      );
    }
  }

  private authorization() {
    return `Basic ${Buffer.from(`${this.options.secretKey}:`).toString('base64')}`;
  }

  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer, now: Date): WebhookEvent {
    verifySignature({
      header: headers[paymongoSignatureHeader],
      headerName: 'Paymongo-Signature',
      // The mode comes from our own key, never from the (not yet trusted) body.
      scheme: this.options.secretKey.startsWith('sk_live_') ? 'li' : 'te',
      secret: this.options.webhookSecret,
      rawBody,
      now,
      toleranceSeconds: this.options.toleranceSeconds,
    });
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejectedError(400, 'The webhook body is not JSON.');
    }
    const parsed = webhookEvent.safeParse(json);
    if (!parsed.success) throw new WebhookRejectedError(400, 'The webhook event is not understood.');
    const event = parsed.data.data;
    const type = event.attributes.type;
    const resource = event.attributes.data;
    if (type === 'checkout_session.payment.paid') {
      const payments = z.array(paymentResource).safeParse(resource.attributes?.payments);
      const amount = payments.success
        ? payments.data.reduce((sum, p) => sum + (p.attributes.status === 'paid' ? (p.attributes.amount ?? 0) : 0), 0)
        : null;
      return { id: event.id, type, outcome: 'paid', sessionId: resource.id, amount: amount || null, payload: json };
    }
    if (type === 'payment.failed') {
      // A payment resource: its checkout session is found through the metadata we gave the session.
      const payment = paymentResource.safeParse(resource);
      const paymentId = payment.success ? payment.data.attributes.metadata?.tibay_payment_id : undefined;
      return {
        id: event.id,
        type,
        outcome: 'failed',
        sessionId: null,
        paymentId: typeof paymentId === 'string' && /^\d{1,10}$/.test(paymentId) ? Number(paymentId) : null,
        amount: payment.success ? (payment.data.attributes.amount ?? null) : null,
        payload: json,
      };
    }
    return { id: event.id, type, outcome: 'ignored', sessionId: resource.id, amount: null, payload: json };
  }
}
