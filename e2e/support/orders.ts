import { type APIRequestContext, expect } from '@playwright/test';
import { manilaDatePlus } from './accounts.ts';

/** Puts one of `productId` in the buyer's cart and places it as a cash-on-delivery order; returns its reference. */
export async function placeCodOrder(
  request: APIRequestContext,
  buyer: Record<string, string>,
  productId: number,
): Promise<string> {
  const added = await request.post('/api/v1/cart/items', {
    headers: buyer,
    data: { product_id: productId, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await request.post('/api/v1/checkout', {
    headers: { ...buyer, 'idempotency-key': crypto.randomUUID() },
    multipart: {
      data: JSON.stringify({
        cart_item_ids: [((await added.json()) as { cart_item: { id: number } }).cart_item.id],
        address: 'Unit 5, 123 Shaw Boulevard, Mandaluyong City, Metro Manila',
        latitude: 14.5794,
        longitude: 121.0359,
        shipping_type: 'standard',
        schedule_date: manilaDatePlus(3),
        payment_method: 'cod',
      }),
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const reference = ((await placed.json()) as { orders: { reference: string }[] }).orders[0]?.reference;
  expect(reference).toBeTruthy();
  return reference as string;
}
