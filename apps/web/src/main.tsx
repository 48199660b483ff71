// First, before any schema is built.
import './lib/zod-config';
import { localeOfPath } from '@lumi/contract';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { initI18n } from './lib/i18n';
import { startPwa } from './lib/pwa';
import { HistoryRouter } from './lib/router';
import './index.css';

async function boot(): Promise<void> {
  await initI18n(localeOfPath(window.location.pathname));
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
