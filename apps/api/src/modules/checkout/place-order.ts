import {
  type CheckoutResult,
  creditRepaymentMessages,
  gatewayMethods,
  isPaymentMethodAvailable,
  messages,
  onlineChannels,
} from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { buildCreditOverdue } from '../credit-repayments/index.ts';
import { withCourierLinks } from '../orders/index.ts';
import { loadCheckoutContext } from './checkout.repository.ts';
import { type Computed, computeCheckout } from './checkout.service.ts';
import { finishGatewayStart, type GatewayDeps, newClaim, releaseClaim, resumeGatewayStart } from './gateway-start.ts';
import {
  type PlaceOrderAnswer,
  type PlaceOrderFiles,
  type PlaceOrderInput,
  ReplaySignal,
  replay,
  requestHash,
} from './idempotency.ts';
import { reencodeImage, storeCheckoutImage } from './uploads.ts';
import { writeCheckout } from './write-checkout.ts';

export type { PlaceOrderFiles } from './idempotency.ts';

/** What PAY uses: the gateway start's dependencies, the storage for uploads and the couriers for quotes and bookings. */
export type PayDeps = GatewayDeps & Pick<Deps, 'storage' | 'couriers'>;

/**
 * POST /checkout (PAY): one order per seller, in named steps. A step that leaves something behind has its undo,
 * run when a later step fails; the answer a repeated Idempotency-Key replays has one writer (storeAnswer, in
 * placeOrders for most methods and in openGatewayPage for the gateway's), and the confirmation mail is queued with
 * it and delivered at the end.
 *
 *   1. replayIfRepeated     a key already used gets the first answer (replay)
 *   2. checkPaymentInput    what the chosen method needs besides the totals (proof, channel, card billing)
 *   3. priceCheckout        everything recomputed from the cart, products, couriers and voucher; method available
 *   4. storeUploads         the re-encoded images                          undo: deleteUploads
 *   5. placeOrders          ONE transaction (write-checkout.ts): the key, the cart lines, the voucher, the orders,
 *                           stock, credit, the payment — and, but for the gateway's, the answer and its mail
 *                                                                          undo: the rollback (and step 4's)
 *   6. openGatewayPage      gateway methods: the hosted page, then the answer (gateway-start.ts)
 *                                                                          undo: cart lines back, orders Payment Failed
 *      bookCouriers         other methods: Lalamove booked now (a failed booking only leaves no share link)
 *   7. deliverConfirmation  the mail queued with the answer
 */
export async function placeOrder(
  deps: PayDeps,
  user: SessionUser,
  idempotencyKey: string,
  input: PlaceOrderInput,
  files: PlaceOrderFiles,
): Promise<PlaceOrderAnswer> {
  const customerId = user.id;
  const hash = requestHash(input, files);
  const context = await loadCheckoutContext(deps.db, customerId, idempotencyKey, [...new Set(input.cart_item_ids)]);
  const replayIfRepeated = () =>
    replay(deps, customerId, idempotencyKey, hash, resumeGatewayStart(deps, customerId, idempotencyKey, input));
  if (context?.existing) return replayIfRepeated();

  const channel = checkPaymentInput(input, files);
  const computed = await priceCheckout(deps, customerId, input, context ?? undefined);
  const uploads = await storeUploads(deps, customerId, files);

  const isGateway = gatewayMethods.includes(input.payment_method);
  const claim = isGateway ? newClaim() : null;
  let placed: Awaited<ReturnType<typeof writeCheckout>>;
  try {
    placed = await deps.db.transaction((tx) =>
      writeCheckout(tx, {
        config: deps.config,
        user,
        idempotencyKey,
        hash,
        input,
        channel,
        computed,
        isGateway,
        proofUrl: uploads.proof?.url ?? null,
        poUrl: uploads.po?.url ?? null,
        gatewayClaim: claim,
      }),
    );
  } catch (error) {
    if (claim) releaseClaim(claim.token);
    await deleteUploads(deps, uploads);
    if (error instanceof ReplaySignal) return replayIfRepeated();
    throw error;
  }

  let answer: PlaceOrderAnswer;
  if (claim) {
    try {
      answer = await openGatewayPage(deps, placed, idempotencyKey, input, channel, computed);
    } finally {
      releaseClaim(claim.token);
    }
  } else {
    answer = { status: 200, body: await bookCouriers(deps, placed.checkoutId, placed.result) };
  }
  if (placed.confirmation) await deps.mailer.deliver(placed.confirmation.outboxId, placed.confirmation.mail);
  return answer;
}

