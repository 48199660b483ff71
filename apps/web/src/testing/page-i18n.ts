import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll } from 'vitest';

/**
 * A page test's own i18next, in English with the given namespaces (common is the default one),
 * ready before the file's tests run; give it to the page through `I18nextProvider`.
 */
export function setupPageI18n(namespaces: ResourceLanguage) {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      resources: { en: namespaces },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  });
  return i18n;
}
