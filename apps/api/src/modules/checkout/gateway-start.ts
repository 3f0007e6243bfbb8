import { randomBytes } from 'node:crypto';
import { type CheckoutResult, type ErrorBody, messages, type OrderStatus } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { returnLinesToCart } from '../cart/index.ts';
import { settleCheckoutUnpaid } from '../orders/index.ts';
import { startGatewayPayment } from '../payments/index.ts';
import {
  type CustomerRow,
  loadCustomer,
  paymentOfCheckout,
  storeAnswer,
  takeOverGatewayClaim,
} from './checkout.repository.ts';
import { confirmationMail } from './confirmation-mail.ts';
import type { CheckoutRow, PlaceOrderInput, ResumeGatewayStart, StoredResponse } from './idempotency.ts';

export type GatewayDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'log' | 'paymentGateway'> & {
  dbKind: 'pglite' | 'postgres';
};

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
export function claimAbandoned(
  app: Pick<GatewayDeps, 'dbKind'>,
  claim: string | null,
  until: Date | null,
  now = new Date(),
) {
  if (!claim) return false;
  if (claim.startsWith(`${processId}:`)) return !runningClaims.has(claim);
  return app.dbKind === 'pglite' || (until !== null && until.getTime() <= now.getTime());
}

/** Takes an abandoned claim over (one retry wins when several race): the new claim, or null. */
export async function takeOverClaim(app: Pick<Deps, 'db'>, checkoutId: number, abandoned: string) {
  const claim = newClaim();
  if (await takeOverGatewayClaim(app.db, checkoutId, abandoned, claim)) return claim;
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
 * again with the same key tries afresh. The answer is stored (with the confirmation mail when the page exists), and
 * the mail delivered.
 */
export async function finishGatewayStart(app: GatewayDeps, start: GatewayStart): Promise<StoredResponse> {
  const { pending, input, customer } = start;
  const placed = pending.result;
  const payment = await paymentOfCheckout(app.db, start.checkoutId);
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
    answer = await undoPlacedCheckout(app, start);
  }
  // A payment that could not even start charged nothing: the key is freed (the failed checkout keeps its answer
  // under a suffixed key), so PAY again with the same key tries afresh instead of replaying the failure.
  const confirmation =
    answer.status === 200 ? confirmationMail(app.config.publicUrl, { customer }, answer.result) : null;
  const outboxId = await storeAnswer(app.db, start.checkoutId, answer, {
    confirmation,
    freeKey: answer.status === 200 ? null : `${start.key}:failed:${start.checkoutId}`,
  });
  if (confirmation && outboxId !== null) await app.mailer.deliver(outboxId, confirmation);
  return answer;
}

/**
 * The undo of a placed gateway checkout whose payment could not start: nothing was bought. The cart lines go back
 * first, under their ids, so the checkout page can retry; then the orders end 'Payment Failed' (stock, voucher and
 * credit back). The answer is the gateway error (502) with the orders as they ended.
 */
async function undoPlacedCheckout(app: Pick<Deps, 'db'>, start: GatewayStart): Promise<StoredResponse> {
  const placed = start.pending.result;
  await returnLinesToCart(
    app.db,
    start.pending.lines.map((line) => ({
      id: line.cart_item_id,
      customerId: start.customer.id,
      productId: line.product_id,
      quantity: line.quantity,
    })),
  );
  await settleCheckoutUnpaid(app.db, start.checkoutId, 'Payment Failed', 'The payment gateway could not be reached');
  const result: CheckoutResult = {
    ...placed,
    orders: placed.orders.map((order) => ({ ...order, status: 'Payment Failed' as OrderStatus })),
    payment: { ...placed.payment, status: 'failed' },
  };
  const body: ErrorBody = { error: { code: 'UPSTREAM_UNAVAILABLE', message: messages.paymentGatewayError } };
  return { status: 502, body, result };
}

/** The resume step a retry with the same key runs when the first request left a gateway start unfinished. */
export function resumeGatewayStart(
  app: GatewayDeps,
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
