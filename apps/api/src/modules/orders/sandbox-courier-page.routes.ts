import { type OrderStatus, shippingMethods } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml, type SandboxLook, sandboxPage, sendSandboxPage } from '../../lib/sandbox-page.ts';
import { type SandboxBookingRow as BookingRow, sandboxBooking } from './orders.repository.ts';

/**
 * The sandbox Lalamove's share link page (/sandbox-courier/<booking id>): what a buyer following a real Lalamove
 * share link would see — the booking, where it is picked up and delivered, and the delivery's status, derived from
 * the order's status. Only sandbox bookings are shown; any other id is 404. Plain HTML, no scripts (the app's CSP
 * allows none inline), like the sandbox gateway's page.
 */

const params = z.object({ bookingId: z.string().regex(/^\d{1,30}$/) });

/** The delivery's status as Lalamove would show it, from the order's status. */
const deliveryStatus: Record<OrderStatus, { label: string; text: string; tone: 'ok' | 'wait' | 'bad' }> = {
  Pending: { label: 'Assigning driver', text: 'We are finding a driver near the seller.', tone: 'wait' },
  Verified: { label: 'Driver assigned', text: 'A driver will pick up the order from the seller.', tone: 'ok' },
  'For Preparation': {
    label: 'Driver assigned',
    text: 'The seller is preparing the order for the driver.',
    tone: 'ok',
  },
  'For Delivery': { label: 'Picked up', text: 'The driver has the order and is on the way.', tone: 'ok' },
  Delivered: { label: 'Delivered', text: 'The order was delivered.', tone: 'ok' },
  Received: { label: 'Delivered', text: 'The order was delivered.', tone: 'ok' },
  Denied: { label: 'Cancelled', text: 'This delivery was cancelled.', tone: 'bad' },
  Cancelled: { label: 'Cancelled', text: 'This delivery was cancelled.', tone: 'bad' },
  'Payment Failed': { label: 'Cancelled', text: 'This delivery was cancelled.', tone: 'bad' },
  'Payment Expired': { label: 'Cancelled', text: 'This delivery was cancelled.', tone: 'bad' },
};

export async function sandboxCourierPageRoutes(app: FastifyInstance) {
  app.get('/sandbox-courier/:bookingId', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const booking = parsed.success ? await sandboxBooking(app.db, parsed.data.bookingId) : null;
    if (!booking) return sendSandboxPage(reply, 404, notFoundPage());
    return sendSandboxPage(reply, 200, bookingPage(booking));
  });
}

function bookingPage(booking: BookingRow): string {
  const status = deliveryStatus[booking.status] ?? deliveryStatus.Pending;
  const vehicle = booking.service_type
    ? booking.service_type.charAt(0) + booking.service_type.slice(1).toLowerCase()
    : '';
  const row = (term: string, value: string) => `<div><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd></div>`;
  const body = `
    <section class="result ${status.tone}" role="status" aria-label="Delivery status">
      <h2>${escapeHtml(status.label)}</h2>
      <p>${escapeHtml(status.text)}</p>
    </section>
    <dl class="summary">
      ${row('Booking', booking.booking_id)}
      ${row('Order reference', booking.reference)}
      ${vehicle ? row('Vehicle', vehicle) : ''}
      ${row('Schedule', booking.schedule_date)}
    </dl>
    <ol class="stops">
      <li><h3>Pick-up</h3><p class="name">${escapeHtml(booking.seller_name)}</p><p>${escapeHtml(booking.seller_address)}</p></li>
      <li><h3>Delivery</h3><p class="name">${escapeHtml(booking.recipient_name)}</p><p>${escapeHtml(booking.delivery_address)}</p></li>
    </ol>`;
  return layout(`${status.label} · ${shippingMethods.lalamove.label} delivery ${booking.reference}`, body);
}

function notFoundPage() {
  return layout(
    'Delivery not found · Sandbox courier',
    '<section class="result bad" role="status"><h2>Delivery not found</h2><p>This delivery link is not valid.</p></section>',
  );
}

const courierLook: SandboxLook = {
  brand: 'Sandbox Lalamove',
  heading: 'Track your delivery',
  footer: 'Sandbox courier for testing. No driver is dispatched.',
  colours: {
    background: '#f4f5f7',
    header: '#f16622',
    badgeBackground: '#fff',
    badgeText: '#f16622',
    shadow: 'rgba(0,0,0,.1)',
  },
  css: `  .stops{list-style:none;margin:0;padding:0;display:grid;gap:12px}
  .stops li{border-left:4px solid #f16622;padding:4px 12px}
  .stops h3{margin:0;font-size:13px;text-transform:uppercase;color:#616e7c}
  .stops p{margin:2px 0}
  .stops .name{font-weight:600}`,
};

function layout(title: string, body: string) {
  return sandboxPage(courierLook, title, body);
}
