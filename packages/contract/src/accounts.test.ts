import { describe, expect, it } from 'vitest';
import {
  changePasswordRequest,
  impersonateRequest,
  loginRequest,
  passwordHint,
  passwordProblem,
  registerRequest,
  resetPasswordRequest,
} from './accounts.ts';
import { messages } from './messages.ts';

const valid = {
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  email: 'juan@example.test',
  phoneNo: '09171234567',
  password: 'Secret#123',
  confirmPassword: 'Secret#123',
};

function issues(input: unknown) {
  const result = registerRequest.safeParse(input);
  if (result.success) return null;
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]));
}

describe('registerRequest', () => {
  it('accepts the signup form', () => {
    expect(registerRequest.parse(valid)).toEqual(valid);
  });

  it('trims names and phone', () => {
    const parsed = registerRequest.parse({ ...valid, firstName: '  Juan ', phoneNo: ' 09171234567 ' });
    expect(parsed.firstName).toBe('Juan');
    expect(parsed.phoneNo).toBe('09171234567');
  });

  it.each(['firstName', 'lastName', 'email', 'phoneNo', 'password', 'confirmPassword'])('requires %s', (field) => {
    const input: Record<string, unknown> = { ...valid };
    delete input[field];
    expect(issues(input)).toHaveProperty(field);
  });

  it('refuses blank names', () => {
    expect(issues({ ...valid, firstName: '   ' })).toEqual({ firstName: 'First name is required.' });
    expect(issues({ ...valid, lastName: '' })).toEqual({ lastName: 'Last name is required.' });
  });

  it('refuses a bad email', () => {
    expect(issues({ ...valid, email: 'juan@' })).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('gives the spec message for a bad phone', () => {
    expect(issues({ ...valid, phoneNo: '12345' })).toEqual({ phoneNo: messages.invalidPhone });
    expect(issues({ ...valid, phoneNo: '0917 123 4567' })).toEqual({ phoneNo: 'Please enter a valid phone number.' });
  });

  it.each([['type'], ['role'], ['credit'], ['agentCode'], ['hardwareName'], ['emailVerifiedAt']])(
    'rejects the unknown field %s',
    (field) => {
      expect(registerRequest.safeParse({ ...valid, [field]: 'x' }).success).toBe(false);
    },
  );

  it('accepts an optional pinned location within range', () => {
    expect(registerRequest.safeParse({ ...valid, address: 'Makati', latitude: 14.5, longitude: 121 }).success).toBe(
      true,
    );
    expect(registerRequest.safeParse({ ...valid, latitude: 91 }).success).toBe(false);
    expect(registerRequest.safeParse({ ...valid, longitude: -181 }).success).toBe(false);
  });

  it('leaves the password rules to the server (mismatch and strength are business rules)', () => {
    expect(registerRequest.safeParse({ ...valid, confirmPassword: 'other' }).success).toBe(true);
    expect(registerRequest.safeParse({ ...valid, password: 'weak', confirmPassword: 'weak' }).success).toBe(true);
  });
});

describe('passwordProblem', () => {
  it.each(['Secret#1', 'abc123!', 'P@ssw0rd-15chr!', '1234567!', 'ñandú#12'])('accepts %j', (value) => {
    expect(passwordProblem(value)).toBeNull();
  });

  it.each([
    ['ab1!', 'too short'],
    ['abc12!', '6 characters'],
    ['P@ssw0rd-16chars', '16 characters'],
    ['Secretabc!', 'no digit'],
    ['Secret1234', 'no special character'],
    ['', 'empty'],
  ])('refuses %j (%s) with the hint', (value) => {
    expect(passwordProblem(value)).toBe(passwordHint);
  });

  it('counts a space as a special character', () => {
    expect(passwordProblem('abc 1234')).toBeNull();
  });
});

describe('other account schemas', () => {
  it('login defaults rememberMe to false and requires both fields', () => {
    expect(loginRequest.parse({ email: 'a@b.test', password: 'x' })).toEqual({
      email: 'a@b.test',
      password: 'x',
      rememberMe: false,
    });
    expect(loginRequest.safeParse({ email: ' ', password: 'x' }).success).toBe(false);
    expect(loginRequest.safeParse({ email: 'a@b.test', password: '' }).success).toBe(false);
  });

  it('reset password says "Token is missing!" without a token', () => {
    const result = resetPasswordRequest.safeParse({ token: '', newPassword: 'a', confirmPassword: 'a' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Token is missing!');
  });

  it('change password takes exactly old, new and confirm', () => {
    const body = { oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' };
    expect(changePasswordRequest.parse(body)).toEqual(body);
    expect(changePasswordRequest.safeParse({ ...body, id: 3 }).success).toBe(false);
  });

  it('impersonation takes a positive customer id', () => {
    expect(impersonateRequest.safeParse({ impersonate_customer_id: 4 }).success).toBe(true);
    expect(impersonateRequest.safeParse({ impersonate_customer_id: 0 }).success).toBe(false);
    expect(impersonateRequest.safeParse({ impersonate_customer_id: '4' }).success).toBe(false);
  });
});
