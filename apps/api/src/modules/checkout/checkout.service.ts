import {
  type CheckoutFees,
  type CheckoutPreviewResponse,
  type CreditBalances,
  type checkoutPreviewRequest,
  creditRepaymentMessages,
  earliestScheduleDate,
  isPaymentMethodAvailable,
  messages,
  type PaymentMethodCode,
  paymentMethods,
  paymentMethodUnavailableReason,
  type ShippingQuote,
  type ShippingQuotesResponse,
  type ShippingType,
  type shippingQuotesRequest,
  shippingTypes,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Conn } from '../../db/sql.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import {
  type Couriers,
  haversineKm,
  type QuoteInput,
  QuoteUnavailable,
  quoteInputFor,
  roundKm,
} from '../../lib/couriers/index.ts';
import { buildCreditOverdue } from '../credit-repayments/index.ts';
import {
  activeCreditLines,
  type CheckoutContext,
  type CreditLineRow,
  type CustomerRow,
  type LineRow,
  loadCustomer,
  loadLines,
  voucherByCode,
} from './checkout.repository.ts';
import {
  type AppliedVoucher,
  applyVoucher,
  assertLines,
  groupBySeller,
  lineName,
  type SellerGroup,
} from './pricing.ts';

type QuotesInput = z.output<typeof shippingQuotesRequest>;
type PreviewInput = z.output<typeof checkoutPreviewRequest>;

interface Destination {
  address: string;
  latitude: number;
  longitude: number;
}

/** The customer, when it may check out: a complete profile is required (spec 2 §2, §5). */
export async function checkoutCustomer(conn: Conn, customerId: number): Promise<CustomerRow> {
  return assertCanCheckOut(await loadCustomer(conn, customerId));
}

export function assertCanCheckOut(customer: CustomerRow | null | undefined): CustomerRow {
  if (!customer) throw new HttpError('NOT_FOUND', messages.notFound);
  if (!customer.is_completed_profile) throw new HttpError('BUSINESS_RULE', messages.completeProfileFirst);
  return customer;
}

/** The chosen cart lines, checked (the customer's own, still listed, enough stock), grouped by seller. */
export async function chosenGroups(
  conn: Conn,
  customerId: number,
  ids: readonly number[],
  /** Already loaded (place order reads them with its context). */
  loaded?: LineRow[],
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new HttpError('BUSINESS_RULE', messages.cartEmpty);
  const lines = loaded ?? (await loadLines(conn, customerId, unique));
  assertLines(lines, unique);
  return { lines, groups: groupBySeller(lines) };
}

function quoteInput(group: SellerGroup, destination: Destination, cartSubtotal: number): QuoteInput {
  const items = group.lines.map((line) => ({
    productId: line.product_id,
    quantity: line.quantity,
    weightGrams: line.weight_grams,
    isBigItem: line.is_big_item,
  }));
  return quoteInputFor(group.lines[0]!, destination, items, group.itemsTotal, cartSubtotal);
}

export interface GroupQuote {
  quote: ShippingQuote;
  details: Record<string, unknown>;
  company: string;
}

/** One seller's quote for one method. A failed or timed-out courier makes the method unavailable: 'Shipping Error'. */
export async function quoteGroup(
  couriers: Couriers,
  type: ShippingType,
  group: SellerGroup,
  destination: Destination,
  cartSubtotal: number,
): Promise<GroupQuote> {
  const courier = couriers[type];
  try {
    const { fee, details } = await courier.quote(quoteInput(group, destination, cartSubtotal));
    const vehicle = typeof details.vehicle === 'string' ? details.vehicle : null;
    return {
      quote: { available: true, fee, message: null, reason: null, vehicle },
      details,
      company: courier.company,
    };
  } catch (error) {
    const upstream = !(error instanceof QuoteUnavailable) || error.upstream;
    const message = upstream ? messages.shippingError : messages.hardwareShippingNotOffered;
    // 'Shipping Error' always comes with a reason the buyer can act on.
    const reason = upstream
      ? ((error instanceof QuoteUnavailable ? error.reason : null) ??
        messages.courierCannotQuote.replace('{courier}', courier.company))
      : null;
    return {
      quote: { available: false, fee: null, message, reason, vehicle: null },
      details: {},
      company: courier.company,
    };
  }
}

