import { createHash } from 'node:crypto';
import { type CheckoutResult, type ErrorBody, messages, type placeOrderRequest } from '@tibay/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { checkouts } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';

/** The Idempotency-Key of POST /checkout: what is stored for a key, and how a repeated key is answered. */

export type PlaceOrderInput = z.output<typeof placeOrderRequest>;

export interface PlaceOrderFiles {
  proofOfPayment?: Buffer;
  purchaseOrder?: Buffer;
}

/** What the checkouts row keeps: the answer given (status and body, replayed for a repeated key) and the result. */
export interface StoredResponse {
  status: number;
  body: CheckoutResult | ErrorBody;
  result: CheckoutResult;
}

export interface PlaceOrderAnswer {
  status: number;
  body: CheckoutResult | ErrorBody;
}

/** Thrown inside the transaction when the key's checkout row already exists: roll back and replay. */
export class ReplaySignal extends Error {}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** SHA-256 of the request: the parsed data and the files' digests. The same key must come with the same request. */
export function requestHash(input: PlaceOrderInput, files: PlaceOrderFiles): string {
  return sha256(
    JSON.stringify({
      input,
      proof: files.proofOfPayment ? sha256(files.proofOfPayment) : null,
      po: files.purchaseOrder ? sha256(files.purchaseOrder) : null,
    }),
  );
}

export async function findCheckout(app: FastifyInstance, customerId: number, key: string) {
  const [row] = await app.db
    .select({
      id: checkouts.id,
      requestHash: checkouts.requestHash,
      response: checkouts.response,
      gatewayPending: checkouts.gatewayPending,
      gatewayClaim: checkouts.gatewayClaim,
      gatewayClaimedUntil: checkouts.gatewayClaimedUntil,
    })
    .from(checkouts)
    .where(and(eq(checkouts.customerId, customerId), eq(checkouts.idempotencyKey, key)));
  return row ?? null;
}

export type CheckoutRow = NonNullable<Awaited<ReturnType<typeof findCheckout>>>;
/** Finishes a gateway start whose request died (gateway-start.ts); null while that request may still be running. */
export type ResumeGatewayStart = (row: CheckoutRow) => Promise<PlaceOrderAnswer | null>;

/**
 * A repeated key: the same request gets the stored answer (waiting a little while the first is finishing). A gateway
 * checkout whose first request died before storing its answer is finished by this one (`resume`).
 */
export async function replay(
  app: FastifyInstance,
  customerId: number,
  key: string,
  hash: string,
  resume?: ResumeGatewayStart,
): Promise<PlaceOrderAnswer> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const row = await findCheckout(app, customerId, key);
    if (!row) throw new HttpError('CONFLICT', messages.checkoutInProgress);
    if (row.requestHash !== hash) throw new HttpError('BUSINESS_RULE', messages.idempotencyKeyReused);
    const stored = row.response as StoredResponse | null;
    if (stored) return { status: stored.status, body: stored.body };
    const resumed = resume && row.gatewayPending ? await resume(row) : null;
    if (resumed) return resumed;
    if (Date.now() > deadline) throw new HttpError('CONFLICT', messages.checkoutInProgress);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
