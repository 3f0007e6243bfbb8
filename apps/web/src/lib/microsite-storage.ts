import type { Microsite } from '@tibay/contract';
import { localKeys } from './storage-keys.ts';

/**
 * Makes a microsite active: localStorage micrositeHandle holds JSON {handle, microsite} where microsite is the
 * brand (the format app/frame/use-microsite.ts reads: the Shop menu's third link is named after the brand and
 * opens /{handle}).
 */
export function rememberMicrosite(found: Microsite) {
  const value = JSON.stringify({ handle: found.microsite, microsite: found.brand });
  if (localStorage.getItem(localKeys.micrositeHandle) !== value) {
    localStorage.setItem(localKeys.micrositeHandle, value);
  }
}

/** The handle stored in micrositeHandle: JSON {handle, microsite}, a JSON string or plain text. */
export function storedMicrositeHandle(): string | null {
  const raw = localStorage.getItem(localKeys.micrositeHandle)?.trim();
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') return parsed.trim() || null;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { handle?: unknown }).handle === 'string') {
      return (parsed as { handle: string }).handle.trim() || null;
    }
    return null;
  } catch {
    return raw;
  }
}

/** A stored handle that no longer names a microsite is cleared, so the brand link and the / redirect stop. */
export function forgetMicrosite(handle: string) {
  const stored = storedMicrositeHandle();
  if (stored && stored.toLowerCase() === handle.trim().toLowerCase())
    localStorage.removeItem(localKeys.micrositeHandle);
}
