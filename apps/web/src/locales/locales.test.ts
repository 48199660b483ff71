import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_CODES, type Locale } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { i18nLanguage } from '@/lib/i18n';
import { flatten, localesDir, namespaceFiles, type Tree } from './locale-files';

const dir = localesDir;
const namespaces = namespaceFiles;

/** i18next plural suffixes: a locale may need other forms than English (Arabic has six). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
/** The placeholders that hold the count itself (`formatted` is the count written with separators). */
const NUMBER = new Set(['count', 'formatted']);

/**
 * Whether a plural form stands for one number only (Arabic `zero`, `one`, `two`; English `one`):
 * such a form may say the number in words instead of the digits ("يومان", two days), so it may
 * leave out `{{count}}`/`{{formatted}}`. Forms for several numbers (Russian `one` is also 21)
 * must show it.
 */
function singleNumberForm(locale: string, key: string): boolean {
  const category = PLURAL.exec(key)?.[1];
  if (!category) return false;
  const rules = new Intl.PluralRules(i18nLanguage(locale as Locale));
  let hits = 0;
  for (let n = 0; n <= 1000; n++) if (rules.select(n) === category) hits++;
  return hits === 1;
}

function load(locale: string, ns: string): Map<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(dir, locale, ns), 'utf8')) as Tree);
}

describe.each(namespaces)('namespace %s', (ns) => {
  const english = load('en', ns);
  const englishBases = new Set([...english.keys()].map(baseKey));

  it.each(LOCALE_CODES.filter((l) => l !== 'en'))('%s has every key, none extra, none empty', (locale) => {
    const file = path.join(dir, locale, ns);
    expect(fs.existsSync(file), `${locale}/${ns} is missing`).toBe(true);
    const strings = load(locale, ns);
    const bases = new Set([...strings.keys()].map(baseKey));
    const missing = [...englishBases].filter((k) => !bases.has(k));
    const extra = [...bases].filter((k) => !englishBases.has(k));
    expect(missing, `keys missing in ${locale}/${ns}`).toEqual([]);
    expect(extra, `keys only in ${locale}/${ns}`).toEqual([]);
    for (const [key, value] of strings) {
      expect(value.trim(), `${locale}/${ns} ${key} is empty`).not.toBe('');
      const source =
        english.get(key) ?? english.get(`${baseKey(key)}_other`) ?? english.get(baseKey(key)) ?? '';
      const expected = singleNumberForm(locale, key)
        ? placeholders(source).filter((p) => !NUMBER.has(p ?? '') || placeholders(value).includes(p))
        : placeholders(source);
      expect(placeholders(value), `${locale}/${ns} ${key} placeholders`).toEqual(expected);
    }
  });

  /*
   * Exactly the forms `Intl.PluralRules` of the locale's BCP 47 tag selects from: no form
   * missing, none it never picks (a Korean `_one` would be dead text; an `_one` that English
   * keeps and Korean lacks is what made "1 week" English). This check alone did not catch
   * issue 19: the files were right, the app asked Intl with the route code (`kr`, `io`) — that
   * is what src/lib/i18n.test.ts checks, on the app's own i18next.
   */
  it.each(LOCALE_CODES)('%s has exactly the plural forms its language needs', (locale) => {
    const strings = load(locale, ns);
    const categories = [
      // The language the app's i18next runs on (lib/i18n.ts), which is what picks the form.
      ...new Intl.PluralRules(i18nLanguage(locale)).resolvedOptions().pluralCategories,
    ];
    const pluralBases = new Set([...english.keys()].filter((k) => PLURAL.test(k)).map(baseKey));
    for (const base of pluralBases) {
      const forms = [...strings.keys()]
        .filter((k) => PLURAL.test(k) && baseKey(k) === base)
        .map((k) => PLURAL.exec(k)?.[1])
        .sort();
      expect(forms, `${locale}/${ns} ${base}`).toEqual([...categories].sort());
      expect(strings.has(base), `${locale}/${ns} ${base} without a plural suffix`).toBe(false);
    }
    // A plural suffix only on keys that English pluralises too.
    for (const key of strings.keys()) {
      if (PLURAL.test(key)) expect(pluralBases.has(baseKey(key)), `${locale}/${ns} ${key}`).toBe(true);
    }
  });

  it('English plural keys come in _one/_other pairs', () => {
    for (const key of english.keys()) {
      if (key.endsWith('_one')) expect(english.has(key.replace(/_one$/, '_other')), key).toBe(true);
    }
  });
});

describe('locale folders', () => {
  it('exist for exactly the 11 locales', () => {
    const folders = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(folders).toEqual([...LOCALE_CODES].sort());
  });
});
