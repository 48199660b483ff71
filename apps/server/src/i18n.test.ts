import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_CODES, localeInfo, type Locale } from '@lumi/contract';
import { SHARED_NAMESPACES } from '@lumi/contract/shared-strings';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { serverI18n, serverMessage, sharedList, sharedText } from './i18n';

const localesDir = path.resolve(import.meta.dirname, '../../../packages/contract/locales');

/**
 * An instance as the web app starts it (apps/web/src/lib/i18n.ts: its i18nOptions, the language
 * being the locale's BCP 47 tag), with the namespace files it fetches, read from disk.
 */
async function webI18n(locale: Locale) {
  const lng = localeInfo(locale).htmlLang;
  const resources = Object.fromEntries(
    SHARED_NAMESPACES.map((ns) => [
      ns,
      JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${ns}.json`), 'utf8')) as object,
    ]),
  );
  const web = i18next.createInstance();
  await web.init({
    resources: { [lng]: resources },
    lng,
    fallbackLng: false,
    load: 'currentOnly',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return web;
}

describe("the server's i18n instance", () => {
  it('is initialised with every locale', () => {
    expect(serverI18n.isInitialized).toBe(true);
    for (const locale of LOCALE_CODES)
      expect(serverI18n.hasResourceBundle(localeInfo(locale).htmlLang, 'chat'), locale).toBe(true);
  });

  it.each(['en', 'ar'] as const)(
    'formats plurals and interpolation in %s as the web app does',
    async (locale) => {
      const web = await webI18n(locale);
      for (const count of [0, 1, 2, 5, 11, 100]) {
        const text = sharedText(locale, 'chat', 'composer.cost', { count });
        expect(text, `${locale} ${count}`).toBe(web.t('composer.cost', { ns: 'chat', count }));
        expect(text).toContain(String(count));
      }
      const placeholder = sharedText(locale, 'chat', 'composer.placeholder', { name: 'Lumi' });
      expect(placeholder).toBe(web.t('composer.placeholder', { ns: 'chat', name: 'Lumi' }));
      expect(placeholder).toContain('Lumi');
      expect(placeholder).not.toContain('{{');
    },
  );

  it('picks the language of the locale, not English rules', () => {
    expect(sharedText('en', 'chat', 'composer.cost', { count: 1 })).toBe('1 credit per message');
    expect(sharedText('en', 'chat', 'composer.cost', { count: 5 })).toBe('5 credits per message');
    // Arabic has a `few` form (3–10) that English rules would never choose.
    const ar = JSON.parse(fs.readFileSync(path.join(localesDir, 'ar/chat.json'), 'utf8')) as {
      composer: Record<string, string>;
    };
    expect(sharedText('ar', 'chat', 'composer.cost', { count: 5 })).toBe(
      ar.composer.cost_few!.replace('{{count}}', '5'),
    );
  });

  it('reads lists of objects, each string filled in', () => {
    const faq = sharedList('en', 'marketing', 'landing.faq', { site: 'Lumi', count: 3, email: 'a@b.c' });
    expect(faq.length).toBeGreaterThan(0);
    for (const item of faq) for (const value of Object.values(item)) expect(value).not.toMatch(/\{\{/);
  });

  it('falls back to English for a string a locale lacks', () => {
    serverI18n.removeResourceBundle('ar', 'chat');
    try {
      expect(sharedText('ar', 'chat', 'composer.send')).toBe(sharedText('en', 'chat', 'composer.send'));
    } finally {
      serverI18n.addResourceBundle(
        'ar',
        'chat',
        JSON.parse(fs.readFileSync(path.join(localesDir, 'ar/chat.json'), 'utf8')) as object,
      );
    }
  });

  it('fills placeholders in every locale', () => {
    for (const locale of LOCALE_CODES) {
      const text = serverMessage(locale, 'invalid_field', { field: 'type' });
      expect(text, locale).toContain('type');
      expect(text, locale).not.toContain('{{');
    }
  });
});
