import { messages } from '@tibay/contract';
import { describe, expect, it } from 'vitest';
import { payBlockedMessage } from './use-buildcredit-nav.ts';

describe('BUILDCREDIT PAYMENT (spec 1 §4, issue 17)', () => {
  it('proceeds only for an approved application', () => {
    expect(payBlockedMessage('Approved')).toBeNull();
    expect(payBlockedMessage(null)).toBe(messages.buildCreditNotRegistered);
    expect(payBlockedMessage('Pending')).toBe(messages.buildCreditNotApproved);
    expect(payBlockedMessage('Draft')).toBe(messages.buildCreditDraft);
    expect(payBlockedMessage('Rejected')).toBe(messages.buildCreditNotApproved);
  });
});
