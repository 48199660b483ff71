import { DEFAULT_LOCALE, isLocale, type Locale } from '@lumi/contract';
import { useParams } from 'react-router';

/** The locale of the current route: its prefix segment, English without one. */
export function useLocale(): Locale {
  const { lang } = useParams();
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}
