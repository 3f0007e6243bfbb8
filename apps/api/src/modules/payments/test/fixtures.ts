import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  checkouts,
  creditLines,
  creditTransactions,
  orderEvents,
  orderItems,
  orders,
  payments,
  products,
  stockMovements,
  voucherRedemptions,
  vouchers,
} from '../../../db/schema/index.ts';
import { takeStock } from '../../../lib/stock-ledger.ts';
import { insertCategory, insertProduct, insertSeller, insertUser } from '../../../test/catalog-fixtures.ts';

/**
 * A placed gateway checkout written straight to the database, as the checkout module leaves it: two orders
 * (two sellers) in Pending with a payment window, stock taken through the ledger, a voucher used once, a
 * pending 'gateway' payment — and, optionally, a credit line debited for the orders.
 */

let counter = 0;

export interface GatewayCheckout {
  checkoutId: number;
  paymentId: number;
  customerId: number;
  orderIds: number[];
  references: string[];
  productIds: number[];
  voucherId: number;
  creditLineId: number | null;
  amount: number;
}

export async function insertGatewayCheckout(
  app: FastifyInstance,
  options: { stock?: number; quantity?: number; expiresAt?: Date; withCredit?: boolean } = {},
): Promise<GatewayCheckout> {
  counter += 1;
  const stock = options.stock ?? 10;
  const quantity = options.quantity ?? 3;
  const categoryId = 900 + counter;
  await insertCategory(app, categoryId, `Payments category ${counter}`);
  const buyer = await insertUser(app, { firstName: 'Paula', lastName: 'Buyer' });
  const sellers = [await insertSeller(app), await insertSeller(app)];
  const productIds: number[] = [];
  for (const seller of sellers) {
    const product = await insertProduct(app, {
      sellerId: seller.id,
      categoryId,
      name: `Cement ${counter}-${seller.id}`,
      price: 25_000,
      stock,
    });
    productIds.push(product.id);
  }
  const expiresAt = options.expiresAt ?? new Date(Date.now() + 30 * 60_000);

  return app.db.transaction(async (tx) => {
    const [checkout] = await tx
      .insert(checkouts)
      .values({ customerId: buyer.id, idempotencyKey: randomBytes(8).toString('hex'), requestHash: 'fixture' })
      .returning({ id: checkouts.id });
    const [voucher] = await tx
      .insert(vouchers)
      .values({
        code: `PAY${counter}${randomBytes(3).toString('hex')}`,
        discountType: 'fixed',
        amount: 1_000,
        validFrom: new Date(Date.now() - 86_400_000),
        validUntil: new Date(Date.now() + 86_400_000),
        usageLimit: 1,
        usedCount: 1,
      })
      .returning({ id: vouchers.id });
    await tx
      .insert(voucherRedemptions)
      .values({ voucherId: voucher!.id, customerId: buyer.id, checkoutId: checkout!.id, discount: 1_000 });

    const orderIds: number[] = [];
    const references: string[] = [];
    let amount = 0;
    for (const [index, productId] of productIds.entries()) {
      const reference = `ORD${String(Date.now()).slice(-10)}${String(counter * 10 + index).padStart(4, '0')}`;
      const subtotal = 25_000 * quantity;
      const discount = index === 0 ? 1_000 : 0;
      const total = subtotal + 5_000 - discount;
      amount += total;
      const [order] = await tx
        .insert(orders)
        .values({
          reference,
          checkoutId: checkout!.id,
          customerId: buyer.id,
          sellerId: sellers[index]!.id,
          status: 'Pending',
          shippingType: 'standard',
          fulfilmentType: 'order_fulfilment',
          scheduleDate: '2026-12-01',
          recipientName: 'Paula Buyer',
          recipientPhone: '09171234567',
          billingEmail: buyer.email,
          deliveryAddress: 'Makati City',
          paymentMethod: 'online',
          paymentChannel: 'gcash',
          subtotal,
          shippingFee: 5_000,
          voucherDiscount: discount,
          total,
          paymentExpiresAt: expiresAt,
        })
        .returning({ id: orders.id });
      orderIds.push(order!.id);
      references.push(reference);
      await tx.insert(orderItems).values({
        orderId: order!.id,
        productId,
        rootProductId: productId,
        productName: 'Cement',
        unitPrice: 25_000,
        quantity,
        lineTotal: subtotal,
      });
      if (!(await takeStock(tx, { productId, quantity, reference }))) throw new Error('fixture: not enough stock');
    }

    let creditLineId: number | null = null;
    if (options.withCredit) {
      // A line debited for the first order (as a credit purchase would be), to check it is given back.
      const [line] = await tx
        .insert(creditLines)
        .values({ customerId: buyer.id, kind: 'buildcredit', approvedLimit: 1_000_000, used: 40_000, balance: 960_000 })
        .returning({ id: creditLines.id });
      creditLineId = line!.id;
      await tx.insert(creditTransactions).values({ creditLineId, amount: -40_000, reference: references[0]! });
    }

    const [payment] = await tx
      .insert(payments)
      .values({ checkoutId: checkout!.id, method: 'online', channel: 'gcash', provider: 'gateway', amount })
      .returning({ id: payments.id });
    return {
      checkoutId: checkout!.id,
      paymentId: payment!.id,
      customerId: buyer.id,
      orderIds,
      references,
      productIds,
      voucherId: voucher!.id,
      creditLineId,
      amount,
    };
  });
}

