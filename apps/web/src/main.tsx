import './app/fonts.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { showAppOverFirstPaint } from './app/first-paint.ts';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';

/**
 * The router has loaded the first page's lazy route (it starts when router.tsx is evaluated). RouterProvider reads
 * the router's state when it renders but subscribes to it only when it commits: a first render in a transition
 * yields to the browser in between, and when the route finished loading in that gap the update was lost for good
 * (the page never rendered: decision 0049, last section). Rendering once the router is initialized closes the gap.
 */
function routerInitialized(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((done) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });
}

const container = document.getElementById('root')!;
const root = createRoot(container);
void routerInitialized().then(() => {
  showAppOverFirstPaint(container, router, queryClient);
  // A transition: React renders the first page in slices, yielding to the browser between them, instead of in one
  // long task (the page is already drawn by the server, decision 0049).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
});
