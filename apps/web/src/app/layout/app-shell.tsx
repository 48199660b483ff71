import { matchRoute, type RouteName } from '@lumi/contract';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CreditsDialogHost } from '@/features/credits/components/credits-dialog-host';
import { ReportDialogHost } from '@/features/reports/components/report-dialog-host';
import { appPromptDismissed, dismissAppPrompt, useInstallState } from '@/lib/pwa';
import { usePathname } from '@/lib/router';
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
const BARE_PAGES: ReadonlySet<RouteName> = new Set(['characterChat', 'aiChat', 'groupChat']);

const MobileAppPrompt = lazy(() => import('./mobile-app-prompt'));

/** Small screens, spec §2's breakpoint. */
const SMALL_SCREEN = '(max-width: 767px)';
/** The prompt waits for some interest: a second page in this visit, or this long on the site. */
const PROMPT_AFTER_MS = 30_000;

/**
 * Whether to offer the app now: on a phone, outside the installed app, not on a full-height
 * chat, not within two weeks of "Not now", once the visitor has seen a second page or stayed.
 */
function useAppPrompt(pathname: string, bare: boolean): [boolean, () => void] {
  const { standalone } = useInstallState();
  const [due, setDue] = useState(false);
  const [closed, setClosed] = useState(false);
  const firstPath = useRef(pathname);
  const eligible =
    !standalone && !closed && window.matchMedia?.(SMALL_SCREEN).matches === true && !appPromptDismissed();
  useEffect(() => {
    if (!eligible || due) return undefined;
    if (pathname !== firstPath.current) {
      setDue(true);
      return undefined;
    }
    const timer = window.setTimeout(() => setDue(true), PROMPT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [eligible, due, pathname]);
  const close = () => {
    dismissAppPrompt();
    setClosed(true);
  };
  return [eligible && due && !bare, close];
}

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
  const pathname = usePathname();
  const route = matchRoute(pathname)?.name;
  const bare = route !== undefined && BARE_PAGES.has(route);
  const [offerApp, closeAppPrompt] = useAppPrompt(pathname, bare);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="bg-accent sr-only z-50 rounded-full px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('nav.skipToContent')}
      </a>
      <Header showSearch={route !== undefined && SEARCH_PAGES.has(route)} />
      {/* A full-height page sizes itself under the header; any other keeps the footer below the fold. */}
      <main id="main" className={bare ? 'flex-1' : 'min-h-dvh flex-1'}>
        <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
      </main>
      {bare ? null : <Footer />}
      <CreditsDialogHost />
      <ReportDialogHost />
      {offerApp && (
        <Suspense fallback={null}>
          <MobileAppPrompt onClose={closeAppPrompt} />
        </Suspense>
      )}
    </div>
  );
}
