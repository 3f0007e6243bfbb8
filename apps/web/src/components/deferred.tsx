import { type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react';

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

function onIdleCallback(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 50);
}

interface IdleTurn {
  start: (done: () => void) => void;
  cancelled: boolean;
}

/** Controls waiting for their idle turn, first come first served (see takeIdleTurn). */
const waitingTurns: IdleTurn[] = [];
let turnsRunning = false;

/** A turn that never reports done (its chunk failed to load, say) lets the next one start after this long. */
const turnTimeoutMs = 2000;

function runNextTurn() {
  const turn = waitingTurns.shift();
  if (!turn) {
    turnsRunning = false;
    return;
  }
  if (turn.cancelled) {
    runNextTurn();
    return;
  }
  let finished = false;
  const done = () => {
    if (finished) return;
    finished = true;
    window.clearTimeout(timeout);
    onIdleCallback(runNextTurn);
  };
  const timeout = window.setTimeout(done, turnTimeoutMs);
  turn.start(done);
}

/**
 * Runs `start` once the page is idle, one control at a time: the next control's turn comes when this one calls
 * `done` (its swap has committed) and the browser is idle again. Swapping every look-alike in one commit was one
 * long task of several hundred ms at a phone's speed; one at a time, each is short (decision 0053). Returns a
 * function that gives the turn up.
 */
function takeIdleTurn(start: (done: () => void) => void): () => void {
  const turn: IdleTurn = { start, cancelled: false };
  waitingTurns.push(turn);
  if (!turnsRunning) {
    turnsRunning = true;
    whenIdle().then(() => onIdleCallback(runNextTurn));
  }
  return () => {
    turn.cancelled = true;
  };
}

/**
 * True once the browser is idle after the first load and this component's turn has come (see takeIdleTurn);
 * never when `enabled` is false.
 */
export function useIdle(enabled = true): boolean {
  const [ready, setReady] = useState(false);
  const turnDone = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const giveUp = takeIdleTurn((done) => {
      if (!live) {
        done();
        return;
      }
      turnDone.current = done;
      // A transition: a Deferred control keeps its look-alike until the real one's code is in (see Deferred).
      startTransition(() => setReady(true));
    });
    return () => {
      live = false;
      giveUp();
      turnDone.current?.();
    };
  }, [enabled]);
  useEffect(() => {
    if (ready) turnDone.current?.();
  }, [ready]);
  return ready;
}

/**
 * A control whose full version (a menu, a popover) lives in a lazily loaded chunk, so the first paint does not
 * download it. Until the browser is idle — or until `request()` is called (say, on a click) — `fallback`
 * renders a look-alike; then `children` renders the lazy component. The switch is a transition inside a
 * Suspense boundary that exists from the start, so React keeps the look-alike mounted — focused, clickable,
 * typed into — until the lazy code has loaded, and replaces it in one commit. A control that opens keeps its
 * open state in the caller, so a click on the look-alike is not lost when the real one replaces it. With
 * `whenIdle={false}` only `request()` swaps it (a mouse-only extra, such as a hover preview, that a phone never
 * needs).
 */
export function Deferred({
  fallback,
  children,
  whenIdle = true,
}: {
  fallback: (request: () => void) => ReactNode;
  children: () => ReactNode;
  whenIdle?: boolean;
}) {
  const idleNow = useIdle(whenIdle);
  const [requested, setRequested] = useState(false);
  const placeholder = fallback(() => startTransition(() => setRequested(true)));
  return <Suspense fallback={placeholder}>{idleNow || requested ? children() : placeholder}</Suspense>;
}
