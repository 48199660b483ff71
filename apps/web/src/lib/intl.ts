import { isLocale, LOCALES, localeInfo } from '@lumi/contract';

/**
 * The BCP 47 tag `Intl` needs, from a route locale (`io` is `id`, `kr` is `ko`) or from
 * i18next's language, which already is that tag. Never the route code itself: to `Intl`, `kr`
 * is no language and `io` is Ido.
 */
export function intlLocale(language: string): string {
  if (isLocale(language)) return localeInfo(language).htmlLang;
  return LOCALES.some((l) => l.htmlLang === language) ? language : 'en';
}
