import { describe, expect, it } from 'vitest';
import { orderHistoryQuery, orderTimeline, reviewRequest } from './orders.ts';

const base = {
  ordered_at: '2026-11-01T00:00:00.000Z',
  verified_at: null,
  preparation_at: null,
  delivery_at: null,
  delivered_at: null,
  denied_at: null,
};

describe('orders contract', () => {
  it('reads the filter tabs case-insensitively, 10 a page by default', () => {
    expect(orderHistoryQuery.parse({ filter: 'for preparation' })).toMatchObject({
      filter: 'FOR PREPARATION',
      page: 1,
      pageSize: 10,
      q: '',
    });
    expect(orderHistoryQuery.safeParse({ filter: 'SHIPPED' }).success).toBe(false);
  });

  it('accepts whole ratings 1..5 only', () => {
    const ok = { product_id: 1, rating: 5, reference_no: 'ORD20261101000001' };
    expect(reviewRequest.parse(ok).comment).toBe('');
    for (const rating of [0, 6, 3.5]) expect(reviewRequest.safeParse({ ...ok, rating }).success).toBe(false);
  });

  it('draws the timeline: delivery or pick-up, and Denied shown at the end', () => {
    const delivery = orderTimeline({
      ...base,
      status: 'Verified',
      shipping_type: 'standard',
      verified_at: base.ordered_at,
    });
    expect(delivery.map((s) => [s.label, s.done])).toEqual([
      ['Pending', true],
      ['Verified', true],
      ['For Preparation', false],
      ['For Delivery', false],
      ['Delivered', false],
    ]);
    const pickup = orderTimeline({ ...base, status: 'Pending', shipping_type: 'pickup' });
    expect(pickup.map((s) => s.label)).toEqual(['Pending', 'Verified', 'For Preparation', 'Received']);
    const denied = orderTimeline({ ...base, status: 'Denied', shipping_type: 'standard', denied_at: base.ordered_at });
    expect(denied.at(-1)).toMatchObject({ label: 'Denied', done: true });
  });
});
