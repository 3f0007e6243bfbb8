import { formatPeso, type OrderStatus } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { latePaymentMailRows, statusMailRow, verifiedReferences } from './orders.repository.ts';

/** The orders' mails to the buyer after a change committed (the confirmation at checkout is the checkout's own). */

export type MailDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>;

const emailed: Partial<Record<OrderStatus, string>> = {
  Verified: 'has been verified',
  'For Preparation': 'is being prepared',
  'For Delivery': 'is out for delivery',
  Delivered: 'has been delivered',
  Received: 'has been picked up',
  Denied: 'was denied',
};

/**
 * Tells the buyer where the order is now (issue 5: verified, prepared, out for delivery, delivered, denied).
 * Sent after the change is committed; a mail failure is logged and never undoes the change.
 */
export async function sendOrderStatusEmail(app: MailDeps, reference: string): Promise<void> {
  try {
    const row = await statusMailRow(app.db, reference);
    const what = row ? emailed[row.status] : undefined;
    if (!row || !what) return;
    const lines = [
      `Hi ${row.firstName},`,
      '',
      `Your order ${reference} (${formatPeso(row.total)}) ${what}.`,
      ...(row.status === 'Denied' && row.denyReason ? [`Reason: ${row.denyReason}`] : []),
      '',
      `Track it at ${app.config.publicUrl}/TrackOrder with the reference and this email address.`,
    ];
    await app.mailer.send({
      to: row.email,
      subject: `Your Tibay order ${reference} ${what}`,
      text: lines.join('\n'),
    });
  } catch (error) {
    app.log.error({ err: error, reference }, 'order status mail failed');
  }
}

/**
 * Tells the buyer that a payment came after the orders had ended, so nothing was bought and the money will be
 * refunded (recordLatePayment). Sent after the webhook's settlement committed; a mail failure is only logged.
 */
export async function sendLatePaymentEmail(app: MailDeps, checkoutId: number): Promise<void> {
  try {
    const rows = await latePaymentMailRows(app.db, checkoutId);
    const first = rows[0];
    if (!first) return;
    const references = rows.map((row) => row.reference).join(', ');
    const lines = [
      `Hi ${first.firstName},`,
      '',
      `We received your payment of ${formatPeso(first.amount)} for ${references}, but the order had already ended`,
      `(${first.status}) when it arrived, so the items were not kept for you.`,
      '',
      `We will refund ${formatPeso(first.amount)} to you through the payment method you used. The items are back in your cart if you still want them.`,
    ];
    await app.mailer.send({
      to: first.email,
      subject: `Your payment for ${first.reference} will be refunded`,
      text: lines.join('\n'),
    });
  } catch (error) {
    app.log.error({ err: error, checkoutId }, 'late payment mail failed');
  }
}

/** The buyer hears that the paid orders are verified, after the settlement committed. */
export async function emailVerifiedOrders(app: MailDeps, checkoutId: number): Promise<void> {
  const paid = await verifiedReferences(app.db, checkoutId);
  for (const reference of paid) await sendOrderStatusEmail(app, reference);
}
