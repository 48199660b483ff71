import { isLocale, localeInfo } from '@lumi/contract';

/** The BCP 47 tag for Intl of a route locale (`io` is `id`, `kr` is `ko`). */
export function intlLocale(language: string): string {
  return isLocale(language) ? localeInfo(language).htmlLang : 'en';
}
