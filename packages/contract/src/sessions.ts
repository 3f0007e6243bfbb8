import { z } from 'zod';

/** Words of the signed-in sessions section (decision 0017); the spec has none. */
export const sessionMessages = {
  loggedOut: 'You are logged out.',
  sessionEnded: 'Session ended.',
  otherSessionsEnded: 'Other sessions ended.',
  sessionNotFound: 'This session has already ended.',
} as const;

/** One signed-in session of the user: where it was opened and when it was last used. */
export const signedInSession = z.object({
  id: z.string(),
  /** The session making this request ("This device"). */
  current: z.boolean(),
  /** e.g. "Chrome 131", or "Unknown browser". */
  browser: z.string(),
  /** e.g. "Windows 10 · desktop", or "Unknown device". */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
});
export type SignedInSession = z.infer<typeof signedInSession>;

export const signedInSessionsResponse = z.object({ items: z.array(signedInSession) });
export type SignedInSessionsResponse = z.infer<typeof signedInSessionsResponse>;

export const sessionIdParams = z.object({ id: z.string().min(1).max(64) });

export const endSessionsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many sessions were ended. */
  ended: z.number().int(),
});
export type EndSessionsResponse = z.infer<typeof endSessionsResponse>;
