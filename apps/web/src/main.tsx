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

const container = document.getElementById('root')!;
showAppOverFirstPaint(container, router, queryClient);
const root = createRoot(container);
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