/** POST /checkout/shipping-quotes: every method for every seller, and per method the sum (spec 2 §4). */
export async function shippingQuotes(
  deps: Pick<Deps, 'db' | 'couriers'>,
  customerId: number,
  input: QuotesInput,
): Promise<ShippingQuotesResponse> {
  const { db, couriers } = deps;
  await checkoutCustomer(db, customerId);
  const { groups } = await chosenGroups(db, customerId, input.cart_item_ids);
  const cartSubtotal = groups.reduce((sum, group) => sum + group.itemsTotal, 0);
  const sellers = await Promise.all(
    groups.map(async (group) => {
      const entries = await Promise.all(
        shippingTypes.map(async (type) => [type, (await quoteGroup(couriers, type, group, input, cartSubtotal)).quote]),
      );
      const first = group.lines[0]!;
      return {
        seller_id: group.sellerId,
        seller_name: first.seller_name,
        distance_km: roundKm(haversineKm(first, input)),
        quotes: Object.fromEntries(entries) as Record<ShippingType, ShippingQuote>,
      };
    }),
  );
  const methods = Object.fromEntries(
    shippingTypes.map((type) => {
      const quotes = sellers.map((seller) => seller.quotes[type]);
      const failedAt = quotes.findIndex((quote) => !quote.available);
      const failed = quotes[failedAt];
      const vehicle = quotes.find((quote) => quote.vehicle)?.vehicle ?? null;
      // With several sellers the reason names the seller whose share could not be quoted.
      const reason =
        failed?.reason && sellers.length > 1 ? `${sellers[failedAt]!.seller_name}: ${failed.reason}` : failed?.reason;
      const quote: ShippingQuote = failed
        ? { available: false, fee: null, message: failed.message, reason: reason ?? null, vehicle }
        : {
            available: true,
            fee: quotes.reduce((sum, q) => sum + (q.fee ?? 0), 0),
            message: null,
            reason: null,
            vehicle,
          };
      return [type, quote];
    }),
  ) as Record<ShippingType, ShippingQuote>;
  return { methods, sellers };
}

/**
 * Which credit line can pay a checkout. BuildCredit (no seller) pays any checkout. Hardware Credit and Yield are
 * lines with one seller: such a line pays a checkout whose items all come from that seller; a line without a
 * seller pays any checkout. When several lines qualify, the seller's own line is used, then the larger balance.
 */
export function creditFor(lines: CreditLineRow[], sellerIds: readonly number[]) {
  const only = sellerIds.length === 1 ? sellerIds[0] : undefined;
  const pick = (kind: CreditLineRow['kind']) =>
    lines
      .filter((line) => line.kind === kind && (line.seller_id === null || line.seller_id === only))
      .sort((a, b) => Number(b.seller_id !== null) - Number(a.seller_id !== null) || b.balance - a.balance)[0] ?? null;
  const lineOf = { build_credit: pick('buildcredit'), hardware_credit: pick('hardware'), yield: pick('yield') };
  const balances: CreditBalances = {
    build_credit: lineOf.build_credit?.balance ?? null,
    hardware_credit: lineOf.hardware_credit?.balance ?? null,
    yield: lineOf.yield?.balance ?? null,
  };
  return { lineOf, balances };
}

export function isCreditMethod(code: PaymentMethodCode): code is 'build_credit' | 'hardware_credit' | 'yield' {
  return code === 'build_credit' || code === 'hardware_credit' || code === 'yield';
}

/** Everything a checkout costs, computed on the server from the cart, the products, the couriers and the voucher. */
export interface Computed {
  customer: CustomerRow;
  lines: LineRow[];
  groups: SellerGroup[];
  quotes: Map<number, GroupQuote>;
  voucher: AppliedVoucher | null;
  fees: CheckoutFees;
  credit: ReturnType<typeof creditFor>;
}

