import { matchRoute, type RouteName } from '@lumi/contract';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CreditsDialogHost } from '@/features/credits/components/credits-dialog-host';
import { Footer } from './footer';
import { Header } from './header';

/** Pages whose header shows the search box (spec §2: "on certain pages, large screens only"). */
const SEARCH_PAGES: ReadonlySet<RouteName> = new Set([
  'home',
  'charactersList',
  'myCharacters',
  'likedCharacters',
  'recentChats',
]);

/** Full-height pages with their own sticky composer: no footer under them. */
const BARE_PAGES: ReadonlySet<RouteName> = new Set(['characterChat', 'aiChat']);

export function PageSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16" aria-hidden>
      <div className="bg-surface-2 mx-auto h-14 w-14 animate-pulse rounded-2xl" />
      <div className="bg-surface-2 mx-auto mt-6 h-8 w-2/3 animate-pulse rounded-xl" />
      <div className="bg-surface-2 mx-auto mt-4 h-4 w-1/2 animate-pulse rounded-lg" />
    </div>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const route = matchRoute(location.pathname)?.name;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="bg-accent sr-only z-50 rounded-full px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('nav.skipToContent')}
      </a>
      <Header showSearch={route !== undefined && SEARCH_PAGES.has(route)} />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
      </main>
      {route !== undefined && BARE_PAGES.has(route) ? null : <Footer />}
      <CreditsDialogHost />
    </div>
  );
}
