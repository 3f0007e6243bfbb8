import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * QR login codes (spec 1 §3-§4). The login screen shows a random code; a signed-in device approves it;
 * the next status poll receives a session for the approving account, once. Only a SHA-256 of the code is stored.
 */
export const loginQrCodes = pgTable(
  'login_qr_codes',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id, { onDelete: 'cascade' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Set when the status poll handed out the session: a code logs in once. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when the signed-in device refused the sign-in: the login screen shows it after "ERROR:". */
    deniedAt: timestamp('denied_at', { withTimezone: true }),
    /** The device that asked to sign in (shown to the approver): its User-Agent and address. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('login_qr_codes_hash_unique').on(t.tokenHash),
    index('login_qr_codes_expires_idx').on(t.expiresAt),
  ],
);
