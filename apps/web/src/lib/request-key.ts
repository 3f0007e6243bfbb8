/**
 * A fresh random request key (an Idempotency-Key): the server answers a repeated request with the same key once.
 * crypto.randomUUID exists only in secure contexts (https, localhost); the fallback draws the same 128 random bits.
 */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
