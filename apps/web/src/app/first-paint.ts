import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';

type Router = ReturnType<typeof createBrowserRouter>;

/** Longest the server's first paint stays up while the page's data is still on its way. */
const MAX_WAIT_MS = 4000;

const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));

function routerReady(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((done) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });
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

/** The pictures the app shows in the first screen, decoded (they are the ones the first paint already loaded). */
function picturesDecoded(container: HTMLElement): Promise<unknown> {
  const pictures = [...container.querySelectorAll('img')].filter(
    (image) => image.getBoundingClientRect().top < window.innerHeight,
  );
  return Promise.all(pictures.map((image) => image.decode().catch(() => undefined)));
}

/**
 * The server draws the first paint of the shop's main pages into `#first-paint` (decision 0049). The app renders
 * into its own root beside it, hidden and out of the page's flow, until its route is loaded and the data its first
 * render asked for has arrived and been rendered; then one swap in one frame: the drawing goes, the app shows, with
 * the same pictures and text at the same places. Pages without a first paint render as before.
 */
export function showAppOverFirstPaint(container: HTMLElement, router: Router, queryClient: QueryClient): void {
  const firstPaint = document.getElementById('first-paint');
  if (!firstPaint) return;
  container.style.cssText = 'position:absolute;top:0;left:0;right:0;height:100vh;overflow:hidden;visibility:hidden';
  let shown = false;
  const show = () => {
    if (shown) return;
    shown = true;
    firstPaint.remove();
    container.removeAttribute('style');
  };
  const giveUp = setTimeout(show, MAX_WAIT_MS);
  void (async () => {
    await routerReady(router);
    // React commits the page and its queries start fetching.
    await nextFrame();
    await nextFrame();
    await queriesSettled(queryClient);
    // Query results reach React in a timeout; React renders them in that task.
    await new Promise((done) => setTimeout(done, 0));
    await nextFrame();
    await Promise.race([picturesDecoded(container), new Promise((done) => setTimeout(done, 500))]);
    clearTimeout(giveUp);
    show();
  })();
}
