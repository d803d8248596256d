import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './global.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

// ModalsProvider and Notifications, out of the first bundle (see overlay-hosts.tsx).
const OverlayHosts = lazy(() =>
  import('./overlay-hosts').then((module) => ({ default: module.OverlayHosts })),
);

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <OverlayHosts />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
