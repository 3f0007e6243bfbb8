import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejectedError } from './gateway.ts';

/**
 * Gateway signature headers: `t=<unix seconds>,<scheme>=<hex HMAC-SHA256 of "<t>.<raw body>">[,...]`.
 * The sandbox signs with scheme v1; PayMongo with te (test mode) or li (live mode).
 */

export function hmacHex(secret: string, timestamp: number | string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function parseSignatureHeader(value: string | string[] | undefined): Map<string, string> | null {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header) return null;
  const parts = new Map<string, string>();
  for (const piece of header.split(',')) {
    const at = piece.indexOf('=');
    if (at <= 0) continue;
    parts.set(piece.slice(0, at).trim(), piece.slice(at + 1).trim());
  }
  return parts;
}

/** Constant-time comparison of two hex strings. */
export function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/**
 * Verifies `t` and the signature under `scheme`; throws WebhookRejectedError (401 unsigned or wrong signature,
 * 400 stale or from the future beyond the tolerance). The signature is checked before the time, so an
 * attacker learns nothing from the answer about the timestamp rule.
 */
export function verifySignature(options: {
  header: string | string[] | undefined;
  headerName: string;
  scheme: string;
  secret: string;
  rawBody: Buffer;
  now: Date;
  toleranceSeconds: number;
}): void {
  const parts = parseSignatureHeader(options.header);
  const t = parts?.get('t');
  const signature = parts?.get(options.scheme);
  if (!parts || !t || !/^\d{1,12}$/.test(t) || !signature) {
    throw new WebhookRejectedError(401, `Missing or malformed ${options.headerName} header.`);
  }
  if (!options.secret || !sameHex(hmacHex(options.secret, t, options.rawBody), signature)) {
    throw new WebhookRejectedError(401, 'The webhook signature does not match.');
  }
  const age = Math.floor(options.now.getTime() / 1000) - Number(t);
  if (Math.abs(age) > options.toleranceSeconds) {
    throw new WebhookRejectedError(400, 'The webhook timestamp is outside the allowed tolerance.');
  }
}
