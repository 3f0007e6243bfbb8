import {
  type BuildCreditSummary,
  type ChangePasswordRequest,
  type LoginRequest,
  messages,
  passwordProblem,
  type RegisterRequest,
} from '@tibay/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { creditApplications, creditLines, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';
import { REMEMBER_ME_DAYS, SESSION_HOURS, type SessionDevice } from '../../plugins/auth.ts';
import {
  consumeEmailToken,
  issueEmailToken,
  RESET_PASSWORD_HOURS,
  revokeEmailTokens,
  VERIFY_EMAIL_HOURS,
} from './email-tokens.ts';
import { resetPasswordMail, verifyEmailMail } from './mails.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import { sessionFor } from './sessions.ts';

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const byEmail = (email: string) => sql`lower(${users.email}) = ${normalizeEmail(email)}`;

function requireStrong(password: string, field: string) {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError('BUSINESS_RULE', problem, { [field]: problem });
}

async function sendVerification(app: FastifyInstance, user: { id: number; email: string; firstName: string }) {
  const token = await issueEmailToken(app.db, user.id, 'verify_email', VERIFY_EMAIL_HOURS);
  const link = `${app.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await app.mailer.send(verifyEmailMail(user.email, user.firstName, link));
}

/** Signup: a buyer account, unverified until the emailed link is opened. */
export async function register(app: FastifyInstance, input: RegisterRequest) {
  if (input.password !== input.confirmPassword) {
    throw new HttpError('BUSINESS_RULE', messages.passwordMismatch, { confirmPassword: messages.passwordMismatch });
  }
  requireStrong(input.password, 'password');
  const hasAddress = Boolean(input.address);
  if (hasAddress && (input.latitude === undefined || input.longitude === undefined)) {
    throw new HttpError('BUSINESS_RULE', messages.pinLocation, { address: messages.pinLocation });
  }
  const email = normalizeEmail(input.email);
  const [existing] = await app.db.select({ id: users.id }).from(users).where(byEmail(email));
  if (existing) throw new HttpError('CONFLICT', messages.emailTaken, { email: messages.emailTaken });

  const passwordHash = await hashPassword(input.password);
  const [user] = await app.db
    .insert(users)
    .values({
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phoneNo,
      role: 'buyer',
      address: hasAddress ? input.address : null,
      latitude: hasAddress ? input.latitude : null,
      longitude: hasAddress ? input.longitude : null,
    })
    // Two signups racing for one email: the unique index on lower(email) lets one through.
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  if (!user) throw new HttpError('CONFLICT', messages.emailTaken, { email: messages.emailTaken });
  await sendVerification(app, user);
  return { success: true as const, message: messages.registerSuccess };
}

export async function verifyEmail(app: FastifyInstance, token: string) {
  const verified = await app.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify_email');
    if (!userId) return false;
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    return true;
  });
  if (!verified) throw new HttpError('VALIDATION', messages.verifyLinkInvalid);
  return { success: true as const, message: messages.emailVerified };
}

/** Always the same answer, so the call cannot be used to find out which emails have accounts. */
export async function resendVerification(app: FastifyInstance, email: string) {
  const [user] = await app.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(byEmail(email));
  if (user && !user.verifiedAt) await sendVerification(app, user);
  return { success: true as const, message: messages.verificationResent };
}

export async function login(app: FastifyInstance, input: LoginRequest, device: SessionDevice) {
  const [user] = await app.db.select().from(users).where(byEmail(input.email));
  // Same message and about the same work whether the email or the password is wrong.
  const ok = await passwordMatches(user?.passwordHash, input.password);
  if (!user || !ok) throw new HttpError('UNAUTHENTICATED', messages.invalidCredentials);
  if (!user.emailVerifiedAt) throw new HttpError('EMAIL_NOT_VERIFIED', messages.emailNotVerified);
  const lifetime = input.rememberMe ? REMEMBER_ME_DAYS * 86_400 : SESSION_HOURS * 3_600;
  const session = await sessionFor(app, user, lifetime, device);
  return { success: true as const, ...session, message: messages.loginSuccess };
}

/** The spec asks for "Email not found" on an unknown address, so this call does reveal registration. */
export async function forgotPassword(app: FastifyInstance, email: string) {
  const [user] = await app.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(byEmail(email));
  if (!user) throw new HttpError('NOT_FOUND', messages.emailNotFound, { email: messages.emailNotFound });
  const token = await app.db.transaction(async (tx) => {
    await revokeEmailTokens(tx, user.id, 'reset_password');
    return issueEmailToken(tx, user.id, 'reset_password', RESET_PASSWORD_HOURS);
  });
  const link = `${app.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await app.mailer.send(resetPasswordMail(user.email, user.firstName, link));
  return { success: true as const, message: messages.forgotPasswordSent };
}

export async function resetPassword(
  app: FastifyInstance,
  input: { token: string; newPassword: string; confirmPassword: string },
) {
  if (input.newPassword !== input.confirmPassword) {
    throw new HttpError('BUSINESS_RULE', messages.resetPasswordsDoNotMatch, {
      confirmPassword: messages.resetPasswordsDoNotMatch,
    });
  }
  requireStrong(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const done = await app.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, input.token, 'reset_password');
    if (!userId) return null;
    await tx
      .update(users)
      .set({
        passwordHash,
        // Every existing session ends; opening the emailed link also proves the address.
        sessionVersion: sql`${users.sessionVersion} + 1`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    return userId;
  });
  if (!done) throw new HttpError('VALIDATION', messages.resetLinkInvalid);
  app.forgetAccountCheck(done);
  return { success: true as const, message: messages.passwordResetDone };
}

/** Ends every other session and returns a new token for this one, expiring when the current one would. */
export async function changePassword(
  app: FastifyInstance,
  userId: number,
  input: ChangePasswordRequest,
  remainingSeconds: number,
  device: SessionDevice,
) {
  if (input.newPassword !== input.confirmPassword) {
    throw new HttpError('BUSINESS_RULE', messages.passwordChangeMismatch, {
      confirmPassword: messages.passwordChangeMismatch,
    });
  }
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await passwordMatches(user.passwordHash, input.oldPassword))) {
    throw new HttpError('BUSINESS_RULE', messages.passwordChangeFailed, { oldPassword: messages.passwordChangeFailed });
  }
  requireStrong(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const [updated] = await app.db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion, role: users.role });
  if (!updated) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  app.forgetAccountCheck(userId);
  const { token, expiresAt } = await app.signSession(
    { sub: String(userId), role: updated.role, sv: updated.sessionVersion },
    Math.max(60, remainingSeconds),
    device,
  );
  return { success: true as const, message: messages.passwordChangeSuccess, token, expiresAt: expiresAt.toISOString() };
}

/** checkExistingBalance: the BuildCredit line, or N/A and zeros when there is none. Centavos. */
export async function buildCreditSummary(app: FastifyInstance, userId: number): Promise<BuildCreditSummary> {
  const [line] = await app.db
    .select()
    .from(creditLines)
    .where(and(eq(creditLines.customerId, userId), eq(creditLines.kind, 'buildcredit')))
    .orderBy(creditLines.id)
    .limit(1);
  const [application] = await app.db
    .select({ status: creditApplications.status })
    .from(creditApplications)
    .where(eq(creditApplications.customerId, userId));
  if (!line) {
    return {
      buildcredit_status: 'N/A',
      status: application?.status ?? 'N/A',
      current_bal: 0,
      approved_credit_limit: 0,
      used_credit_limit: 0,
      credit_terms: 0,
      pdc_sent: 0,
    };
  }
  return {
    buildcredit_status: line.status,
    status: application?.status ?? 'Approved',
    current_bal: line.balance,
    approved_credit_limit: line.approvedLimit,
    used_credit_limit: line.used,
    credit_terms: line.termsDays,
    pdc_sent: line.pdcSent,
  };
}
