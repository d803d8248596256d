import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { activateLocale, i18n, startingLocale } from './lib/i18n';

async function start() {
  // The page's words first: its language's catalog was preloaded with the page (the server names it).
  // Should it fail to arrive, the app still starts (showing message keys) rather than a blank page.
  const locale = startingLocale();
  await activateLocale(locale).catch(() => i18n.activate(locale));
  const container = document.getElementById('root');
  if (!container) return;
  const router = createRouter();
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser between them: the first render of a page
  // is no longer one long task blocking input (Lighthouse's Total Blocking Time).
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

// The app starts in a task of its own, after the one that evaluates its code: together they made the
// longest task of a landing page after its first paint (about 55 ms), and the browser may
// answer a tap between the two.
setTimeout(() => void start(), 0);
