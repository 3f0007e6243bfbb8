import type { Db } from '../../db/client.ts';
import { nextStatuses } from './lifecycle.ts';
import { type OrderRecordRow, orderEventsOf, orderItemsOf } from './orders.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * What the seller center and the back office both show of one order: its fields, lines, timeline and the steps
 * the actor may take next. Each adds its own view of the attachments (and the admin the buyer's email and seller).
 */
export async function describeOrder(db: Db, order: OrderRecordRow, actor: 'seller' | 'admin') {
  const [items, events] = await Promise.all([orderItemsOf(db, order.id), orderEventsOf(db, order.id)]);
  return {
    reference: order.reference,
    status: order.status,
    recipient_name: order.recipientName,
    recipient_phone: order.recipientPhone,
    billing_email: order.billingEmail,
    delivery_address: order.deliveryAddress,
    shipping_type: order.shippingType,
    schedule_date: order.scheduleDate,
    payment_method: order.paymentMethod,
    payment_channel: order.paymentChannel,
    order_instructions: order.orderInstructions,
    logistics_company: order.logisticsCompany,
    subtotal: order.subtotal,
    shipping_fee: order.shippingFee,
    voucher_discount: order.voucherDiscount,
    total: order.total,
    deny_reason: order.denyReason,
    created_at: order.createdAt.toISOString(),
    verified_at: iso(order.verifiedAt),
    preparation_at: iso(order.preparationAt),
    delivery_at: iso(order.deliveryAt),
    delivered_at: iso(order.deliveredAt),
    denied_at: iso(order.deniedAt),
    items: items.map((item) => ({
      product_id: item.productId,
      product_name: item.productName,
      variation_name: item.variationName,
      sub_variation_name: item.subVariationName,
      photo_url: item.photoUrl,
      unit_price: item.unitPrice,
      quantity: item.quantity,
      line_total: item.lineTotal,
    })),
    timeline: [
      { status: 'Pending' as const, note: null, at: order.createdAt.toISOString() },
      ...events
        .filter((event) => event.status !== 'Pending')
        .map((event) => ({ status: event.status, note: event.note, at: event.createdAt.toISOString() })),
    ],
    next: nextStatuses(order, actor),
  };
}