export async function computeCheckout(
  db: Db,
  couriers: Couriers,
  customerId: number,
  input: PreviewInput,
  now = new Date(),
  /** Already loaded (place order reads it together with the idempotency key). */
  context?: CheckoutContext,
): Promise<Computed> {
  const customer = context ? assertCanCheckOut(context.customer) : await checkoutCustomer(db, customerId);
  if (input.schedule_date < earliestScheduleDate(input.shipping_type, now) || !isRealDate(input.schedule_date)) {
    throw new HttpError('BUSINESS_RULE', messages.scheduleTooEarly, { schedule_date: messages.scheduleTooEarly });
  }
  const { lines, groups } = await chosenGroups(db, customerId, input.cart_item_ids, context?.lines);
  const cartSubtotal = groups.reduce((sum, group) => sum + group.itemsTotal, 0);
  const quoted = await Promise.all(
    groups.map((group) => quoteGroup(couriers, input.shipping_type, group, input, cartSubtotal)),
  );
  const failed = quoted.find((q) => !q.quote.available);
  if (failed) {
    // The spec's words as the message; the reason (what to choose instead) beside it for the chosen method.
    const reason = failed.quote.reason;
    throw new HttpError(
      'BUSINESS_RULE',
      failed.quote.message ?? messages.shippingError,
      reason ? { shipping_type: reason } : undefined,
    );
  }
  const quotes = new Map(groups.map((group, index) => [group.sellerId, quoted[index]!]));
  const code = input.voucher_code?.trim();
  const voucher = code ? applyVoucher(await voucherByCode(db, code, customerId), groups, now) : null;
  const shipping = quoted.reduce((sum, q) => sum + (q.quote.fee ?? 0), 0);
  const discount = voucher?.discount ?? 0;
  const fees: CheckoutFees = {
    cart_items: cartSubtotal,
    shipping,
    voucher: discount,
    subtotal: cartSubtotal + shipping,
    grand_total: cartSubtotal + shipping - discount,
  };
  const credit = creditFor(
    context?.creditLines ?? (await activeCreditLines(db, customerId)),
    groups.map((group) => group.sellerId),
  );
  return { customer, lines, groups, quotes, voucher, fees, credit };
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Per seller: items, shipping, voucher part and total. */
export function sellerTotals(computed: Computed, group: SellerGroup) {
  const shippingFee = computed.quotes.get(group.sellerId)?.quote.fee ?? 0;
  const voucherDiscount = computed.voucher?.perSeller.get(group.sellerId) ?? 0;
  return {
    itemsTotal: group.itemsTotal,
    shippingFee,
    voucherDiscount,
    total: group.itemsTotal + shippingFee - voucherDiscount,
  };
}

export function paymentMethodList(grandTotal: number, balances: CreditBalances) {
  return paymentMethods.map((method) => ({
    code: method.code,
    label: method.label,
    group: method.group,
    available: isPaymentMethodAvailable(method.code, grandTotal, balances),
    reason: paymentMethodUnavailableReason(method.code, grandTotal, balances),
  }));
}

/** POST /checkout/preview (the spec's "mock checkout"). */
export async function preview(
  deps: Pick<Deps, 'db' | 'couriers'>,
  customerId: number,
  input: PreviewInput,
): Promise<CheckoutPreviewResponse> {
  const computed = await computeCheckout(deps.db, deps.couriers, customerId, input);
  // An overdue BuildCredit line takes no new credit orders (decision 0039): listed as unavailable, with the reason.
  const overdue = computed.credit.lineOf.build_credit !== null && (await buildCreditOverdue(deps, customerId));
  const methods = paymentMethodList(computed.fees.grand_total, computed.credit.balances).map((method) =>
    overdue && method.code === 'build_credit'
      ? { ...method, available: false, reason: creditRepaymentMessages.overdueAtCheckout }
      : method,
  );
  return {
    fees: computed.fees,
    sellers: computed.groups.map((group) => {
      const first = group.lines[0]!;
      const totals = sellerTotals(computed, group);
      return {
        seller_id: group.sellerId,
        seller_name: first.seller_name,
        seller_address: first.seller_address,
        shipping_fee: totals.shippingFee,
        voucher_discount: totals.voucherDiscount,
        items_total: totals.itemsTotal,
        total: totals.total,
        cart_items: group.lines.map((line) => ({
          cart_item_id: line.cart_item_id,
          product_id: line.product_id,
          photo: line.photo,
          name: lineName(line),
          item_price: line.unit_price,
          selling_unit: line.selling_unit,
          quantity: line.quantity,
          item_total_price: line.unit_price * line.quantity,
        })),
      };
    }),
    voucher: computed.voucher
      ? {
          code: computed.voucher.voucher.code,
          description: computed.voucher.voucher.description,
          discount: computed.voucher.discount,
        }
      : null,
    credit: computed.credit.balances,
    payment_methods: methods,
  };
}
