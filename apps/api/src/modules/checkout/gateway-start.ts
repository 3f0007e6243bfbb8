import { randomBytes } from 'node:crypto';
import { type CheckoutResult, type ErrorBody, messages, type OrderStatus } from '@tibay/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cartItems, checkouts, payments } from '../../db/schema/index.ts';
import { settleCheckoutUnpaid, startGatewayPayment } from '../payments/index.ts';
import { type CustomerRow, loadCustomer } from './checkout.repository.ts';
import { sendConfirmation } from './confirmation-mail.ts';
import type { CheckoutRow, PlaceOrderInput, ResumeGatewayStart, StoredResponse } from './idempotency.ts';

/**
 * Opening the gateway's hosted page happens after the checkout's commit. The request doing it holds a claim on the
 * checkouts row (`<process id>:<random>`, valid for a while); if it dies first (a crash, a restart), the stored answer
 * never comes. A retry with the same key then takes the claim over and finishes the start, instead of answering
 * "still being placed" until the payment window closes.
 */

/** Longer than a gateway call may take (its timeout is 10 s) plus the writes around it. */
export const gatewayClaimSeconds = 30;

/** What a retry needs to finish the start: the answer so far and the cart lines to give back if it fails. */
export interface GatewayPending {
  result: CheckoutResult;
  lines: { cart_item_id: number; product_id: number; quantity: number }[];
}

/** This process's id, and the claims its requests are working on (tokens are unique, so apps can share them). */
const processId = randomBytes(8).toString('hex');
const runningClaims = new Set<string>();

/** A new claim for this request; release it with releaseClaim when the request is done with the row. */
export function newClaim(now = new Date()): { token: string; until: Date } {
  const token = `${processId}:${randomBytes(6).toString('hex')}`;
  runningClaims.add(token);
  return { token, until: new Date(now.getTime() + gatewayClaimSeconds * 1000) };
}

export function releaseClaim(token: string) {
  runningClaims.delete(token);
}

/**
 * Whether the request holding `claim` is gone: one of this process's that is no longer running; on PGlite any other
 * process's (only one process can open its data, so an earlier one has ended); otherwise once the claim expired.
 */
export function claimAbandoned(app: FastifyInstance, claim: string | null, until: Date | null, now = new Date()) {
  if (!claim) return false;
  if (claim.startsWith(`${processId}:`)) return !runningClaims.has(claim);
  return app.dbKind === 'pglite' || (until !== null && until.getTime() <= now.getTime());
}

/** Takes an abandoned claim over (one retry wins when several race): the new claim, or null. */
export async function takeOverClaim(app: FastifyInstance, checkoutId: number, abandoned: string) {
  const claim = newClaim();
  const taken = await app.db
    .update(checkouts)
    .set({ gatewayClaim: claim.token, gatewayClaimedUntil: claim.until })
    .where(and(eq(checkouts.id, checkoutId), sql`${checkouts.response} is null`, eq(checkouts.gatewayClaim, abandoned)))
    .returning({ id: checkouts.id });
  if (taken.length > 0) return claim;
  releaseClaim(claim.token);
  return null;
}

export interface GatewayStart {
  checkoutId: number;
  key: string;
  pending: GatewayPending;
  input: PlaceOrderInput;
  channel: string | null;
  customer: Pick<CustomerRow, 'id' | 'first_name' | 'last_name' | 'email' | 'phone'>;
}

/**
 * Opens the hosted page for a placed gateway checkout and stores the answer a repeated key replays. A session that
 * was already opened (the request that opened it died before answering) is answered as it is. When the gateway
 * fails, or the checkout already ended meanwhile, nothing was charged: the cart lines go back under their ids, the
 * orders end 'Payment Failed' (stock, voucher and credit given back), the answer is 502 and the key is freed, so PAY
 * again with the same key tries afresh.
 */