/** Step 2. Requirements of the chosen method that do not depend on the totals (spec 2 §5 "Checkout payment"). */
function checkPaymentInput(input: PlaceOrderInput, files: PlaceOrderFiles): string | null {
  const invalid = (field: string, message: string) => new HttpError('VALIDATION', message, { [field]: message });
  if (input.payment_method === 'bank_transfer' && !files.proofOfPayment) {
    throw invalid('proof_of_payment', messages.proofOfPaymentRequired);
  }
  if (input.payment_method === 'online') {
    const channel = input.payment_channel;
    if (!channel || !onlineChannels.some((c) => c.code === channel)) {
      throw invalid('payment_channel', messages.choosePaymentChannel);
    }
    return channel;
  }
  if (input.payment_method === 'card' && !input.card_billing)
    throw invalid('card_billing.firstName', messages.cardFirstName);
  return null;
}

/**
 * Step 3. Everything is recomputed here from the cart, the products, the couriers and the voucher (the transaction
 * checks it is still so); the chosen method must be available for the total.
 */
async function priceCheckout(
  deps: PayDeps,
  customerId: number,
  input: PlaceOrderInput,
  context: Parameters<typeof computeCheckout>[5],
): Promise<Computed> {
  const computed = await computeCheckout(deps.db, deps.couriers, customerId, input, new Date(), context);
  if (!isPaymentMethodAvailable(input.payment_method, computed.fees.grand_total, computed.credit.balances)) {
    throw new HttpError('BUSINESS_RULE', messages.paymentMethodUnavailable, {
      payment_method: messages.paymentMethodUnavailable,
    });
  }
  // An overdue BuildCredit line takes no new credit orders (decision 0039).
  if (input.payment_method === 'build_credit' && (await buildCreditOverdue(deps, customerId))) {
    const message = creditRepaymentMessages.overdueAtCheckout;
    throw new HttpError('BUSINESS_RULE', message, { payment_method: message });
  }
  return computed;
}

interface StoredFile {
  key: string;
  url: string;
}

/** Step 4. The images, checked and re-encoded first (a bad one refuses the order), then stored. */
async function storeUploads(deps: PayDeps, customerId: number, files: PlaceOrderFiles) {
  const proof = files.proofOfPayment ? await reencodeImage(files.proofOfPayment, 'proof_of_payment') : null;
  const po = files.purchaseOrder ? await reencodeImage(files.purchaseOrder, 'po_attachment') : null;
  const stored: { proof: StoredFile | null; po: StoredFile | null } = { proof: null, po: null };
  try {
    if (proof) stored.proof = await storeCheckoutImage(deps.storage, customerId, 'proof', proof);
    if (po) stored.po = await storeCheckoutImage(deps.storage, customerId, 'po', po);
  } catch (error) {
    await deleteUploads(deps, stored);
    throw error;
  }
  return stored;
}

/** Undo of step 4: the orders were not placed, so their images go. */
async function deleteUploads(deps: PayDeps, uploads: { proof: StoredFile | null; po: StoredFile | null }) {
  const files = [uploads.proof, uploads.po].filter((file): file is StoredFile => file !== null);
  await Promise.all(files.map((file) => deps.storage.delete(file.key).catch(() => undefined)));
}

/** Step 6, gateway methods: the hosted page is opened after the commit, and the answer stored (gateway-start.ts). */
async function openGatewayPage(
  deps: PayDeps,
  placed: Awaited<ReturnType<typeof writeCheckout>>,
  key: string,
  input: PlaceOrderInput,
  channel: string | null,
  computed: Computed,
): Promise<PlaceOrderAnswer> {
  const answer = await finishGatewayStart(deps, {
    checkoutId: placed.checkoutId,
    key,
    pending: { result: placed.result, lines: computed.lines },
    input,
    channel,
    customer: computed.customer,
  });
  return { status: answer.status, body: answer.body };
}

/**
 * Step 6, other methods: Lalamove is booked now for cash on delivery and credit (gateway orders when paid, bank and
 * counter payments when verified: the orders module books those). The share links go into this answer; a replay
 * reads them from the orders. A failed booking leaves null.
 */
async function bookCouriers(deps: PayDeps, checkoutId: number, result: CheckoutResult): Promise<CheckoutResult> {
  if (!result.orders.some((order) => order.shipping_type === 'lalamove')) return result;
  return withCourierLinks(deps, checkoutId, result);
}
