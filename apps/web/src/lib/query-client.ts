import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { sessionStore } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change on retry; a network blip might.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
    mutations: { retry: false },
  },
});

// Cached data belongs to the person who fetched it: drop it when the session ends or changes hands.
let lastUserId = sessionStore.get().isLoggedIn ? (sessionStore.get().userData?.id ?? null) : null;
sessionStore.subscribe(() => {
  const session = sessionStore.get();
  const userId = session.isLoggedIn ? (session.userData?.id ?? null) : null;
  if (userId !== lastUserId) {
    lastUserId = userId;
    queryClient.clear();
  }
});
