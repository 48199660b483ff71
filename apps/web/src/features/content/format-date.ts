import { localeInfo, type Locale } from '@lumi/contract';

/** A YYYY-MM-DD date written out in the locale, as the server's prerendered page writes it. */
export function longDate(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(localeInfo(locale).htmlLang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
