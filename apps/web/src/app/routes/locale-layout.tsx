import { DEFAULT_LOCALE, isLocale, switchLocalePath } from '@lumi/contract';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { setLocale } from '@/lib/i18n';
import { readLocal, StorageKey } from '@/lib/storage';
import { AppShell } from '../layout/app-shell';
import { RouteBoundary } from './route-boundary';
import { ScrollMemory } from './scroll-memory';

/**
 * The optional `{locale}` segment of every route (spec §2). `/en/...` loses its prefix, an
 * unknown first segment goes home, and a visitor who chose a language before is taken to it.
 */
export function LocaleLayout() {
  const { lang } = useParams();
  const location = useLocation();
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;

  let redirect: string | undefined;
  if (lang === DEFAULT_LOCALE) redirect = switchLocalePath(location.pathname, DEFAULT_LOCALE);
  else if (lang !== undefined && !isLocale(lang)) redirect = '/';
  else if (lang === undefined) {
    const stored = readLocal(StorageKey.locale);
    if (isLocale(stored) && stored !== DEFAULT_LOCALE) redirect = switchLocalePath(location.pathname, stored);
  }

  useEffect(() => {
    if (!redirect) void setLocale(locale);
  }, [locale, redirect]);

  if (redirect) return <Navigate to={redirect + location.search + location.hash} replace />;
  return (
    <AppShell>
      <RouteBoundary resetKey={location.pathname}>
        <Outlet />
      </RouteBoundary>
      {/* A new page starts at its top; Back and Forward return to where the reader was. */}
      <ScrollMemory />
    </AppShell>
  );
}

/** Unknown paths go home (spec §2), keeping the locale. */
export function RedirectHome() {
  const { lang } = useParams();
  return <Navigate to={isLocale(lang) ? switchLocalePath('/', lang) : '/'} replace />;
}
