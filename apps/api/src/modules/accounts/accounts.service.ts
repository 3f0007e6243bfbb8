import {
  type BuildCreditSummary,
  type ChangePasswordRequest,
  type LoginRequest,
  messages,
  passwordProblem,
  type RegisterRequest,
} from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { REMEMBER_ME_DAYS, SESSION_HOURS, type SessionDevice } from '../../plugins/auth.ts';
import * as repo from './accounts.repository.ts';
import { issueEmailToken, RESET_PASSWORD_HOURS, sha256, VERIFY_EMAIL_HOURS } from './email-tokens.ts';
import { resetPasswordMail, verifyEmailMail } from './mails.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import { sessionFor } from './sessions.service.ts';

type MailDeps = Pick<Deps, 'db' | 'config' | 'mailer'>;

function requireStrong(password: string, field: string) {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError('BUSINESS_RULE', problem, { [field]: problem });
}

async function sendVerification(deps: MailDeps, user: { id: number; email: string; firstName: string }) {
  const token = await issueEmailToken(deps.db, user.id, 'verify_email', VERIFY_EMAIL_HOURS);
  const link = `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(verifyEmailMail(user.email, user.firstName, link));
}

/** Signup: a buyer account, unverified until the emailed link is opened. */
export async function register(deps: MailDeps, input: RegisterRequest) {
  if (input.password !== input.confirmPassword) {
    throw new HttpError('BUSINESS_RULE', messages.passwordMismatch, { confirmPassword: messages.passwordMismatch });
  }
  requireStrong(input.password, 'password');
  const hasAddress = Boolean(input.address);
  if (hasAddress && (input.latitude === undefined || input.longitude === undefined)) {
    throw new HttpError('BUSINESS_RULE', messages.pinLocation, { address: messages.pinLocation });
  }
  const email = repo.normalizeEmail(input.email);
  if (await repo.userByEmail(deps.db, email)) {
    throw new HttpError('CONFLICT', messages.emailTaken, { email: messages.emailTaken });
  }
  const passwordHash = await hashPassword(input.password);
  const user = await repo.insertUser(deps.db, {
    email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phoneNo,
    role: 'buyer',
    address: hasAddress ? input.address : null,
    latitude: hasAddress ? input.latitude : null,
    longitude: hasAddress ? input.longitude : null,
  });
  if (!user) throw new HttpError('CONFLICT', messages.emailTaken, { email: messages.emailTaken });
  await sendVerification(deps, user);
  return { success: true as const, message: messages.registerSuccess };
}

export async function verifyEmail(deps: Pick<Deps, 'db'>, token: string) {
  const verified = await deps.db.transaction(async (tx) => {
    const userId = await repo.consumeEmailToken(tx, sha256(token), 'verify_email');
    if (!userId) return false;
    await repo.markEmailVerified(tx, userId);
    return true;
  });
  if (!verified) throw new HttpError('VALIDATION', messages.verifyLinkInvalid);
  return { success: true as const, message: messages.emailVerified };
}

/** Always the same answer, so the call cannot be used to find out which emails have accounts. */
export async function resendVerification(deps: MailDeps, email: string) {
  const user = await repo.userByEmail(deps.db, email);
  if (user && !user.emailVerifiedAt) await sendVerification(deps, user);
  return { success: true as const, message: messages.verificationResent };
}

export async function login(deps: Pick<Deps, 'db' | 'sessions'>, input: LoginRequest, device: SessionDevice) {
  const user = await repo.userByEmail(deps.db, input.email);
  // Same message and about the same work whether the email or the password is wrong.
  const ok = await passwordMatches(user?.passwordHash, input.password);
  if (!user || !ok) throw new HttpError('UNAUTHENTICATED', messages.invalidCredentials);
  if (!user.emailVerifiedAt) throw new HttpError('EMAIL_NOT_VERIFIED', messages.emailNotVerified);
  const lifetime = input.rememberMe ? REMEMBER_ME_DAYS * 86_400 : SESSION_HOURS * 3_600;
  const session = await sessionFor(deps, user, lifetime, device);
  return { success: true as const, ...session, message: messages.loginSuccess };
}

/** The spec asks for "Email not found" on an unknown address, so this call does reveal registration. */
export async function forgotPassword(deps: MailDeps, email: string) {
  const user = await repo.userByEmail(deps.db, email);
  if (!user) throw new HttpError('NOT_FOUND', messages.emailNotFound, { email: messages.emailNotFound });
  const token = await deps.db.transaction(async (tx) => {
    await repo.revokeEmailTokens(tx, user.id, 'reset_password');
    return issueEmailToken(tx, user.id, 'reset_password', RESET_PASSWORD_HOURS);
  });
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(resetPasswordMail(user.email, user.firstName, link));
  return { success: true as const, message: messages.forgotPasswordSent };
}

export async function resetPassword(
  deps: Pick<Deps, 'db' | 'sessions'>,
  input: { token: string; newPassword: string; confirmPassword: string },
) {
  if (input.newPassword !== input.confirmPassword) {
    throw new HttpError('BUSINESS_RULE', messages.resetPasswordsDoNotMatch, {
      confirmPassword: messages.resetPasswordsDoNotMatch,
    });
  }
  requireStrong(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const done = await deps.db.transaction(async (tx) => {
    const userId = await repo.consumeEmailToken(tx, sha256(input.token), 'reset_password');
    if (!userId) return null;
    // Every existing session ends; opening the emailed link also proves the address.
    await repo.setPassword(tx, userId, passwordHash, true);
    return userId;
  });
  if (!done) throw new HttpError('VALIDATION', messages.resetLinkInvalid);
  deps.sessions.forgetAccountCheck(done);
  return { success: true as const, message: messages.passwordResetDone };
}

/** Ends every other session and returns a new token for this one, expiring when the current one would. */
export async function changePassword(
  deps: Pick<Deps, 'db' | 'sessions'>,
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
  const user = await repo.userById(deps.db, userId);
  if (!user || !(await passwordMatches(user.passwordHash, input.oldPassword))) {
    throw new HttpError('BUSINESS_RULE', messages.passwordChangeFailed, { oldPassword: messages.passwordChangeFailed });
  }
  requireStrong(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await repo.setPassword(deps.db, userId, passwordHash);
  if (!updated) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  deps.sessions.forgetAccountCheck(userId);
  const { token, expiresAt } = await deps.sessions.signSession(
    { sub: String(userId), role: updated.role, sv: updated.sessionVersion },
    Math.max(60, remainingSeconds),
    device,
  );
  return { success: true as const, message: messages.passwordChangeSuccess, token, expiresAt: expiresAt.toISOString() };
}

/** checkExistingBalance: the BuildCredit line, or N/A and zeros when there is none. Centavos. */
export async function buildCreditSummary(deps: Pick<Deps, 'db'>, userId: number): Promise<BuildCreditSummary> {
  const [line, applicationStatus] = await Promise.all([
    repo.buildCreditLineOf(deps.db, userId),
    repo.creditApplicationStatusOf(deps.db, userId),
  ]);
  if (!line) {
    return {
      buildcredit_status: 'N/A',
      status: applicationStatus ?? 'N/A',
      current_bal: 0,
      approved_credit_limit: 0,
      used_credit_limit: 0,
      credit_terms: 0,
      pdc_sent: 0,
    };
  }
  return {
    buildcredit_status: line.status,
    status: applicationStatus ?? 'Approved',
    current_bal: line.balance,
    approved_credit_limit: line.approvedLimit,
    used_credit_limit: line.used,
    credit_terms: line.termsDays,
    pdc_sent: line.pdcSent,
  };
}

/** The developer mail page: the newest mails in the outbox. */
export async function newestOutboxMails(deps: Pick<Deps, 'db'>, limit: number) {
  const rows = await repo.newestMails(deps.db, limit);
  return {
    items: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
