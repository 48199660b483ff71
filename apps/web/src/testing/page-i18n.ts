import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll } from 'vitest';

/**
 * A page test's own i18next, in English with the given namespaces (common is the default one),
 * and any other languages' (`{ ar: { chat: chatAr } }`) for the tests that switch to them; ready
 * before the file's tests run. Give it to the page through `I18nextProvider`.
 */
export function setupPageI18n(namespaces: ResourceLanguage, others: Record<string, ResourceLanguage> = {}) {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      resources: { en: namespaces, ...others },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  });
  return i18n;
}
