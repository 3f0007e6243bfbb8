import { useEffect, useState } from 'react';
import { localKeys } from '../../lib/storage-keys.ts';

export interface MicrositeLink {
  label: string;
  to: string;
}

/**
 * The brand-named shop link shown while a microsite is active (localStorage micrositeHandle).
 * The handle may be stored as text or as JSON {handle, microsite}; the link is named after the brand
 * (the microsite name when stored, else the handle) and opens the microsite's seller view.
 */
function readMicrosite(): MicrositeLink | null {
  const raw = localStorage.getItem(localKeys.micrositeHandle);
  if (!raw?.trim()) return null;
  let handle = raw.trim();
  let brand: string | null = null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') handle = parsed;
    else if (parsed && typeof parsed === 'object') {
      const value = parsed as { handle?: unknown; microsite?: unknown; name?: unknown };
      if (typeof value.handle === 'string') handle = value.handle;
      if (typeof value.microsite === 'string') brand = value.microsite;
      else if (typeof value.name === 'string') brand = value.name;
    }
  } catch {
    // plain text handle
  }
  if (!handle) return null;
  return { label: (brand ?? handle.replace(/[-_]+/g, ' ')).toUpperCase(), to: `/${encodeURIComponent(handle)}` };
}

export function useMicrositeLink(): MicrositeLink | null {
  const [link, setLink] = useState(readMicrosite);
  useEffect(() => {
    const refresh = () =>
      setLink((previous) => {
        const next = readMicrosite();
        return previous?.label === next?.label && previous?.to === next?.to ? previous : next;
      });
    window.addEventListener('storage', refresh);
    const timer = window.setInterval(refresh, 2000);
    return () => {
      window.removeEventListener('storage', refresh);
      window.clearInterval(timer);
    };
  }, []);
  return link;
}
