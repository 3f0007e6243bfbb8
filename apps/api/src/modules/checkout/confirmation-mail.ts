import { type CheckoutResult, formatPeso, paymentMethods } from '@tibay/contract';
import type { Mail } from '../../plugins/mailer.ts';
import type { Computed } from './checkout.service.ts';

/** Whom the mail goes to (the checkout's computed customer). */
type MailCustomer = { customer: Pick<Computed['customer'], 'first_name' | 'email'> };

/**
 * The order confirmation email to the buyer. It is queued with the checkout's answer (checkout.repository.ts
 * storeAnswer), so it exists exactly when the answer does, and delivered after the commit.
 */
export function confirmationMail(publicUrl: string, computed: MailCustomer, result: CheckoutResult): Mail {
  const lines = [
    `Hi ${computed.customer.first_name},`,
    '',
    `Thank you for your order. ${result.orders.length === 1 ? 'Your order is' : 'Your orders are'} placed:`,
    '',
    ...result.orders.flatMap((order) => [
      `${order.reference} — ${order.seller.name} (${order.status})`,
      `  Items ${formatPeso(order.items_total)}, shipping ${formatPeso(order.shipping_fee)}, voucher -${formatPeso(order.voucher_discount)}, total ${formatPeso(order.total)}`,
    ]),
    '',
    `Grand total: ${formatPeso(result.fees.grand_total)}`,
    `Payment: ${paymentMethods.find((m) => m.code === result.payment.method)?.label ?? result.payment.method}${result.payment.status === 'paid' ? ' (paid)' : ''}`,
    ...(result.payment.instructions.length > 0 ? ['', ...result.payment.instructions] : []),
    '',
    `Track your order at ${publicUrl}/TrackOrder with the reference and this email address.`,
  ];
  return {
    to: computed.customer.email,
    subject: `Your Tibay order ${result.orders.map((order) => order.reference).join(', ')}`,
    text: lines.join('\n'),
  };
}
