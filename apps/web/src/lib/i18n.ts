import { DEFAULT_LOCALE, isLocale, LOCALES, localeInfo, type Locale } from '@lumi/contract';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { loadLocale } from '@/locales/load-locale';

/**
 * Namespaces every page starts with (one file: home's strings); features load their own with
 * useTranslation('<ns>').
 */
export const BASE_NAMESPACES = ['common', 'characters'] as const;

/**
 * i18next runs on each locale's BCP 47 tag (`ko`, `id`, `zh-CN`), not its route code: it builds
 * `Intl.PluralRules` (and its formatters) from its language, and to `Intl` `kr` is no language
 * (English rules) and `io` is Ido, so a count of 1 looked for `_one`, which Korean and Indonesian
 * do not have, and fell back to English (decisions.md). The files stay under the route codes.
 */
export const i18nLanguage = (locale: Locale): string => localeInfo(locale).htmlLang;

/** The route locale of an i18next language (its BCP 47 tag; a route code is taken as is). */
export function localeOfLanguage(language: string | undefined): Locale {
  const hit = LOCALES.find((l) => l.htmlLang === language);
  if (hit) return hit.code;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/**
 * Each locale's namespace is its own small chunk, fetched when first needed. The map from
 * namespace to chunk lives in the locale's own `load.ts` (a part of its home strings file), so
 * the app's first file holds 11 entries instead of every locale's every namespace.
 */
const loadNamespace = async (language: string, namespace: string) => {
  const locale = await loadLocale(localeOfLanguage(language));
  return locale.loadNamespace(namespace);
};

/** The i18next options the app runs with (tests start their own instance with them). */
export const i18nOptions = {
  // No English fallback: every locale has every key and plural form (locales.test.ts), and a
  // fallback made a page in another language fetch the English strings too.
  fallbackLng: false,
  supportedLngs: LOCALES.map((l) => l.htmlLang),
  // `zh-CN` alone, not also a `zh` that has no folder of its own.
  load: 'currentOnly',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

/**
 * Starts i18next in the locale with the namespaces every page needs and those of the page the app
 * opens on (already on their way, see route-modules.ts), so its first render does not suspend.
 */
export async function initI18n(
  locale: Locale,
  pageNamespaces: readonly string[] = [],
): Promise<typeof i18next> {
  await i18next
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      lng: i18nLanguage(locale),
      ns: [...BASE_NAMESPACES, ...pageNamespaces],
      react: { useSuspense: true },
    });
  applyDocumentLocale(locale);
  return i18next;
}

/** `<html lang dir>` with the proper tag (`id`, `ko`) and direction of the locale. */
export function applyDocumentLocale(locale: Locale): void {
  const info = localeInfo(locale);
  document.documentElement.lang = info.htmlLang;
  document.documentElement.dir = info.dir;
}

export async function setLocale(locale: Locale): Promise<void> {
  const language = i18nLanguage(locale);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  applyDocumentLocale(locale);
}

export { i18next };
