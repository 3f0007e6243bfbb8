import { z } from 'zod';
import { messages } from './messages.ts';
import { isValidPhone } from './phone.ts';

const email = z.email('Please enter a valid email address.').max(254);
const required = (label: string) => z.string().trim().min(1, `${label} is required.`);

/** The spec's password hint: shown to the user, not enforced on the client. The server enforces a minimum. */
export const passwordHint = 'Password must be 7 to 15 characters with a number and a special character.';
const password = z.string().min(1, 'Password is required.').max(128, 'Password is too long.');

/** What the signup form sends. type, role and credit can never be set by a client. */
export const registerRequest = z
  .object({
    firstName: required('First name').max(80),
    lastName: required('Last name').max(80),
    email,
    phoneNo: z.string().trim().refine(isValidPhone, messages.invalidPhone),
    password,
    confirmPassword: z.string().min(1, 'Confirm password is required.'),
    /** Optional pinned location; the signup form does not send it. */
    address: z.string().trim().max(300).optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  })
  .strict();
export type RegisterRequest = z.infer<typeof registerRequest>;

/** Server-side strength rule (the hint, enforced): 7 to 15 characters with a digit and a special character. */
export function passwordProblem(value: string): string | null {
  if (value.length < 7 || value.length > 15 || !/\d/.test(value) || !/[^A-Za-z0-9]/.test(value)) return passwordHint;
  return null;
}

export const loginRequest = z
  .object({
    email: z.string().trim().min(1, 'Email is required.'),
    password: z.string().min(1, 'Password is required.'),
    rememberMe: z.boolean().default(false),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequest>;

export const accountType = z.enum(['Buyer', 'Agent', 'Seller', 'Admin']);
export type AccountType = z.infer<typeof accountType>;

/** A BuildCredit application's status (the spec's rpafDetail.status); the database enum is built from this list. */
export const creditApplicationStatuses = ['Draft', 'Pending', 'Approved', 'Rejected'] as const;
export type CreditApplicationStatus = (typeof creditApplicationStatuses)[number];
export const rpafDetail = z.object({ status: z.enum(creditApplicationStatuses) }).nullable();

export const loginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  /** When the token stops working (ISO time). */
  expiresAt: z.string(),
  id: z.number().int(),
  name: z.string(),
  account_type: accountType,
  rpafDetail,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const forgotPasswordRequest = z.object({ email: z.string().trim().min(1, 'Email is required.') }).strict();
export const resetPasswordRequest = z
  .object({
    token: z.string().min(1, messages.resetTokenMissing),
    newPassword: z.string().min(1, messages.resetPasswordsDoNotMatch),
    confirmPassword: z.string().min(1, messages.resetPasswordsDoNotMatch),
  })
  .strict();
export const verifyEmailRequest = z.object({ token: z.string().min(1) }).strict();

export const successMessage = z.object({ success: z.literal(true), message: z.string() });

/** The customer-data call: what the client keeps as `user`. */
export const customer = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  account_type: accountType,
  agent_code: z.string().nullable(),
  is_completed_profile: z.boolean(),
});
export type Customer = z.infer<typeof customer>;

/** Who is signed in, and, while an agent acts for a customer, who the agent is. */
export const sessionInfo = z.object({
  user: customer,
  actingAgent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The BuildCredit application of the user the token names (the customer while an agent acts for one). */
  rpafDetail,
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const agentCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
});
export type AgentCustomer = z.infer<typeof agentCustomer>;

export const impersonateRequest = z
  .object({ impersonate_customer_id: z.number().int().positive().max(2_147_483_647, messages.notYourCustomer) })
  .strict();
export const impersonateResponse = z.object({ success: z.literal(true), token: z.string(), expiresAt: z.string() });

