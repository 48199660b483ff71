// First, before any schema is built.
import './lib/zod-config';
import { localeOfPath, matchRoute } from '@lumi/contract';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { pageStart, prefetchRoute } from './app/route-prefetch';
import { AppRoutes, loadPage } from './app/router';
import { initI18n } from './lib/i18n';
import { startPwa } from './lib/pwa';
import { HistoryRouter } from './lib/router';
import './index.css';

async function boot(): Promise<void> {
  // The page's data is on its way while the strings load and the app renders.
  prefetchRoute(matchRoute(window.location.pathname));
  // Its strings and its code first, so the first render is the page itself (the server's text
  // stays on screen until then) rather than a loading state.
  const page = pageStart();
  await Promise.all([
    initI18n(localeOfPath(window.location.pathname), page?.namespaces),
    page?.module && loadPage(page.module).catch(() => undefined),
  ]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  // The server's page is already on screen: the app's first render is a transition, which React
  // does in slices of a few milliseconds that leave the main thread free for the reader's taps
  // and scrolls, instead of in one long task (about a third of the first load's blocking time).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <HistoryRouter>
            <AppRoutes />
          </HistoryRouter>
        </AppProvider>
      </StrictMode>,
    );
  });
}

startPwa();
void boot();
