import {
  type CheckoutResult,
  type ErrorBody,
  gatewayMethods,
  isPaymentMethodAvailable,
  messages,
  type OrderStatus,
  onlineChannels,
} from '@tibay/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cartItems, checkouts } from '../../db/schema/index.ts';
import { withCourierLinks } from '../../lib/courier-booking.ts';
import type { Couriers } from '../../lib/couriers/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { settleCheckoutUnpaid, startGatewayPayment } from '../payments/index.ts';
import { loadCheckoutContext } from './checkout.repository.ts';
import { computeCheckout } from './checkout.service.ts';
import { sendConfirmation } from './confirmation-mail.ts';
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
  if (context?.existing) return replay(app, customerId, idempotencyKey, hash);

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
      }),
    );
  } catch (error) {
    await Promise.all(stored.map((file) => app.storage.delete(file.key).catch(() => undefined)));
    if (error instanceof ReplaySignal) return replay(app, customerId, idempotencyKey, hash);
    throw error;
  }

  let answer: StoredResponse = { status: 200, body: placed.result, result: placed.result };
  if (isGateway) {
    const refs = placed.result.orders.map((order) => order.reference);
    const back = `${app.config.publicUrl}/payment/web-hooks?ref=${encodeURIComponent(refs[0]!)}`;
    const billing = input.card_billing;
    try {
      const session = await startGatewayPayment(app, {
        paymentId: placed.paymentId,
        checkoutId: placed.checkoutId,
        amount: computed.fees.grand_total,
        description: `Tibay order ${refs.join(', ')}`,
        reference: refs[0]!,
        method: method as 'card' | 'online',
        channel,
        billing: {
          name: billing
            ? [billing.firstName, billing.middleName, billing.lastName].filter(Boolean).join(' ')
            : `${computed.customer.first_name} ${computed.customer.last_name}`,
          email: computed.customer.email,
          phone: computed.customer.phone,
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
      const result = { ...placed.result, payment: { ...placed.result.payment, payment_url: session.paymentUrl } };
      answer = { status: 200, body: result, result };
    } catch (error) {
      app.log.error({ err: error, checkoutId: placed.checkoutId }, 'gateway payment could not be started');
      // Nothing was bought: the lines go back into the cart first, under their ids, so the checkout page can retry.
      await app.db
        .insert(cartItems)
        .values(
          computed.lines.map((line) => ({
            id: line.cart_item_id,
            customerId,
            productId: line.product_id,
            quantity: line.quantity,
          })),
        )
        .onConflictDoNothing();
      // Then the orders end (stock, voucher and credit back); the lines above keep their ids for the retry.
      await settleCheckoutUnpaid(
        app.db,
        placed.checkoutId,
        'Payment Failed',
        'The payment gateway could not be reached',
      );
      const result: CheckoutResult = {
        ...placed.result,
        orders: placed.result.orders.map((order) => ({ ...order, status: 'Payment Failed' as OrderStatus })),
        payment: { ...placed.result.payment, status: 'failed' },
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
        ...(answer.status === 200 ? {} : { idempotencyKey: `${idempotencyKey}:failed:${placed.checkoutId}` }),
      })
      .where(eq(checkouts.id, placed.checkoutId));
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
  if (placed.confirmation) await app.mailer.deliver(placed.confirmation.outboxId, placed.confirmation.mail);
  else if (answer.status === 200) await sendConfirmation(app, computed, answer.result);
  return { status: answer.status, body: answer.body };
}
