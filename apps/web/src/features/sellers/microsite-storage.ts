import type { Microsite } from '@tibay/contract';
import { localKeys } from '../../lib/storage-keys.ts';

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
