import { localeOfPath, type Locale } from '@lumi/contract';
import { usePathname } from '@/lib/router';

/** The locale of the current route: its prefix segment, English without one. */
export function useLocale(): Locale {
  return localeOfPath(usePathname());
}
