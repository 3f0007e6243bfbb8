import {
  type CheckoutResult,
  formatPeso,
  messages,
  type OrderStatus,
  type PaymentMethodCode,
  paymentInstructions,
} from '@tibay/contract';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { takeStocks } from '../../lib/stock-ledger.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { Mail } from '../../plugins/mailer.ts';
import { storeAnswer } from './checkout.repository.ts';
import { type Computed, isCreditMethod, sellerTotals } from './checkout.service.ts';
import { confirmationMail } from './confirmation-mail.ts';
import type { GatewayPending } from './gateway-start.ts';
import { type PlaceOrderInput, ReplaySignal, type StoredResponse } from './idempotency.ts';
import { insertOrders } from './insert-orders.repository.ts';
import { lineName } from './pricing.ts';
import {
  type ClaimedLine,
  claimCheckoutLines,
  debitCreditLine,
  insertPayment,
  lockCustomerRow,
  recordRedemption,
  storeGatewayPending,
  useVoucher,
  voucherUsesBy,
} from './write-checkout.repository.ts';

/** The checkout's one transaction: everything POST /checkout writes, or nothing. */

export interface WriteInput {
  config: Pick<Deps['config'], 'publicUrl' | 'PAYMENT_EXPIRY_MINUTES'>;
  user: SessionUser;
  idempotencyKey: string;
  hash: string;
  input: PlaceOrderInput;
  channel: string | null;
  computed: Computed;
  isGateway: boolean;
  proofUrl: string | null;
  poUrl: string | null;
  /** Gateway checkouts: this request's claim on opening the hosted page after the commit (gateway-start.ts). */
  gatewayClaim: { token: string; until: Date } | null;
}

/** Same lines, products, quantities and prices as when the checkout was computed (outside the transaction). */
function sameLines(a: ClaimedLine[], b: ClaimedLine[]): boolean {
  const key = (line: ClaimedLine) =>
    `${line.cart_item_id}:${line.product_id}:${line.quantity}:${Number(line.unit_price)}:${line.active}:${line.seller_id}:${line.weight_grams}:${line.is_big_item}`;
  return a.length === b.length && a.map(key).sort().join('|') === b.map(key).sort().join('|');
}

