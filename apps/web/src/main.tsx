// First, before any schema is built.
import './lib/zod-config';
import { localeOfPath } from '@lumi/contract';
import { StrictMode } from 'react';
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
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <HistoryRouter>
          <AppRoutes />
        </HistoryRouter>
      </AppProvider>
    </StrictMode>,
  );
}

startPwa();
void boot();
