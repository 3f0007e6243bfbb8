import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeferredNotifications } from './frame/deferred-notifications.tsx';
import { queryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* Toasts: one at a time, newest on top, closing after 2 seconds (spec 3 §2.6). */}
        <DeferredNotifications position="top-center" limit={1} autoClose={2000} zIndex={4000} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
