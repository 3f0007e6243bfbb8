import { describe, expect, it } from 'vitest';
import { digitsOnly, isValidPhone, phoneFieldValue } from './phone.ts';

describe('isValidPhone (spec 1 §5)', () => {
  it.each([
    ['09171234567', 'mobile 09 + 9 digits'],
    ['09998887777', 'mobile 09 + 9 digits'],
    ['+639171234567', 'mobile +639 + 9 digits'],
    ['0281234567', 'Metro Manila 02 + 8 digits'],
    ['028123456', 'Metro Manila 02 + 7 digits'],
    ['0321234567', 'landline 03 + 8 digits'],
    ['032123456', 'landline 03 + 7 digits'],
    ['0441234567', 'landline 04'],
    ['0551234567', 'landline 05'],
    ['0661234567', 'landline 06'],
    ['0771234567', 'landline 07'],
    ['0881234567', 'landline 08'],
    ['091234567', 'landline form with 09 prefix + 7 digits'],
  ])('accepts %s (%s)', (value) => {
    expect(isValidPhone(value)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['0917', 'too short'],
    ['02123456', '02 + 6 digits: too short'],
    ['091712345678', 'mobile too long'],
    ['+6391712345678', '+639 too long'],
    ['+63917123456', '+639 too short'],
    ['02123456789', '02 + 9 digits: too long'],
    ['01123456789', '01 prefix'],
    ['0012345678', '00 prefix'],
    ['9171234567', 'no leading 0'],
    ['639171234567', '63 without +'],
    ['+63 917 123 4567', 'spaces'],
    ['0917 123 4567', 'spaces'],
    ['0917-123-4567', 'dashes'],
    ['0917abc4567', 'letters'],
    ['O9171234567', 'letter O for zero'],
    ['+649171234567', 'other country code'],
    [' 09171234567', 'leading space'],
  ])('refuses %j (%s)', (value) => {
    expect(isValidPhone(value)).toBe(false);
  });
});

describe('digitsOnly', () => {
  it('keeps only digits', () => {
    expect(digitsOnly('+63 (917) 123-4567')).toBe('639171234567');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('phoneFieldValue', () => {
  it.each([
    ['+639171234567', '+639171234567'],
    ['+63 917 123 4567', '+639171234567'],
    [' +63 (917) 123-4567 ', '+639171234567'],
    ['639171234567', '+639171234567'],
    ['63 917 123 4567', '+639171234567'],
    ['0917-123-4567', '09171234567'],
    ['(02) 8123 4567', '0281234567'],
    ['63917', '63917'],
    ['abc', ''],
  ])('keeps %j as %j', (pasted, kept) => {
    expect(phoneFieldValue(pasted)).toBe(kept);
  });

  it('turns a pasted international mobile number into a valid one', () => {
    expect(isValidPhone(phoneFieldValue('+63 917 123 4567'))).toBe(true);
    expect(isValidPhone(phoneFieldValue('639171234567'))).toBe(true);
  });
});
