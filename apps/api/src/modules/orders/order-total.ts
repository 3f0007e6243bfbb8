import type { OrderStatus } from '@tibay/contract';
import type { Tx } from '../../db/client.ts';
import { creditBack, creditNetOf } from './holdings.repository.ts';
import { addEvent, lowerPendingPayments, setTotalIf } from './order-total.repository.ts';

/**
 * An administrator lowers an order's total (a bad stock transfer, decision 0041), inside the caller's transaction:
 * the total changes only while it is still what the caller saw; what the buyer still owes follows — a payment still
 * pending is lowered by the difference, and a credit line that paid the order gets the difference back (at most
 * what the order still owes it). A payment already made is left as it is: the difference is for a refund.
 */

export interface LoweredTotal {
  /** Whether the total was still `from` (false: nothing changed). */
  changed: boolean;
  /** How the difference reached the payment: 'pending_payment', 'credit', or 'none' (already paid). */
  balance: 'pending_payment' | 'credit' | 'none';
}

export async function lowerOrderTotal(
  tx: Tx,
  order: { id: number; reference: string; checkoutId: number; status: OrderStatus },
  change: { from: number; to: number; actorUserId: number; note: string },
): Promise<LoweredTotal> {
  if (change.to > change.from || change.to < 0) throw new Error('an order total is only lowered');
  if (!(await setTotalIf(tx, order.id, change.from, change.to))) return { changed: false, balance: 'none' };
  const difference = change.from - change.to;
  let balance: LoweredTotal['balance'] = 'none';
  if (difference > 0) {
    const [owed] = await creditNetOf(tx, [order.reference]);
    const owedToCredit = owed ? -Number(owed.net) : 0;
    if (owedToCredit > 0) {
      await creditBack(tx, {
        creditLineId: owed!.creditLineId,
        amount: Math.min(difference, owedToCredit),
        reference: order.reference,
        note: change.note,
      });
      balance = 'credit';
    } else if ((await lowerPendingPayments(tx, order.checkoutId, difference)) > 0) {
      balance = 'pending_payment';
    }
  }
  await addEvent(tx, { orderId: order.id, status: order.status, actorUserId: change.actorUserId, note: change.note });
  return { changed: true, balance };
}
