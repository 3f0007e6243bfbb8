/**
 * Philippine phone numbers as the spec defines them:
 * mobile 09 or +639 followed by 9 digits; landline 02, or 03 to 09, followed by 7 to 8 digits.
 */
const mobile = /^(09|\+639)\d{9}$/;
const landline = /^0[2-9]\d{7,8}$/;

export function isValidPhone(value: string): boolean {
  return mobile.test(value) || landline.test(value);
}

/** Keeps only the digits of a value. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * What a phone field keeps of a new value. Typing is limited to digit keys, but a number pasted from a phone's
 * contacts comes as `+63 917 123 4567`: its leading `+` is kept (the spec's `+639` form) and the spaces, dashes
 * and brackets are dropped. `639` and 9 digits without the `+` is that same international form (no Philippine
 * number is 12 digits long), so it gets its `+` back.
 */
export function phoneFieldValue(value: string): string {
  const trimmed = value.trim();
  const digits = digitsOnly(trimmed);
  if (trimmed.startsWith('+') || /^639\d{9}$/.test(digits)) return `+${digits}`;
  return digits;
}
