import { createHash } from 'node:crypto';
import { type CheckoutResult, type ErrorBody, messages, type placeOrderRequest } from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { withCurrentOrders } from '../orders/index.ts';
import { type CheckoutRow, checkoutByKey } from './checkout.repository.ts';

export type { CheckoutRow } from './checkout.repository.ts';

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

/** Finishes a gateway start whose request died (gateway-start.ts); null while that request may still be running. */
export type ResumeGatewayStart = (row: CheckoutRow) => Promise<PlaceOrderAnswer | null>;

/**
 * A repeated key: the same request gets the stored answer (waiting a little while the first is finishing), with each
 * order's courier share link as it is now (a Lalamove delivery is booked after the answer is stored). A gateway
 * checkout whose first request died before storing its answer is finished by this one (`resume`).
 */
export async function replay(
  deps: Pick<Deps, 'db'>,
  customerId: number,
  key: string,
  hash: string,
  resume?: ResumeGatewayStart,
): Promise<PlaceOrderAnswer> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const row = await checkoutByKey(deps.db, customerId, key);
    if (!row) throw new HttpError('CONFLICT', messages.checkoutInProgress);
    if (row.requestHash !== hash) throw new HttpError('BUSINESS_RULE', messages.idempotencyKeyReused);
    const stored = row.response as StoredResponse | null;
    if (stored?.status === 200)
      return { status: 200, body: await withCurrentOrders(deps, stored.result, { status: false }) };
    if (stored) return { status: stored.status, body: stored.body };
    const resumed = resume && row.gatewayPending ? await resume(row) : null;
    if (resumed) return resumed;
    if (Date.now() > deadline) throw new HttpError('CONFLICT', messages.checkoutInProgress);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
