import { LOCALE_CODES, localeInfo, type Locale } from '@lumi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLocaleFile, namespaceFiles } from '../locales/locale-files';
import { i18next, initI18n, localeOfLanguage, setLocale } from './i18n';

/**
 * The app's own i18next (the loader, the language it runs on), not a copy of its options: the
 * locale files were right all along, what picked the plural form was not (issue 19).
 */
const namespaces = namespaceFiles.map((f) => f.replace(/\.json$/, ''));

const load = (locale: Locale, ns: string) => loadLocaleFile(locale, `${ns}.json`);

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Counts that reach every category of the 11 languages (Arabic: 0, 1, 2, 3-10, 11-99, 100...). */
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 101];

/** What a string reads as once its placeholders are filled in with `values`. */
const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name]));

beforeAll(async () => {
  await initI18n('en');
});

describe('the app i18next', () => {
  it.each(LOCALE_CODES)('%s runs on its BCP 47 tag and maps back to its route code', async (locale) => {
    await setLocale(locale);
    expect(i18next.language).toBe(localeInfo(locale).htmlLang);
    expect(localeOfLanguage(i18next.language)).toBe(locale);
    expect(document.documentElement.lang).toBe(localeInfo(locale).htmlLang);
  });

  it('says "1 week" and "1 credit" in Korean and Indonesian, not in English', async () => {
    await setLocale('kr');
    await i18next.loadNamespaces(['pay', 'images']);
    expect(i18next.t('pay:term.week', { count: 1 })).toBe('1주');
    expect(i18next.t('pay:term.month', { count: 1 })).toBe('1개월');
    await setLocale('io');
    await i18next.loadNamespaces(['pay', 'images']);
    expect(i18next.t('pay:term.week', { count: 1 })).toBe('1 minggu');
    expect(i18next.t('pay:term.month', { count: 1 })).toBe('1 bulan');
  });

  it.each(LOCALE_CODES)('%s: every plural key, at every count, reads from its own file', async (locale) => {
    await setLocale(locale);
    await i18next.loadNamespaces(namespaces);
    // Exactly the language i18next was given (not the route code, not a copy of the mapping).
    const rules = new Intl.PluralRules(i18next.language);
    for (const ns of namespaces) {
      const strings = load(locale, ns);
      const bases = new Set(
        [...strings.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
      );
      for (const base of bases) {
        for (const count of COUNTS) {
          const own = strings.get(`${base}_${rules.select(count)}`);
          expect(own, `${locale}/${ns} ${base}_${rules.select(count)}`).toBeDefined();
          // Each other placeholder is filled with its own name, so any string can be checked.
          const values: Record<string, unknown> = { count };
          for (const [, name = ''] of (own ?? '').matchAll(/\{\{\s*(\w+)/g))
            if (name !== 'count') values[name] = `<${name}>`;
          const text: string = i18next.t(`${ns}:${base}`, values);
          expect(text, `${locale}/${ns} ${base} count=${count}`).toBe(fill(own ?? '', values));
        }
      }
    }
  });

  /*
   * Issue 24: every Arabic `_two` repeated the singular ("2 يوم") and `_zero` read "0 يوم". The
   * dual carries the number itself (يومان, نقطتان, حرفان), so it differs from `_one` and shows no
   * digit; zero is said in words (لا نقاط, مجانًا), never "0" and a noun.
   */
  it('Arabic says two with the dual and zero in words', async () => {
    await setLocale('ar');
    await i18next.loadNamespaces(namespaces);
    const dual = /(ان|ين)$/;
    const number = (n: number) => new RegExp(`(^|[^\\d:])${n}([^\\d:]|$)`);
    const words = (text: string) => text.replace(/[\u064B-\u0652]/g, '').split(/[^\p{L}]+/u);
    let bases = 0;
    for (const ns of namespaces) {
      const strings = load('ar', ns);
      for (const key of strings.keys()) {
        if (!key.endsWith('_two')) continue;
        const base = key.slice(0, -'_two'.length);
        bases++;
        const values = { count: 2, formatted: '2', n: '<n>', rating: '<rating>', chars: '<chars>' };
        const two: string = i18next.t(`${ns}:${base}`, { ...values, max: '<max>', date: '<date>' });
        const one: string = i18next.t(`${ns}:${base}`, { ...values, count: 1, formatted: '1' });
        expect(two, `ar/${ns} ${base}_two`).not.toBe(one);
        expect(two, `ar/${ns} ${base}_two has the number in its word`).not.toMatch(number(2));
        expect(
          words(two).some((w) => dual.test(w)),
          `ar/${ns} ${base}_two: ${two}`,
        ).toBe(true);
        const zero: string = i18next.t(`${ns}:${base}`, { ...values, count: 0, formatted: '0' });
        expect(zero, `ar/${ns} ${base}_zero: ${zero}`).not.toMatch(number(0));
      }
    }
    expect(bases).toBeGreaterThanOrEqual(36);
  });
});
