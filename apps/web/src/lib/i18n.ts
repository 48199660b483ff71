import { LOCALE_CODES, localeInfo, type Locale } from '@lumi/contract';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

/** Namespaces every page needs; features load their own with useTranslation('<ns>'). */
export const BASE_NAMESPACES = ['common'] as const;

/** Each locale's namespace is its own small chunk, fetched when first needed. */
const loadNamespace = (language: string, namespace: string) =>
  import(`../locales/${language}/${namespace}.json`) as Promise<{ default: Record<string, unknown> }>;

export async function initI18n(locale: Locale): Promise<typeof i18next> {
  await i18next
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({
      lng: locale,
      // No English fallback: every locale has every key and plural form (locales.test.ts), and a
      // fallback made a page in another language fetch the English strings too.
      fallbackLng: false,
      supportedLngs: [...LOCALE_CODES],
      ns: [...BASE_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
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
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  applyDocumentLocale(locale);
}

export { i18next };
