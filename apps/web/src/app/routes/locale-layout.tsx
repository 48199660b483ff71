import { DEFAULT_LOCALE, isLocale, localeOfPath, switchLocalePath } from '@lumi/contract';
import { useEffect, type ReactNode } from 'react';
import { setLocale } from '@/lib/i18n';
import { Navigate, usePathname, useSearch } from '@/lib/router';
import { readLocal, StorageKey } from '@/lib/storage';
import { AppShell } from '../layout/app-shell';
import { RouteBoundary } from './route-boundary';
import { ScrollMemory } from './scroll-memory';

interface Props {
  /** Whether the route table knows the path (a locale prefix aside). */
  known: boolean;
  children: ReactNode;
}

/**
 * The optional `{locale}` segment of every route (spec §2). `/en/...` loses its prefix, an
 * unknown first segment goes home, and a visitor who chose a language before is taken to it.
 */
export function LocaleLayout({ known, children }: Props) {
  const pathname = usePathname();
  const search = useSearch();
  const first = pathname.split('/').find(Boolean);
  const prefixed = first !== undefined && isLocale(first);
  const locale = localeOfPath(pathname);

  let redirect: string | undefined;
  if (first === DEFAULT_LOCALE) redirect = switchLocalePath(pathname, DEFAULT_LOCALE);
  else if (!prefixed && !known) redirect = '/';
  else if (!prefixed) {
    const stored = readLocal(StorageKey.locale);
    if (isLocale(stored) && stored !== DEFAULT_LOCALE) redirect = switchLocalePath(pathname, stored);
  }

  useEffect(() => {
    if (!redirect) void setLocale(locale);
  }, [locale, redirect]);

  if (redirect) return <Navigate to={redirect + search + window.location.hash} />;
  return (
    <AppShell>
      <RouteBoundary resetKey={pathname}>{children}</RouteBoundary>
      {/* A new page starts at its top; Back and Forward return to where the reader was. */}
      <ScrollMemory />
    </AppShell>
  );
}

/** Unknown paths under a locale go to its home (spec §2). */
export function RedirectHome() {
  return <Navigate to={switchLocalePath('/', localeOfPath(usePathname()))} />;
}
