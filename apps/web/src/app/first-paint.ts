import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';

type Router = ReturnType<typeof createBrowserRouter>;

/** Longest the app waits for its first page's data before showing (skeletons where it is still missing). */
const MAX_DATA_WAIT_MS = 3000;

const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));

/**
 * The first render is a transition, rendered over several frames: wait until the page is in the frame's main (or the
 * route failed and shows its error instead; or, at worst, 10 s have passed).
 */
async function pageCommitted(container: HTMLElement, router: Router): Promise<void> {
  const until = performance.now() + 10_000;
  while (!container.querySelector('main > *') && !router.state.errors && performance.now() < until) await nextFrame();
  // Its effects have run (queries started fetching) by the frame after.
  await nextFrame();
  await nextFrame();
}

function queriesSettled(queryClient: QueryClient): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((done) => {
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      stop();
      done();
    });
  });
}

/**
 * Answers render in transitions (decision 0053): after the data has arrived, the lists on the first screen may
 * still show their loading state (`aria-busy`) for a few frames. Wait for them, 2 s at most.
 */
async function firstScreenRendered(container: HTMLElement): Promise<void> {
  const busy = () =>
    [...container.querySelectorAll('[aria-busy="true"]')].some(
      (element) => element.getBoundingClientRect().top < window.innerHeight,
    );
  const until = performance.now() + 2000;
  while (busy() && performance.now() < until) await nextFrame();
}

/** The pictures the app shows in the first screen, decoded (they are the ones the first paint already loaded). */
function picturesDecoded(container: HTMLElement): Promise<unknown> {
  const pictures = [...container.querySelectorAll('img')].filter(
    (image) => image.getBoundingClientRect().top < window.innerHeight,
  );
  return Promise.all(pictures.map((image) => image.decode().catch(() => undefined)));
}

/**
 * The server draws the first paint of the shop's main pages into `#first-paint` (decision 0049). The app renders
 * into its own root beside it, hidden and out of the page's flow (main.tsx calls this once its route is loaded, before
 * the first render), until the page is committed and the data its first render asked for has arrived and been rendered; then one swap in one frame: the drawing goes, the app shows, with
 * the same pictures and text at the same places. Pages without a first paint render as before.
 */
export function showAppOverFirstPaint(container: HTMLElement, router: Router, queryClient: QueryClient): void {
  const firstPaint = document.getElementById('first-paint');
  if (!firstPaint) return;
  container.style.cssText = 'position:absolute;top:0;left:0;right:0;height:100vh;overflow:hidden;visibility:hidden';
  const timeout = (ms: number) => new Promise((done) => setTimeout(done, ms));
  void (async () => {
    await pageCommitted(container, router);
    await Promise.race([queriesSettled(queryClient), timeout(MAX_DATA_WAIT_MS)]);
    // Query results reach React in a timeout; React renders them in that task.
    await timeout(0);
    await nextFrame();
    await firstScreenRendered(container);
    await Promise.race([picturesDecoded(container), timeout(500)]);
    firstPaint.remove();
    container.removeAttribute('style');
  })();
}
