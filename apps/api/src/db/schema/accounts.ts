import { buyerTypes, socialProviders } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['buyer', 'agent', 'seller', 'admin']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    role: userRole('role').notNull().default('buyer'),
    /** Agents only: the code buyers quote to be linked to them. */
    agentCode: text('agent_code'),
    /** Buyers only: the agent this buyer is linked to. */
    agentId: integer('agent_id').references((): any => users.id, { onDelete: 'set null' }),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Company (hardware) name for Company buyers. */
    hardwareName: text('hardware_name'),
    /** A typed text column (no database enum): the contract's list. */
    buyerType: text('buyer_type', { enum: buyerTypes }),
    isCompletedProfile: boolean('is_completed_profile').notNull().default(false),
    /** Complete profile: the webcam capture and the drawn signature (stored images), and the BIR 2303 file. */
    facialVerificationUrl: text('facial_verification_url'),
    signatureUrl: text('signature_url'),
    bir2303Url: text('bir_2303_url'),
    /** When an administrator reviewed the face capture, signature and BIR 2303 and marked the profile VERIFIED. */
    profileVerifiedAt: timestamp('profile_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Raised on a password change or reset: tokens carrying an older value stop working. */
    sessionVersion: integer('session_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_agent_code_unique').on(t.agentCode),
    index('users_agent_id_idx').on(t.agentId),
  ],
);

export const emailTokenPurpose = pgEnum('email_token_purpose', ['verify_email', 'reset_password']);

/** One-time links sent by email. Only a SHA-256 of the token is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_tokens_hash_unique').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

/** Every mail the app sends. Without SMTP this is where mail stays (and the dev outbox page reads it). */
/**
 * Every mail, written in the transaction of what it announces. The row is also the delivery job (decision 0013):
 * attempts made so far, when the next may start (a claim pushes it out by a lease, a failure by the back-off), the
 * last SMTP error, and failed_at once the last try failed (shown on the admin dashboard).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('mail_outbox_failed_idx').on(table.failedAt).where(sql`${table.failedAt} is not null`),
  ],
);

/**
 * Who did what. Impersonation and every state-changing request made while impersonating land here:
 * actor is the agent, onBehalfOf the customer.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    onBehalfOfUserId: integer('on_behalf_of_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    method: text('method'),
    path: text('path'),
    statusCode: integer('status_code'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_actor_idx').on(t.actorUserId, t.createdAt)],
);

export const sessionKind = pgEnum('session_kind', ['web', 'impersonation', 'admin']);

/**
 * One row per signed-in session (decision 0017): the token's `sid` claim names it. Logout, the end of an
 * impersonation, admin logout and "end this session" set revoked_at; every API process sees that through its
 * session-check cache (SESSION_CHECK_CACHE_MS). last_used_at is refreshed at most once a minute.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** 128 random bits, base64url: the token's sid claim. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: sessionKind('kind').notNull(),
    /** Impersonation only: the agent acting for the user. */
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's User-Agent and address at sign-in, shown in the list of sessions. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const socialProvider = pgEnum('social_provider', socialProviders);

/** A Google or Facebook identity linked to an account (decision 0031): the provider's stable user id. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: socialProvider('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_unique').on(t.provider, t.subject),
    index('social_identities_user_idx').on(t.userId),
  ],
);
