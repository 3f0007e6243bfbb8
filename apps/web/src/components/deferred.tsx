import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';

let idle: Promise<void> | null = null;

/** Resolves once the page has loaded and the browser has a quiet moment: the time to fetch what the first paint did not need. */
export function whenIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    const later = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 1500 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
  return idle;
}

/** True once the browser is idle after the first load (see whenIdle). */
export function useIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    whenIdle().then(() => {
      // A transition: a Deferred control keeps its look-alike until the real one's code is in (see Deferred).
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/**
 * A control whose full version (a menu, a popover) lives in a lazily loaded chunk, so the first paint does not
 * download it. Until the browser is idle — or until `request()` is called (say, on a click) — `fallback`
 * renders a look-alike; then `children` renders the lazy component. The switch is a transition inside a
 * Suspense boundary that exists from the start, so React keeps the look-alike mounted — focused, clickable,
 * typed into — until the lazy code has loaded, and replaces it in one commit. A control that opens keeps its
 * open state in the caller, so a click on the look-alike is not lost when the real one replaces it.
 */
export function Deferred({
  fallback,
  children,
}: {
  fallback: (request: () => void) => ReactNode;
  children: () => ReactNode;
}) {
  const idleNow = useIdle();
  const [requested, setRequested] = useState(false);
  const placeholder = fallback(() => startTransition(() => setRequested(true)));
  return <Suspense fallback={placeholder}>{idleNow || requested ? children() : placeholder}</Suspense>;
}
