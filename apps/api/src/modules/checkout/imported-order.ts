import { fillImportMessage, manilaToday, messages, type ShippingType, salesImportMessages } from '@tibay/contract';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { takeStocks } from '../../lib/stock-ledger.ts';
import { checkoutByKey, loadCustomer, storeAnswer, voucherByCode } from './checkout.repository.ts';
import { assertCanCheckOut } from './checkout.service.ts';
import { ReplaySignal } from './idempotency.ts';
import { insertOrders } from './insert-orders.repository.ts';
import { type AppliedVoucher, applyVoucher, type SellerGroup } from './pricing.ts';
import {
  insertCheckoutKey,
  insertPayment,
  lockCustomerRow,
  recordRedemption,
  useVoucher,
  voucherUsesBy,
} from './write-checkout.repository.ts';

/**
 * A sales order imported by an administrator (sales-import module; decision 0042), placed by the checkout's own
 * rules: the customer must be able to check out, the voucher is checked and split by `applyVoucher` and taken with
 * the same conditional update and per-customer count, the order and its items are written by `insertOrders`, the
 * stock is committed through the ledger's `takeStocks`, and the answer is stored under the Idempotency-Key in the
 * checkouts table, so the same import sent twice is one order. One seller, one order; prices are the file's.
 */

export interface ImportedLine {
  productId: number;
  rootProductId: number;
  productName: string;
  variationName: string | null;
  subVariationName: string | null;
  photo: string | null;
  /** Centavos, from the file's discounted price per item. */
  unitPrice: number;
  quantity: number;
  /** For messages: the seller's code of the product. */
  code: string;
}

export interface ImportedOrderInput {
  customerId: number;
  sellerId: number;
  /** The administrator who imported it (the order's first event and the checkout's actor). */
  actorUserId: number;
  idempotencyKey: string;
  requestHash: string;
  shippingType: ShippingType;
  lines: ImportedLine[];
  voucherCode: string | null;
  /** The agent code the import names ('' when none): checked against the customer's own agent. */
  agentCode: string;
  /** Whether a code names an agent at all (the agents live in the accounts' users). */
  isAgentCode: (code: string) => Promise<boolean>;
  delivery: { address: string; latitude: number | null; longitude: number | null };
}

export interface ImportedOrder {
  reference: string;
  itemsTotal: number;
  voucherDiscount: number;
  total: number;
  agentCode: string | null;
}

const rule = (message: string, field?: string) =>
  new HttpError('BUSINESS_RULE', message, field ? { [field]: message } : undefined);

/**
 * The agent on the order. Checkout records the customer's linked agent; an import may name it (it must then be that
 * agent) or name an agent for a customer who has none.
 */
async function orderAgentCode(input: ImportedOrderInput, linked: string | null): Promise<string | null> {
  const named = input.agentCode.trim();
  if (!named) return linked;
  if (linked && linked !== named) {
    throw rule(fillImportMessage(salesImportMessages.agentNotCustomers, { code: named, agent: linked }), 'agentCode');
  }
  if (!linked && !(await input.isAgentCode(named))) {
    throw rule(fillImportMessage(salesImportMessages.agentNotFound, { code: named }), 'agentCode');
  }
  return named;
}