/** What startGatewayPayment is given for a fixture checkout. */
export function gatewayInput(checkout: GatewayCheckout) {
  return {
    paymentId: checkout.paymentId,
    checkoutId: checkout.checkoutId,
    amount: checkout.amount,
    description: `Tibay order ${checkout.references.join(', ')}`,
    reference: checkout.references.join(', '),
    method: 'online' as const,
    channel: 'gcash',
    billing: { name: 'Paula Buyer', email: 'paula@example.test', phone: '09171234567', address: 'Makati City' },
    successUrl: `http://localhost:3000/payment/web-hooks?ref=${encodeURIComponent(checkout.references[0]!)}`,
    cancelUrl: 'http://localhost:3000/checkout',
  };
}

export async function stockOf(app: FastifyInstance, productIds: number[]) {
  const out: number[] = [];
  for (const id of productIds) {
    const [row] = await app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
    out.push(row!.stock);
  }
  return out;
}

/** Everything a settlement may change, to compare before and after. */
export async function stateOf(app: FastifyInstance, checkout: GatewayCheckout) {
  const orderRows = await app.db
    .select({ status: orders.status, verifiedAt: orders.verifiedAt, cancelledAt: orders.cancelledAt })
    .from(orders)
    .where(eq(orders.checkoutId, checkout.checkoutId))
    .orderBy(orders.id);
  const [payment] = await app.db.select().from(payments).where(eq(payments.id, checkout.paymentId));
  const [voucher] = await app.db
    .select({ usedCount: vouchers.usedCount })
    .from(vouchers)
    .where(eq(vouchers.id, checkout.voucherId));
  const redemptions = await app.db
    .select({ id: voucherRedemptions.id })
    .from(voucherRedemptions)
    .where(eq(voucherRedemptions.checkoutId, checkout.checkoutId));
  const events = await app.db.select({ id: orderEvents.id, status: orderEvents.status }).from(orderEvents);
  const movements = await app.db.select({ id: stockMovements.id }).from(stockMovements);
  const credit = checkout.creditLineId
    ? (await app.db.select().from(creditLines).where(eq(creditLines.id, checkout.creditLineId)))[0]!
    : null;
  return {
    orders: orderRows.map((o) => o.status),
    verified: orderRows.map((o) => o.verifiedAt !== null),
    cancelled: orderRows.map((o) => o.cancelledAt !== null),
    payment: payment!.status,
    paidAt: payment!.paidAt !== null,
    stock: await stockOf(app, checkout.productIds),
    voucherUsed: voucher!.usedCount,
    redemptions: redemptions.length,
    orderEvents: events.length,
    stockMovements: movements.length,
    creditBalance: credit?.balance ?? null,
    creditUsed: credit?.used ?? null,
  };
}