/** The BuildCredit summary the navigation reads (checkExistingBalance). Amounts in centavos. */
export const buildCreditSummary = z.object({
  buildcredit_status: z.string(),
  status: z.string(),
  current_bal: z.number(),
  approved_credit_limit: z.number(),
  used_credit_limit: z.number(),
  credit_terms: z.number(),
  pdc_sent: z.number(),
});
export type BuildCreditSummary = z.infer<typeof buildCreditSummary>;

export const resendVerificationRequest = z.object({ email: z.string().trim().min(1, 'Email is required.') }).strict();

/** The profile's change-password popup: old, new and confirm password. */
export const changePasswordRequest = z
  .object({
    oldPassword: z.string().min(1, 'Old password is required.').max(128, 'Password is too long.'),
    newPassword: z.string().min(1, 'New password is required.').max(128, 'Password is too long.'),
    confirmPassword: z.string().min(1, 'Confirm password is required.').max(128, 'Password is too long.'),
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
/** Other sessions end; this one continues with the new token. */
export const changePasswordResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

/** generateLoginQr: the code shown on the login screen, valid for two minutes. */
export const qrCreateResponse = z.object({ qrToken: z.string(), expiresAt: z.string() });
/**
 * qrCheckStatus: polled every second. success false means the code is unknown, expired or already used
 * (message says which); authenticated true comes exactly once, with the session of the approving account.
 */
export const qrStatusResponse = z.object({
  success: z.boolean(),
  authenticated: z.boolean(),
  token: z.string().optional(),
  expiresAt: z.string().optional(),
  id: z.number().int().optional(),
  name: z.string().optional(),
  account_type: accountType.optional(),
  /** The BuildCredit application of the account (as rpafDetail in the login response). */
  buildCredit: rpafDetail.optional(),
  message: z.string(),
});
export type QrStatusResponse = z.infer<typeof qrStatusResponse>;

/** What the approving device is shown about the device asking to sign in ("Log in on the other device?"). */
export const qrRequestResponse = z.object({
  browser: z.string(),
  device: z.string(),
  /** When the code was shown on the other device (ISO time). */
  requestedAt: z.string(),
  expiresAt: z.string(),
});
export type QrRequestResponse = z.infer<typeof qrRequestResponse>;

export const agentCustomersQuery = z.object({ q: z.string().trim().max(100).optional() });
export const agentCustomersResponse = z.object({ items: z.array(agentCustomer) });

/** The developer mail page (only when the outbox is on). */
export const outboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;
export const outboxResponse = z.object({ items: z.array(outboxMail) });

/** Google and Facebook sign-in (spec 1 §4 social registration, §7 registerFB/loginFB/registerGoogle/loginGoogle). */
export const socialProviders = ['google', 'facebook'] as const;
export type SocialProvider = (typeof socialProviders)[number];
export const socialProviderNames: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };
/** The provider's token: a Google ID token or a Facebook access token (or the sandbox's stand-in). */
export const socialTokenRequest = z.object({ accessToken: z.string().min(1).max(4096) }).strict();
/** Which buttons to show: a provider is present only when configured; sandbox means the local stand-in page. */
export const socialConfigResponse = z.object({
  mode: z.enum(['off', 'sandbox', 'live']),
  providers: z.array(z.enum(socialProviders)),
  /** Live mode: the public ids the browser's provider scripts need (Google Identity Services, the Facebook SDK). */
  googleClientId: z.string().optional(),
  facebookAppId: z.string().optional(),
});
/** Links a provider to the existing account with the same verified email, proven by that account's password. */
export const socialLinkLoginRequest = z
  .object({ accessToken: z.string().min(1).max(4096), password: z.string().min(1).max(200) })
  .strict();
/** The signed-in user's sign-in methods: each configured provider, linked or not, and whether a password is set. */
export const socialLinksResponse = z.object({
  providers: z.array(z.object({ provider: z.enum(socialProviders), linked: z.boolean() })),
  hasPassword: z.boolean(),
  message: z.string().optional(),
});
export type SocialLinksResponse = z.infer<typeof socialLinksResponse>;
export type SocialConfigResponse = z.infer<typeof socialConfigResponse>;
