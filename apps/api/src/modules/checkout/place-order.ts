import { gatewayMethods, isPaymentMethodAvailable, messages, onlineChannels } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { checkouts } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';
import { withCourierLinks } from '../../lib/courier-booking.ts';
import type { Couriers } from '../../lib/couriers/index.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { loadCheckoutContext } from './checkout.repository.ts';
import { computeCheckout } from './checkout.service.ts';
import { sendConfirmation } from './confirmation-mail.ts';
import { finishGatewayStart, newClaim, releaseClaim, resumeGatewayStart } from './gateway-start.ts';
import {
  type PlaceOrderAnswer,
  type PlaceOrderFiles,
  type PlaceOrderInput,
  ReplaySignal,
  replay,
  requestHash,
  type StoredResponse,
} from './idempotency.ts';
import { reencodeImage, storeCheckoutImage } from './uploads.ts';
import { writeCheckout } from './write-checkout.ts';

export type { PlaceOrderFiles } from './idempotency.ts';

/** Requirements of the chosen method that do not depend on the totals (spec 2 §5 "Checkout payment"). */
function checkMethodInput(input: PlaceOrderInput, files: PlaceOrderFiles): string | null {
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
 * POST /checkout: places one order per seller in one transaction (spec 2 §4, DESIGN "Data rules"). Everything is
 * recomputed here from the cart, the products, the couriers and the voucher; stock is taken through the ledger's
 * conditional update, the voucher use and the credit debit are conditional updates too, so a short line or a
 * race rolls the whole checkout back. The Idempotency-Key makes a repeated PAY replay the first answer.
 */
export async function placeOrder(
  app: FastifyInstance,
  couriers: Couriers,
  user: SessionUser,
  idempotencyKey: string,
  input: PlaceOrderInput,
  files: PlaceOrderFiles,
): Promise<PlaceOrderAnswer> {
  const customerId = user.id;
  const hash = requestHash(input, files);
  const context = await loadCheckoutContext(app.db, customerId, idempotencyKey, [...new Set(input.cart_item_ids)]);
  const resume = resumeGatewayStart(app, customerId, idempotencyKey, input);
  if (context?.existing) return replay(app, customerId, idempotencyKey, hash, resume);

  const channel = checkMethodInput(input, files);
  const computed = await computeCheckout(app.db, couriers, customerId, input, new Date(), context ?? undefined);
  const method = input.payment_method;
  if (!isPaymentMethodAvailable(method, computed.fees.grand_total, computed.credit.balances)) {
    throw new HttpError('BUSINESS_RULE', messages.paymentMethodUnavailable, {
      payment_method: messages.paymentMethodUnavailable,
    });
  }
  const proof = files.proofOfPayment ? await reencodeImage(files.proofOfPayment, 'proof_of_payment') : null;
  const po = files.purchaseOrder ? await reencodeImage(files.purchaseOrder, 'po_attachment') : null;
  const stored: { key: string; url: string }[] = [];
  const proofFile = proof ? await storeCheckoutImage(app.storage, customerId, 'proof', proof) : null;
  if (proofFile) stored.push(proofFile);
  const poFile = po ? await storeCheckoutImage(app.storage, customerId, 'po', po) : null;
  if (poFile) stored.push(poFile);

  const isGateway = gatewayMethods.includes(method);
  const claim = isGateway ? newClaim() : null;
  let placed: Awaited<ReturnType<typeof writeCheckout>>;
  try {
    placed = await app.db.transaction((tx) =>
      writeCheckout(tx, {
        app,
        user,
        idempotencyKey,
        hash,
        input,
        channel,
        computed,
        isGateway,
        proofUrl: proofFile?.url ?? null,
        poUrl: poFile?.url ?? null,
        gatewayClaim: claim,
      }),
    );
  } catch (error) {
    if (claim) releaseClaim(claim.token);
    await Promise.all(stored.map((file) => app.storage.delete(file.key).catch(() => undefined)));
    if (error instanceof ReplaySignal) return replay(app, customerId, idempotencyKey, hash, resume);
    throw error;
  }

  let answer: StoredResponse = { status: 200, body: placed.result, result: placed.result };
  if (claim) {
    try {
      answer = await finishGatewayStart(app, {
        checkoutId: placed.checkoutId,
        key: idempotencyKey,
        pending: { result: placed.result, lines: computed.lines },
        input,
        channel,
        customer: computed.customer,
      });
    } finally {
      releaseClaim(claim.token);
    }
  } else if (placed.result.orders.some((order) => order.shipping_type === 'lalamove')) {
    // Lalamove is booked now for cash on delivery and credit (gateway orders when paid, bank and counter payments
    // when verified: lib/courier-booking.ts); the share links go into the answer and into the stored answer a
    // replay gives. A failed booking leaves null.
    const result = await withCourierLinks(app, couriers, placed.checkoutId, placed.result);
    answer = { status: 200, body: result, result };
    if (result !== placed.result) {
      await app.db.update(checkouts).set({ response: answer }).where(eq(checkouts.id, placed.checkoutId));
    }
  }
  // The confirmation mail: already in the outbox for other methods; a gateway order's once its page exists.
  // (A gateway order's was sent by finishGatewayStart once its page existed.)
  if (placed.confirmation) await app.mailer.deliver(placed.confirmation.outboxId, placed.confirmation.mail);
  else if (!claim && answer.status === 200) await sendConfirmation(app, computed, answer.result);
  return { status: answer.status, body: answer.body };
}
