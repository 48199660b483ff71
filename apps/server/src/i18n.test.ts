import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_CODES, localeInfo, PLURAL_MESSAGE_KEYS, SERVER_MESSAGES, type Locale } from '@lumi/contract';
import { SHARED_NAMESPACES, SHARED_STRINGS } from '@lumi/contract/shared-strings';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { serverI18n, serverLanguage, serverMessage, sharedList, sharedText } from './i18n';

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
        // Arabic says 0, 1 and 2 in words (الرسائل مجانية، نقطة واحدة، نقطتان; issue 24).
        if (locale === 'en' || count > 2) expect(text).toContain(String(count));
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

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Issue 24's counts: every category of the 11 languages (Arabic 0, 1, 2, 3–10, 11–99). */
const COUNTS = [0, 1, 2, 5, 11, 21, 100];
/** The text with each placeholder filled in: `count` with the count, any other with its name. */
const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name]));
const valuesFor = (count: number) =>
  new Proxy<Record<string, unknown>>(
    { count },
    {
      get: (target, name: string) => target[name] ?? `<${name}>`,
    },
  );

/**
 * Issue 24: Korean and Indonesian read English at a count of 1, and the server's messages had no
 * plurals at all. Every plural key, of the shared namespaces and of the messages, in every
 * locale, through the server's own instance and the language it hands i18next, must read the
 * locale's own form for the category `Intl.PluralRules` picks for that language, never the
 * English fallback.
 */
describe('plurals on the server, every locale', () => {
  it.each(LOCALE_CODES)('%s: every plural key reads its own form at every count', (locale) => {
    const rules = new Intl.PluralRules(serverLanguage(locale));
    const own = (strings: Map<string, string>, base: string, count: number) => {
      const text = strings.get(`${base}_${rules.select(count)}`);
      expect(text, `${locale} ${base}_${rules.select(count)}`).toBeDefined();
      return text ?? '';
    };
    let checked = 0;
    for (const ns of SHARED_NAMESPACES) {
      const strings = new Map(flatten(SHARED_STRINGS[locale][ns] as Tree));
      const bases = new Set(
        [...strings.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
      );
      for (const base of bases)
        for (const count of COUNTS) {
          const values = valuesFor(count);
          const names = [...own(strings, base, count).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? '');
          const given = Object.fromEntries(names.map((n) => [n, values[n]]));
          expect(sharedText(locale, ns, base, { ...given, count }), `${locale}/${ns} ${base} ${count}`).toBe(
            fill(own(strings, base, count), values),
          );
          checked++;
        }
    }
    const messages = new Map<string, string>(Object.entries(SERVER_MESSAGES[locale]));
    for (const key of PLURAL_MESSAGE_KEYS)
      for (const count of COUNTS) {
        const values = valuesFor(count);
        const params = { site: '<site>', code: '<code>', count: String(count) };
        expect(serverMessage(locale, key, params), `${locale} ${key} ${count}`).toBe(
          fill(own(messages, key, count), values),
        );
        checked++;
      }
    expect(checked).toBeGreaterThan(PLURAL_MESSAGE_KEYS.length * COUNTS.length);
  });

  it('Korean and Indonesian say "1 try left" in their own words', () => {
    expect(serverMessage('kr', 'code_wrong', { count: '1' })).toBe(
      '코드가 올바르지 않아요. 1번 더 시도할 수 있어요.',
    );
    expect(serverMessage('io', 'code_wrong', { count: '1' })).toBe(
      'Kodenya salah. Kamu masih punya 1 kesempatan lagi.',
    );
    expect(serverMessage('en', 'code_wrong', { count: '1' })).toBe("That code isn't right. 1 try left.");
    expect(serverMessage('en', 'code_wrong', { count: '4' })).toBe("That code isn't right. 4 tries left.");
    expect(serverMessage('ru', 'code_wrong', { count: '4' })).toBe('Неверный код. Осталось 4 попытки.');
  });

  it('Arabic says two with the dual and zero in words, in the messages too', () => {
    const dual = /(ان|ين)$/;
    const words = (text: string) => text.replace(/[\u064B-\u0652]/g, '').split(/[^\p{L}]+/u);
    for (const key of PLURAL_MESSAGE_KEYS) {
      const at = (count: number) =>
        serverMessage('ar', key, { site: 'Lumi', code: '123456', count: String(count) });
      expect(at(2), key).not.toBe(at(1));
      expect(at(2), key).not.toMatch(/(^|[^\d])2([^\d]|$)/);
      expect(
        words(at(2)).some((w) => dual.test(w)),
        `${key}: ${at(2)}`,
      ).toBe(true);
      expect(at(0), key).not.toMatch(/(^|[^\d])0([^\d]|$)/);
      expect(at(11), key).toContain('11');
    }
  });
});
