import { describe, expect, it } from 'vitest';
import {
  earliestScheduleDate,
  isPaymentMethodAvailable,
  manilaToday,
  paymentMethods,
  paymentMethodUnavailableReason,
  paymentResultOf,
  placeOrderRequest,
} from './checkout.ts';
import { messages } from './messages.ts';

const noCredit = { build_credit: null, hardware_credit: null, yield: null };

describe('schedule dates', () => {
  it('counts minimum days from today in Manila, not UTC', () => {
    // 2026-11-21 17:30 UTC is already 2026-11-22 01:30 in Manila.
    const lateEvening = new Date('2026-11-21T17:30:00Z');
    expect(manilaToday(lateEvening)).toBe('2026-11-22');
    expect(earliestScheduleDate('standard', lateEvening)).toBe('2026-11-25');
    expect(earliestScheduleDate('lalamove', lateEvening)).toBe('2026-11-24');
    expect(earliestScheduleDate('hardware', lateEvening)).toBe('2026-11-27');
  });

  it('crosses month and year ends', () => {
    expect(earliestScheduleDate('hardware', new Date('2026-12-29T04:00:00Z'))).toBe('2027-01-03');
  });
});

describe('payment method availability (spec 2 §5)', () => {
  it('needs a credit balance of at least the grand total', () => {
    expect(isPaymentMethodAvailable('build_credit', 10_000, { ...noCredit, build_credit: 10_000 })).toBe(true);
    expect(isPaymentMethodAvailable('build_credit', 10_001, { ...noCredit, build_credit: 10_000 })).toBe(false);
    expect(isPaymentMethodAvailable('hardware_credit', 1, noCredit)).toBe(false);
  });

  it('refuses Yield under ₱1,000 even with balance', () => {
    expect(isPaymentMethodAvailable('yield', 99_999, { ...noCredit, yield: 1_000_000 })).toBe(false);
    expect(isPaymentMethodAvailable('yield', 100_000, { ...noCredit, yield: 1_000_000 })).toBe(true);
  });

  it('caps the over-the-counter channels', () => {
    expect(isPaymentMethodAvailable('bayad_center', 5_000_000, noCredit)).toBe(true);
    expect(isPaymentMethodAvailable('bayad_center', 5_000_001, noCredit)).toBe(false);
    expect(isPaymentMethodAvailable('palawan_express', 2_000_001, noCredit)).toBe(false);
    expect(isPaymentMethodAvailable('cebuana', 3_000_001, noCredit)).toBe(false);
    expect(isPaymentMethodAvailable('mlhuillier', 2_500_001, noCredit)).toBe(false);
    expect(isPaymentMethodAvailable('cod', 900_000_000, noCredit)).toBe(true);
  });
});

describe('why a payment method is not available (the payment step lists it with this reason)', () => {
  it('credit lines: no line, or a balance below the total; null when it can pay', () => {
    expect(paymentMethodUnavailableReason('build_credit', 10_000, noCredit)).toBe(
      'You have no Build Credit line that can pay this order.',
    );
    expect(paymentMethodUnavailableReason('hardware_credit', 1_000_000, { ...noCredit, hardware_credit: 50_050 })).toBe(
      'Your Hardware Credit balance of ₱500.50 is below this order total.',
    );
    expect(paymentMethodUnavailableReason('build_credit', 10_000, { ...noCredit, build_credit: 10_000 })).toBeNull();
  });

  it('Yield under ₱1,000 and the over-the-counter ceilings name the amount', () => {
    expect(paymentMethodUnavailableReason('yield', 99_999, { ...noCredit, yield: 1_000_000 })).toBe(
      'Yield pays orders of ₱1,000.000 or more.',
    );
    expect(paymentMethodUnavailableReason('palawan_express', 2_000_001, noCredit)).toBe(
      'Palawan Express takes payments of up to ₱20,000.000.',
    );
    expect(paymentMethodUnavailableReason('cod', 900_000_000, noCredit)).toBeNull();
  });

  it('agrees with isPaymentMethodAvailable for every method', () => {
    for (const total of [50_000, 100_000, 2_000_001, 5_000_001]) {
      for (const { code } of paymentMethods) {
        const credit = { build_credit: 200_000, hardware_credit: null, yield: 3_000_000 };
        expect(paymentMethodUnavailableReason(code, total, credit) === null).toBe(
          isPaymentMethodAvailable(code, total, credit),
        );
      }
    }
  });
});

describe('payment result states (spec 2 §4)', () => {
  it('waits on Pending, succeeds on Verified, cancels on the failed ends', () => {
    expect(paymentResultOf('Pending')).toBe('waiting');
    expect(paymentResultOf('Verified')).toBe('success');
    expect(paymentResultOf('Payment Expired')).toBe('cancelled');
    expect(paymentResultOf('Payment Failed')).toBe('cancelled');
    expect(paymentResultOf('Cancelled')).toBe('cancelled');
  });
});

describe('place order request', () => {
  const valid = {
    cart_item_ids: [1],
    address: '12 Mabini Street, Quezon City, Metro Manila',
    latitude: 14.6,
    longitude: 121.0,
    shipping_type: 'standard',
    schedule_date: '2026-12-01',
    payment_method: 'cod',
  };

  it('accepts only choices: a price or total from the client is refused', () => {
    expect(placeOrderRequest.safeParse(valid).success).toBe(true);
    expect(placeOrderRequest.safeParse({ ...valid, grand_total: 1 }).success).toBe(false);
  });

  it('gives the spec message for a short address and a missing method', () => {
    const short = placeOrderRequest.safeParse({ ...valid, address: 'Quezon City' });
    expect(short.error?.issues[0]?.message).toBe(messages.selectDeliveryAddress);
    const noMethod = placeOrderRequest.safeParse({ ...valid, payment_method: undefined });
    expect(noMethod.error?.issues[0]?.message).toBe(messages.selectPaymentMethod);
  });
});
