import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import {
  checkouts,
  creditLines,
  creditTransactions,
  payments,
  voucherRedemptions,
  vouchers,
} from '../../db/schema/index.ts';
import { intArray, rows } from '../../db/sql.ts';
import type { LineRow } from './checkout.repository.ts';

/** The SQL of the checkout's one transaction (write-checkout.ts), each statement inside the caller's transaction. */

/** A cart line as the checkout's claim removed it. */
export type ClaimedLine = Pick<
  LineRow,
  'cart_item_id' | 'product_id' | 'quantity' | 'unit_price' | 'active' | 'seller_id' | 'weight_grams' | 'is_big_item'
>;

/**
 * One statement (an embedded drizzle query brings its own parentheses): the checkout row (the Idempotency-Key's
 * claim), then the customer's marked cart lines `cartItemIds`, removed (which locks them), and the cart's order
 * instructions cleared. No row at all: the key is taken. Prepared: its text must not vary (place order's hot path).
 */
export async function claimCheckoutLines(
  tx: Tx,
  claim: {
    customerId: number;
    actorUserId: number | null;
    idempotencyKey: string;
    requestHash: string;
    cartItemIds: number[];
  },
) {
  const customerId = claim.customerId;
  const claimInsert = tx
    .insert(checkouts)
    .values({
      customerId,
      actorUserId: claim.actorUserId,
      idempotencyKey: claim.idempotencyKey,
      requestHash: claim.requestHash,
    })
    .onConflictDoNothing()
    .returning({ id: checkouts.id });
  return preparedRows<Partial<ClaimedLine> & { checkout_id: number }>(
    tx,
    sql`with checkout as ${claimInsert},
        claimed as (
          delete from cart_items c using products n, seller_companies s
          where exists (select 1 from checkout) and n.id = c.product_id and s.id = n.seller_id
            and c.customer_id = ${customerId} and c.marked
            and c.id = any(${intArray(claim.cartItemIds)})
          returning c.id as cart_item_id, c.product_id, c.quantity, n.effective_price::float8 as unit_price,
                    (n.is_active and s.status = 'approved') as active, n.seller_id, n.weight_grams, n.is_big_item),
        -- The cart's order instructions went into these orders: the next cart starts without them.
        cleared as (
          update carts set order_instructions = '', updated_at = now()
          where customer_id = ${customerId} and exists (select 1 from checkout))
        select k.id as checkout_id, d.* from checkout k left join claimed d on true`,
  );
}

/** The checkouts row alone (an imported sales order: no cart lines), or null when the key is already taken. */
export async function insertCheckoutKey(
  tx: Tx,
  claim: { customerId: number; actorUserId: number | null; idempotencyKey: string; requestHash: string },
): Promise<number | null> {
  const [row] = await tx.insert(checkouts).values(claim).onConflictDoNothing().returning({ id: checkouts.id });
  return row?.id ?? null;
}

/**
 * Locks the customer's row, serialising the customer's own checkouts. NO KEY UPDATE: the checkouts row inserted by
 * the claim already holds a KEY SHARE lock on the user (its foreign key), and FOR UPDATE would conflict with the
 * other checkouts' KEY SHARE locks — a deadlock on PostgreSQL.
 */
export async function lockCustomerRow(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${customerId} for no key update`);
}

/**
 * One more use of the voucher, only while it is active, valid now and has uses left (a conditional UPDATE).
 * Answers its per-customer limit, or null when no use was left.
 */
export async function useVoucher(tx: Tx, voucherId: number): Promise<{ perCustomerLimit: number } | null> {
  const used = await tx
    .update(vouchers)
    .set({ usedCount: sql`${vouchers.usedCount} + 1` })
    .where(
      and(
        eq(vouchers.id, voucherId),
        eq(vouchers.isActive, true),
        sql`${vouchers.validFrom} <= now() and ${vouchers.validUntil} > now()`,
        sql`(${vouchers.usageLimit} is null or ${vouchers.usedCount} < ${vouchers.usageLimit})`,
      ),
    )
    .returning({ id: vouchers.id, perCustomerLimit: vouchers.perCustomerLimit });
  return used[0] ?? null;
}

/** How many times the customer has redeemed the voucher. */
export async function voucherUsesBy(tx: Tx, voucherId: number, customerId: number): Promise<number> {
  const [uses] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from voucher_redemptions where voucher_id = ${voucherId} and customer_id = ${customerId}`,
  );
  return Number(uses?.n ?? 0);
}

export async function recordRedemption(tx: Tx, redemption: typeof voucherRedemptions.$inferInsert): Promise<void> {
  await tx.insert(voucherRedemptions).values(redemption);
}

/**
 * Debits `amount` from the credit line, only while it is active and its balance covers it, and records the
 * transaction. Answers false (nothing written) when the line could not pay.
 */
export async function debitCreditLine(
  tx: Tx,
  debit: { creditLineId: number; amount: number; reference: string },
): Promise<boolean> {
  const { creditLineId, amount, reference } = debit;
  const debited = await tx
    .update(creditLines)
    .set({ balance: sql`${creditLines.balance} - ${amount}`, used: sql`${creditLines.used} + ${amount}` })
    .where(
      and(eq(creditLines.id, creditLineId), eq(creditLines.status, 'active'), sql`${creditLines.balance} >= ${amount}`),
    )
    .returning({ id: creditLines.id });
  if (debited.length === 0) return false;
  await tx.insert(creditTransactions).values({
    creditLineId,
    amount: -amount,
    reference,
    note: `Order ${reference}`,
  });
  return true;
}

/** Inserts the checkout's payment; answers its id. */
export async function insertPayment(tx: Tx, payment: typeof payments.$inferInsert): Promise<number> {
  const [row] = await tx.insert(payments).values(payment).returning({ id: payments.id });
  return row!.id;
}

/** Stores what a retry needs to finish opening the hosted page, with this request's claim on doing it. */
export async function storeGatewayPending(
  tx: Tx,
  checkoutId: number,
  pending: unknown,
  claim: { token: string; until: Date },
): Promise<void> {
  await tx
    .update(checkouts)
    .set({ gatewayPending: pending, gatewayClaim: claim.token, gatewayClaimedUntil: claim.until })
    .where(eq(checkouts.id, checkoutId));
}