export async function writeCheckout(tx: Tx, w: WriteInput) {
  const { computed, input, user } = w;
  const customerId = user.id;
  const now = new Date();
  const method: PaymentMethodCode = input.payment_method;
  const credit = isCreditMethod(method);

  // One statement (an embedded drizzle query brings its own parentheses): the checkout row (the Idempotency-Key's claim), then the cart lines it buys. Removing the lines
  // locks them, so a second checkout of the same lines (another key) waits and then finds them gone. What is
  // removed must be the cart that was priced, still marked. No checkout row means the key is taken: replay the first answer.
  const claimedRows = await claimCheckoutLines(tx, {
    customerId,
    actorUserId: user.actingAgentId,
    idempotencyKey: w.idempotencyKey,
    requestHash: w.hash,
    cartItemIds: computed.lines.map((line) => line.cart_item_id),
  });
  if (claimedRows.length === 0) throw new ReplaySignal();
  const checkout = { id: claimedRows[0]!.checkout_id };
  const claimed = claimedRows.filter((row) => row.cart_item_id != null) as ClaimedLine[];
  if (!sameLines(claimed, computed.lines)) throw new HttpError('CONFLICT', messages.cartChanged);

  // Voucher: one more use only while uses are left (conditional UPDATE), and within the customer's own limit.
  if (computed.voucher) {
    const voucherId = computed.voucher.voucher.id;
    // The customer's row lock serialises the customer's own checkouts for the per-customer count.
    await lockCustomerRow(tx, customerId);
    const used = await useVoucher(tx, voucherId);
    if (!used) throw voucherRule(messages.voucherFullyUsed);
    if ((await voucherUsesBy(tx, voucherId, customerId)) >= used.perCustomerLimit) {
      throw voucherRule(messages.voucherAlreadyUsed);
    }
    await recordRedemption(tx, { voucherId, customerId, checkoutId: checkout.id, discount: computed.voucher.discount });
  }

  // Orders, one per seller, with their items and first events: one statement (insertOrders).
  const status: OrderStatus = credit ? 'Verified' : 'Pending';
  const expiresAt = w.isGateway ? new Date(now.getTime() + w.config.PAYMENT_EXPIRY_MINUTES * 60_000) : null;
  const actor = user.actingAgentId ?? customerId;
  const placed = await insertOrders(tx, {
    orders: computed.groups.map((group) => {
      const totals = sellerTotals(computed, group);
      const quote = computed.quotes.get(group.sellerId)!;
      return {
        checkoutId: checkout.id,
        customerId,
        sellerId: group.sellerId,
        agentCode: computed.customer.agent_code,
        status,
        shippingType: input.shipping_type,
        fulfilmentType: input.shipping_type === 'pickup' ? 'order_pickup' : 'order_fulfilment',
        scheduleDate: input.schedule_date,
        recipientName: `${computed.customer.first_name} ${computed.customer.last_name}`.trim(),
        recipientPhone: computed.customer.phone,
        billingEmail: computed.customer.email,
        deliveryAddress: input.address,
        deliveryLatitude: input.latitude,
        deliveryLongitude: input.longitude,
        paymentMethod: method,
        paymentChannel: w.channel,
        subtotal: totals.itemsTotal,
        shippingFee: totals.shippingFee,
        voucherDiscount: totals.voucherDiscount,
        total: totals.total,
        orderInstructions: input.order_instructions || null,
        logisticsCompany: quote.company,
        courierQuotationId: typeof quote.details.quotation_id === 'string' ? quote.details.quotation_id : null,
        courierDetails: quote.details,
        proofOfPaymentUrl: w.proofUrl,
        purchaseOrderUrl: w.poUrl,
        verifiedAt: credit ? now : null,
        paymentExpiresAt: expiresAt,
      };
    }),
    items: computed.groups.flatMap((group) =>
      group.lines.map((line) => ({
        seller_id: group.sellerId,
        product_id: line.product_id,
        root_product_id: line.root_product_id,
        product_name: line.product_name,
        variation_name: line.variation_name,
        sub_variation_name: line.sub_variation_name,
        photo_url: line.photo,
        unit_price: line.unit_price,
        quantity: line.quantity,
      })),
    ),
    events: [
      { status: 'Pending' as const, note: 'Order placed' },
      ...(credit ? [{ status: 'Verified' as const, note: `Paid with ${method}` }] : []),
    ],
    actorUserId: actor,
  }).then((rows) => computed.groups.map((group) => ({ ...rows.get(group.sellerId)!, group })));

  // Stock, all lines in one statement (the ledger locks the rows in product order).
  const referenceOf = new Map(placed.map((order) => [order.group.sellerId, order.reference]));
  const stockLines = computed.groups
    .flatMap((group) => group.lines.map((line) => ({ line, reference: referenceOf.get(group.sellerId)! })))
    .sort((a, b) => a.line.product_id - b.line.product_id);
  const short = await takeStocks(
    tx,
    stockLines.map(({ line, reference }) => ({
      productId: line.product_id,
      quantity: line.quantity,
      reference,
      actorUserId: customerId,
    })),
  );
  if (short.length > 0) {
    const line = stockLines.find(({ line }) => line.product_id === short[0])!.line;
    throw new HttpError('CONFLICT', messages.outOfStockAtCheckout.replace('{name}', lineName(line)));
  }

  // Credit: each order debits the line, only while the balance covers it.
  if (credit) {
    const line = computed.credit.lineOf[method];
    if (!line) throw methodUnavailable();
    for (const order of placed) {
      const amount = sellerTotals(computed, order.group).total;
      if (amount === 0) continue;
      const debited = await debitCreditLine(tx, { creditLineId: line.id, amount, reference: order.reference });
      if (!debited) throw methodUnavailable();
    }
  }

  const references = placed.map((order) => order.reference);
  const result: CheckoutResult = {
    checkout_id: checkout.id,
    orders: placed.map((order) => {
      const first = order.group.lines[0]!;
      const totals = sellerTotals(computed, order.group);
      return {
        reference: order.reference,
        status,
        seller: { id: order.group.sellerId, name: first.seller_name, address: first.seller_address },
        items_total: totals.itemsTotal,
        shipping_fee: totals.shippingFee,
        voucher_discount: totals.voucherDiscount,
        total: totals.total,
        total_qty: order.group.lines.reduce((sum, line) => sum + line.quantity, 0),
        shipping_type: input.shipping_type,
        share_link: null,
      };
    }),
    fees: computed.fees,
    payment: {
      method,
      channel: w.channel,
      status: credit ? 'paid' : 'pending',
      payment_url: null,
      instructions: paymentInstructions(method, references, formatPeso(computed.fees.grand_total)),
    },
  };
  // The payment; then, except for gateway checkouts (their answer is stored once the hosted page exists, a replay
  // waits for it meanwhile: gateway-start.ts), the answer a repeated key replays with its confirmation mail, so the
  // mail exists exactly when the orders do.
  const paymentId = await insertPayment(tx, {
    checkoutId: checkout.id,
    method,
    channel: w.channel,
    provider: w.isGateway ? 'gateway' : credit ? 'credit' : 'offline',
    amount: computed.fees.grand_total,
    status: credit ? 'paid' : 'pending',
    paidAt: credit ? now : null,
    expiresAt,
  });
  let confirmation: { outboxId: number; mail: Mail } | null = null;
  if (!w.isGateway) {
    const stored: StoredResponse = { status: 200, body: result, result };
    const mail = confirmationMail(w.config.publicUrl, computed, result);
    const outboxId = await storeAnswer(tx, checkout.id, stored, { confirmation: mail });
    if (outboxId !== null) confirmation = { outboxId, mail };
  } else if (w.gatewayClaim) {
    // What a retry with the same key needs to finish opening the hosted page if this request dies before it does.
    const pending: GatewayPending = {
      result,
      lines: computed.lines.map((line) => ({
        cart_item_id: line.cart_item_id,
        product_id: line.product_id,
        quantity: line.quantity,
      })),
    };
    await storeGatewayPending(tx, checkout.id, pending, w.gatewayClaim);
  }
  return { checkoutId: checkout.id, paymentId, result, confirmation };
}

const voucherRule = (message: string) => new HttpError('BUSINESS_RULE', message, { voucher_code: message });
const methodUnavailable = () =>
  new HttpError('BUSINESS_RULE', messages.paymentMethodUnavailable, {
    payment_method: messages.paymentMethodUnavailable,
  });