/** The stored answer of a key already used: the same import gets it again; another import under it is refused. */
async function replayImport(db: Db, input: ImportedOrderInput): Promise<ImportedOrder> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const row = await checkoutByKey(db, input.customerId, input.idempotencyKey);
    if (!row) throw new HttpError('CONFLICT', messages.checkoutInProgress);
    if (row.requestHash !== input.requestHash) throw rule(messages.idempotencyKeyReused);
    if (row.response) return (row.response as { body: ImportedOrder }).body;
    if (Date.now() > deadline) throw new HttpError('CONFLICT', messages.checkoutInProgress);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function placeImportedOrder(db: Db, input: ImportedOrderInput): Promise<ImportedOrder> {
  if (await checkoutByKey(db, input.customerId, input.idempotencyKey)) return replayImport(db, input);
  const customer = assertCanCheckOut(await loadCustomer(db, input.customerId));
  const agentCode = await orderAgentCode(input, customer.agent_code);
  const itemsTotal = input.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const group: SellerGroup = { sellerId: input.sellerId, lines: [], itemsTotal, weightKg: 0 };
  const code = input.voucherCode?.trim();
  const voucher: AppliedVoucher | null = code
    ? applyVoucher(await voucherByCode(db, code, input.customerId), [group])
    : null;
  const voucherDiscount = voucher?.discount ?? 0;
  const total = itemsTotal - voucherDiscount;

  try {
    return await db.transaction(async (tx) => {
      const checkoutId = await insertCheckoutKey(tx, {
        customerId: input.customerId,
        actorUserId: input.actorUserId,
        idempotencyKey: input.idempotencyKey,
        requestHash: input.requestHash,
      });
      if (checkoutId === null) throw new ReplaySignal();

      if (voucher) {
        await lockCustomerRow(tx, input.customerId);
        const used = await useVoucher(tx, voucher.voucher.id);
        if (!used) throw rule(messages.voucherFullyUsed, 'voucher_code');
        if ((await voucherUsesBy(tx, voucher.voucher.id, input.customerId)) >= used.perCustomerLimit) {
          throw rule(messages.voucherAlreadyUsed, 'voucher_code');
        }
        await recordRedemption(tx, {
          voucherId: voucher.voucher.id,
          customerId: input.customerId,
          checkoutId,
          discount: voucherDiscount,
        });
      }

      const placed = await insertOrders(tx, {
        orders: [
          {
            checkoutId,
            customerId: input.customerId,
            sellerId: input.sellerId,
            agentCode,
            status: 'Pending',
            shippingType: input.shippingType,
            fulfilmentType: input.shippingType === 'pickup' ? 'order_pickup' : 'order_fulfilment',
            scheduleDate: manilaToday(),
            recipientName: `${customer.first_name} ${customer.last_name}`.trim(),
            recipientPhone: customer.phone,
            billingEmail: customer.email,
            deliveryAddress: input.delivery.address,
            deliveryLatitude: input.delivery.latitude,
            deliveryLongitude: input.delivery.longitude,
            paymentMethod: 'cod',
            paymentChannel: null,
            subtotal: itemsTotal,
            shippingFee: 0,
            voucherDiscount,
            total,
            orderInstructions: 'Imported sales order',
          },
        ],
        items: input.lines.map((line) => ({
          seller_id: input.sellerId,
          product_id: line.productId,
          root_product_id: line.rootProductId,
          product_name: line.productName,
          variation_name: line.variationName,
          sub_variation_name: line.subVariationName,
          photo_url: line.photo,
          unit_price: line.unitPrice,
          quantity: line.quantity,
        })),
        events: [{ status: 'Pending', note: 'Order imported' }],
        actorUserId: input.actorUserId,
      });
      const reference = placed.get(input.sellerId)!.reference;

      // Stock: one movement per product (a product on several rows is taken once, summed), in product-id order.
      const perProduct = new Map<number, number>();
      for (const line of input.lines)
        perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
      const short = await takeStocks(
        tx,
        [...perProduct.entries()]
          .sort(([a], [b]) => a - b)
          .map(([productId, quantity]) => ({ productId, quantity, reference, actorUserId: input.actorUserId })),
      );
      if (short.length > 0) {
        const line = input.lines.find((l) => l.productId === short[0])!;
        throw new HttpError(
          'CONFLICT',
          messages.outOfStockAtCheckout.replace('{name}', `${line.productName} (${line.code})`),
        );
      }

      await insertPayment(tx, {
        checkoutId,
        method: 'cod',
        channel: null,
        provider: 'offline',
        amount: total,
        status: 'pending',
        paidAt: null,
        expiresAt: null,
      });
      const answer: ImportedOrder = { reference, itemsTotal, voucherDiscount, total, agentCode };
      await storeAnswer(tx, checkoutId, { status: 200, body: answer });
      return answer;
    });
  } catch (error) {
    if (error instanceof ReplaySignal) return replayImport(db, input);
    throw error;
  }
}
