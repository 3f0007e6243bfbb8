import { useRef } from 'react';

/**
 * What a dialog opened for `value` shows: the value, or while the dialog closes (the value already cleared) the
 * last one it had, so its title (its accessible name) and content stay through the exit transition instead of
 * going blank as it fades.
 */
export function useLastShown<T>(value: T | null): T | null {
  const last = useRef(value);
  if (value !== null) last.current = value;
  return value ?? last.current;
}