export async function finishGatewayStart(app: FastifyInstance, start: GatewayStart): Promise<StoredResponse> {
  const { pending, input, customer } = start;
  const placed = pending.result;
  const [payment] = await app.db
    .select({ id: payments.id, status: payments.status, paymentUrl: payments.paymentUrl })
    .from(payments)
    .where(eq(payments.checkoutId, start.checkoutId));
  let answer: StoredResponse | null = null;
  if (payment?.status === 'pending' && payment.paymentUrl) {
    const result = { ...placed, payment: { ...placed.payment, payment_url: payment.paymentUrl } };
    answer = { status: 200, body: result, result };
  } else if (payment?.status === 'pending') {
    const refs = placed.orders.map((order) => order.reference);
    const back = `${app.config.publicUrl}/payment/web-hooks?ref=${encodeURIComponent(refs[0]!)}`;
    const billing = input.card_billing;
    try {
      const session = await startGatewayPayment(app, {
        paymentId: payment.id,
        checkoutId: start.checkoutId,
        amount: placed.fees.grand_total,
        description: `Tibay order ${refs.join(', ')}`,
        reference: refs[0]!,
        method: input.payment_method as 'card' | 'online',
        channel: start.channel,
        billing: {
          name: billing
            ? [billing.firstName, billing.middleName, billing.lastName].filter(Boolean).join(' ')
            : `${customer.first_name} ${customer.last_name}`,
          email: customer.email,
          phone: customer.phone,
          ...(billing
            ? {
                address: [
                  billing.billingAddress,
                  billing.billingCity,
                  billing.billingState,
                  billing.billingZip,
                  billing.billingCountry,
                ]
                  .filter(Boolean)
                  .join(', '),
              }
            : {}),
        },
        successUrl: back,
        cancelUrl: back,
      });
      const result = { ...placed, payment: { ...placed.payment, payment_url: session.paymentUrl } };
      answer = { status: 200, body: result, result };
    } catch (error) {
      app.log.error({ err: error, checkoutId: start.checkoutId }, 'gateway payment could not be started');
    }
  }
  if (!answer) {
    // Nothing was bought: the lines go back into the cart first, under their ids, so the checkout page can retry.
    await app.db
      .insert(cartItems)
      .values(
        pending.lines.map((line) => ({
          id: line.cart_item_id,
          customerId: customer.id,
          productId: line.product_id,
          quantity: line.quantity,
        })),
      )
      .onConflictDoNothing();
    // Then the orders end (stock, voucher and credit back); the lines above keep their ids for the retry.
    await settleCheckoutUnpaid(app.db, start.checkoutId, 'Payment Failed', 'The payment gateway could not be reached');
    const result: CheckoutResult = {
      ...placed,
      orders: placed.orders.map((order) => ({ ...order, status: 'Payment Failed' as OrderStatus })),
      payment: { ...placed.payment, status: 'failed' },
    };
    const body: ErrorBody = { error: { code: 'UPSTREAM_UNAVAILABLE', message: messages.paymentGatewayError } };
    answer = { status: 502, body, result };
  }
  // A payment that could not even start charged nothing: the key is freed (the failed checkout keeps its answer
  // under a suffixed key), so PAY again with the same key tries afresh instead of replaying the failure.
  await app.db
    .update(checkouts)
    .set({
      response: answer,
      gatewayPending: null,
      gatewayClaim: null,
      gatewayClaimedUntil: null,
      ...(answer.status === 200 ? {} : { idempotencyKey: `${start.key}:failed:${start.checkoutId}` }),
    })
    .where(eq(checkouts.id, start.checkoutId));
  if (answer.status === 200) await sendConfirmation(app, { customer }, answer.result);
  return answer;
}

/** The resume step a retry with the same key runs when the first request left a gateway start unfinished. */
export function resumeGatewayStart(
  app: FastifyInstance,
  customerId: number,
  key: string,
  input: PlaceOrderInput,
): ResumeGatewayStart {
  return async (row: CheckoutRow) => {
    if (!claimAbandoned(app, row.gatewayClaim, row.gatewayClaimedUntil)) return null;
    const claim = await takeOverClaim(app, row.id, row.gatewayClaim!);
    if (!claim) return null;
    try {
      const customer = await loadCustomer(app.db, customerId);
      if (!customer) return null;
      app.log.warn({ checkoutId: row.id }, 'resuming a gateway start its first request left unfinished');
      const answer = await finishGatewayStart(app, {
        checkoutId: row.id,
        key,
        pending: row.gatewayPending as GatewayPending,
        input,
        channel: input.payment_method === 'online' ? (input.payment_channel ?? null) : null,
        customer,
      });
      return { status: answer.status, body: answer.body };
    } finally {
      releaseClaim(claim.token);
    }
  };
}
