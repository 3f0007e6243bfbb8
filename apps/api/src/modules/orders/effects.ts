import type { Deps } from '../../deps.ts';
import { bookCourierDeliveries } from './courier-booking.ts';
import { emailVerifiedOrders, sendLatePaymentEmail, sendOrderStatusEmail } from './order-mails.ts';
import type { Settlement } from './settlement.ts';

/**
 * What follows a committed change of an order's state, outside its transaction: the buyer's mail and the Lalamove
 * booking. Neither can undo the change: a failed mail or booking is logged and the order stays where it is.
 */

export type EffectDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'log' | 'couriers'>;

/** After a seller or an administrator moved one order (lifecycle.ts). */
export async function afterOrderMoved(
  deps: EffectDeps,
  moved: { reference: string; to: string; shippingType: string; checkoutId: number },
): Promise<void> {
  await sendOrderStatusEmail(deps, moved.reference);
  if (moved.to === 'Verified' && moved.shippingType === 'lalamove') {
    // The payment is in: the Lalamove driver is booked now (a failure is logged; the order stays verified).
    await bookCourierDeliveries(deps, moved.checkoutId).catch((error) =>
      deps.log.error({ err: error, reference: moved.reference }, 'Lalamove booking could not be made'),
    );
  }
}

/** After a gateway's event settled a checkout (settlement.ts settleCheckout). */
export async function afterSettlement(deps: EffectDeps, checkoutId: number, settlement: Settlement): Promise<void> {
  if (settlement === 'refund due') await sendLatePaymentEmail(deps, checkoutId);
  if (settlement === 'verified') {
    await emailVerifiedOrders(deps, checkoutId);
    // Paid gateway orders by Lalamove are booked now (failures are logged; the orders stay paid).
    await bookCourierDeliveries(deps, checkoutId).catch((error) =>
      deps.log.error({ err: error, checkoutId }, 'Lalamove bookings could not be made'),
    );
  }
}
