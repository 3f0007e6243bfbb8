/**
 * Philippine phone numbers as the spec defines them:
 * mobile 09 or +639 followed by 9 digits; landline 02, or 03 to 09, followed by 7 to 8 digits.
 */
const mobile = /^(09|\+639)\d{9}$/;
const landline = /^0[2-9]\d{7,8}$/;

export function isValidPhone(value: string): boolean {
  return mobile.test(value) || landline.test(value);
}

/** The phone input accepts digit keys only; this strips anything else (a pasted value, say). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}
