import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session.ts';
import { localKeys } from '../../lib/storage-keys.ts';

/** The address saved in localStorage (plain text, or a JSON string written by older code). */
function readGlobalAddress(): string | null {
  const raw = localStorage.getItem(localKeys.globalAddress);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') return parsed || null;
  } catch {
    // plain text
  }
  return raw;
}

/**
 * The delivery address shown in the header: the saved globalAddress, else the logged-in customer's address.
 * The stored value is checked every 500 ms so the header stays current (spec 1 §4, §9).
 */
export function useDeliveryAddress(): string | null {
  const session = useSession();
  const [saved, setSaved] = useState(readGlobalAddress);
  useEffect(() => {
    const timer = window.setInterval(() => setSaved(readGlobalAddress()), 500);
    return () => window.clearInterval(timer);
  }, []);
  const address = saved ?? session.user?.address ?? null;
  return address?.trim() ? address : null;
}

/** The spec's button text: first 60 characters, uppercased; WAITING... while no address is known. */
export function addressLabel(address: string | null): string {
  return address ? address.slice(0, 60).toUpperCase() : 'WAITING...';
}
