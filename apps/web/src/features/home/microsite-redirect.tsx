import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { storedMicrositeHandle } from '../../lib/microsite-storage.ts';

/** Whether this page load (the document itself, not an in-app navigation) opened the home page. */
function documentOpenedHome(): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  const url = new URL(entry?.name ?? window.location.href);
  return url.pathname === '/' || url.pathname === '';
}

// Decided once per page load. After the redirect (or the decision not to), / shows the home page: if the microsite
// cannot be found its route sends the user back to /, which then shows home instead of redirecting again.
let decision: 'unchecked' | 'redirect' | 'done' = 'unchecked';
let target = '';

function decide(partners: boolean): 'redirect' | 'done' {
  if (decision === 'unchecked') {
    const handle = storedMicrositeHandle();
    decision = !partners && handle && documentOpenedHome() ? 'redirect' : 'done';
    target = handle ? `/${encodeURIComponent(handle)}` : '';
  }
  return decision;
}

/**
 * Spec 1 §2 "/": if a microsite name is set (localStorage micrositeHandle), opening the site at / goes to
 * /{micrositeHandle}. Only when the browser loaded / itself (typed, bookmarked, reloaded) and once per page load;
 * in-app links to / (the header logo, HOME) and /?partners=true show the home page.
 */
export function MicrositeRedirect() {
  const [searchParams] = useSearchParams();
  const next = decide(searchParams.has('partners'));
  useEffect(() => {
    if (next === 'redirect') decision = 'done';
  }, [next]);
  return next === 'redirect' ? <Navigate to={target} replace /> : null;
}
