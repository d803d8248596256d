import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';

const router = createRouter();
const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser between them: the first render of a page
  // is no longer one long task blocking input (Lighthouse's Total Blocking Time, issue 6).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
}
