import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { completeProfileData, updateAddressRequest } from './profile.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('completeProfileData', () => {
  const buyer = { customerType: 'Buyer', buyerType: 'Company', hardwareName: 'Santos Hardware', phone: '09171234567' };
  it('accepts a Company buyer, an End User without a company and an Agent without one', () => {
    expect(completeProfileData.safeParse(buyer).success).toBe(true);
    expect(completeProfileData.safeParse({ ...buyer, buyerType: 'End User', hardwareName: null }).success).toBe(true);
    expect(completeProfileData.safeParse({ customerType: 'Agent', phone: '+639171234567' }).success).toBe(true);
  });
  it('applies the spec rules', () => {
    expect(firstMessage(completeProfileData.safeParse({ ...buyer, customerType: '' }))).toBe(messages.userTypeRequired);
    expect(firstMessage(completeProfileData.safeParse({ ...buyer, hardwareName: '' }))).toBe(
      messages.companyNameRequired,
    );
    expect(firstMessage(completeProfileData.safeParse({ ...buyer, buyerType: null }))).toBe(messages.buyerTypeRequired);
    expect(firstMessage(completeProfileData.safeParse({ ...buyer, phone: ' ' }))).toBe(messages.phoneRequired);
    expect(firstMessage(completeProfileData.safeParse({ ...buyer, phone: '0917' }))).toBe(messages.invalidPhone);
    expect(
      firstMessage(completeProfileData.safeParse({ customerType: 'Agent', phone: '09171234567', agentId: 3 })),
    ).toBe(messages.agentOnlyForBuyer);
    expect(completeProfileData.safeParse({ ...buyer, is_completed_profile: true }).success).toBe(false);
  });
});

describe('updateAddressRequest', () => {
  it('needs a complete address pinned in the Philippines', () => {
    const ok = { address: '12 Katipunan Avenue, Quezon City', latitude: 14.64, longitude: 121.07 };
    expect(updateAddressRequest.safeParse(ok).success).toBe(true);
    expect(firstMessage(updateAddressRequest.safeParse({ ...ok, address: 'QC' }))).toBe(messages.addressTooShort);
    expect(firstMessage(updateAddressRequest.safeParse({ ...ok, latitude: 35.6, longitude: 139.7 }))).toBe(
      messages.addressOutsidePhilippines,
    );
  });
});
