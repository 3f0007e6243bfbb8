import { gatewayMethods, messages, type OrderStatus, type PaymentMethodCode } from '@tibay/contract';
import { HttpError } from '../../http/http-error.ts';
import { afterOrderMoved, type EffectDeps } from './effects.ts';
import { releaseOrderHoldings, releaseVoucherIfCheckoutEnded } from './holdings.ts';
import { countUnitsSold, lockOrder, type StatusStamp, writeStatus } from './orders.repository.ts';

/**
 * The life of an order after checkout (DESIGN.md: "Order status moves only forward along the spec's states, and
 * every change is timestamped and audited"). Sellers move their own shop's orders; administrators move any.
 *
 *   Pending -> Verified -> For Preparation -> For Delivery -> Delivered
 *                                          -> Received            (pick-up orders)
 *   Pending | Verified | For Preparation -> Denied (with a reason; stock and credit go back)
 *
 * Gateway-paid orders (card, online) are verified by the payment webhook only, never by hand.
 */

export type OrderActor = { role: 'admin'; userId: number } | { role: 'seller'; userId: number; sellerId: number };

export interface MoveOrderInput {
  reference: string;
  to: OrderStatus;
  actor: OrderActor;
  /** Required for Denied. */
  reason?: string;
}

const forward: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  Pending: ['Verified', 'Denied'],
  Verified: ['For Preparation', 'Denied'],
  'For Preparation': ['For Delivery', 'Received', 'Denied'],
  'For Delivery': ['Delivered'],
};

/** The timestamp column each status sets. */
const stampOf: Partial<Record<OrderStatus, StatusStamp>> = {
  Verified: 'verifiedAt',
  'For Preparation': 'preparationAt',
  'For Delivery': 'deliveryAt',
  Delivered: 'deliveredAt',
  Received: 'deliveredAt',
  Denied: 'deniedAt',
};

/** The statuses an order may move to next, for this actor (what the seller and admin screens offer). */
export function nextStatuses(
  order: { status: OrderStatus; shippingType: string; paymentMethod: string },
  actor: OrderActor['role'],
): OrderStatus[] {
  return (forward[order.status] ?? []).filter((to) => whyNot(order, to, actor) === null);
}

function whyNot(
  order: { status: OrderStatus; shippingType: string; paymentMethod: string },
  to: OrderStatus,
  actor: OrderActor['role'],
): string | null {
  if (!(forward[order.status] ?? []).includes(to)) {
    return messages.orderStatusNotAllowed.replace('{from}', order.status).replace('{to}', to);
  }
  const pickup = order.shippingType === 'pickup';
  if (to === 'Received' && !pickup) return messages.orderNotPickup;
  if (to === 'For Delivery' && pickup) return messages.orderIsPickup;
  if (to === 'Verified') {
    if (gatewayMethods.includes(order.paymentMethod as PaymentMethodCode)) return messages.orderPaidOnline;
    // Payments are verified by administrators; a seller confirms only the orders paid to them on delivery.
    if (actor === 'seller' && order.paymentMethod !== 'cod') return messages.orderVerifiedByAdmin;
  }
  return null;
}

/**
 * Moves one order a step forward (or to Denied) in one transaction: the row is locked, the step checked, the
 * status and its timestamp set, an order event written; a denial releases the order's stock and credit.
 * A seller may only touch its own shop's orders (anything else is 404, like an order that does not exist).
 * The buyer is emailed after the commit (and a verified Lalamove order booked): effects.ts.
 */
export async function moveOrder(app: EffectDeps, input: MoveOrderInput) {
  const reason = input.reason?.trim() ?? '';
  if (input.to === 'Denied' && reason.length === 0) {
    throw new HttpError('VALIDATION', messages.denyReasonRequired, { reason: messages.denyReasonRequired });
  }
  const moved = await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.reference);
    if (!order || (input.actor.role === 'seller' && order.sellerId !== input.actor.sellerId)) {
      throw new HttpError('NOT_FOUND', messages.orderNotFound);
    }
    const refusal = whyNot(order, input.to, input.actor.role);
    if (refusal) throw new HttpError('BUSINESS_RULE', refusal);

    const now = new Date();
    await writeStatus(tx, order, {
      to: input.to,
      at: now,
      stamp: stampOf[input.to],
      denyReason: input.to === 'Denied' ? reason : null,
      actorUserId: input.actor.userId,
      note: reason || null,
    });
    if (input.to === 'Denied') {
      await releaseOrderHoldings(tx, [{ id: order.id, reference: order.reference }], `Denied: ${reason}`);
      await releaseVoucherIfCheckoutEnded(tx, order.checkoutId);
    }
    if (input.to === 'Delivered' || input.to === 'Received') {
      // Best sellers count units that reached the buyer.
      await countUnitsSold(tx, order.id);
    }
    return {
      id: order.id,
      reference: order.reference,
      from: order.status,
      to: input.to,
      at: now,
      checkoutId: order.checkoutId,
      shippingType: order.shippingType,
    };
  });
  await afterOrderMoved(app, moved);
  return moved;
}
