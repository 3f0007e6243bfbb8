import { useState } from 'react';
import { getSession } from '../../lib/session.ts';

/**
 * Whether someone was already signed in when the page opened. Pages that a signed-in user must not see
 * (login, reset password) send that user to / (spec 1 §2, §8); a login made on the page itself does not count.
 */
export function useSignedInAtOpen(): boolean {
  const [signedIn] = useState(() => Boolean(getSession().token));
  return signedIn;
}
