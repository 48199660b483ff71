import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, PLURAL_MESSAGE_KEYS } from './errors';
import { LOCALE_CODES, localeInfo, type Locale } from './locales';
import { SERVER_MESSAGES } from './messages';

const DIR = fileURLToPath(new URL('./messages/', import.meta.url));
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));

/** Read from disk, so a key the imports would paper over still shows. */
function load(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as Record<string, unknown>;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = load('en.json');

const PLURAL = /_(zero|one|two|few|many|other)$/;
const plural = new Set<string>(PLURAL_MESSAGE_KEYS);
const localeOf = (file: string) => file.replace(/\.json$/, '') as Locale;
/** The plural categories of the language the server's i18next runs the locale on (its BCP 47 tag). */
const categories = (file: string) =>
  new Intl.PluralRules(localeInfo(localeOf(file)).htmlLang).resolvedOptions().pluralCategories;
/** The keys a file must have: each message, each message with a number once per plural form. */
const expectedKeys = (file: string) =>
  MESSAGE_KEYS.flatMap((key) =>
    plural.has(key) ? categories(file).map((c) => `${key}_${c}`) : [key],
  ).sort();
/** The English text a key is translated from (a plural form: the English `_other`). */
const source = (key: string) => String(en[key] ?? en[key.replace(PLURAL, '_other')]);
/** A form for one number only (Arabic zero, one, two) may say it in words, without `{{count}}`. */
function singleNumberForm(file: string, key: string): boolean {
  const category = PLURAL.exec(key)?.[1];
  if (!category || !plural.has(key.replace(PLURAL, ''))) return false;
  const rules = new Intl.PluralRules(localeInfo(localeOf(file)).htmlLang);
  let hits = 0;
  for (let n = 0; n <= 1000; n++) if (rules.select(n) === category) hits++;
  return hits === 1;
}

describe('server messages', () => {
  it('has one file per locale, and no other', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...LOCALE_CODES].sort());
    expect(Object.keys(SERVER_MESSAGES).sort()).toEqual([...LOCALE_CODES].sort());
  });

  it('en.json has exactly MESSAGE_KEYS, those with a number as _one and _other', () => {
    expect(Object.keys(en).sort()).toEqual(expectedKeys('en.json'));
  });

  // Issue 24: "{{left}} tries left" had no plural form in any language.
  it.each(files)(
    '%s has every message, those with a number in exactly the plural forms its language needs',
    (file) => {
      const messages = load(file);
      expect(Object.keys(messages).sort()).toEqual(expectedKeys(file));
      for (const [key, value] of Object.entries(messages)) {
        expect(typeof value, `${file} ${key}`).toBe('string');
        expect((value as string).trim(), `${file} ${key}`).not.toBe('');
        if (PLURAL.test(key) && !singleNumberForm(file, key))
          expect(value, `${file} ${key}`).toContain('{{count}}');
      }
    },
  );

  it.each(files)('%s keeps the {{placeholders}} of English, spelled exactly', (file) => {
    const messages = load(file);
    for (const key of Object.keys(messages)) {
      const value = String(messages[key]);
      const expected = placeholders(source(key)).filter(
        (p) => p !== 'count' || !singleNumberForm(file, key) || placeholders(value).includes(p),
      );
      expect(placeholders(value), `${file} ${key}`).toEqual(expected);
      // Only the exact {{name}} form is filled in by serverMessage (apps/server/src/i18n.ts).
      expect(value.match(/\{\{\w+\}\}/g)?.length ?? 0, `${file} ${key}`).toBe(placeholders(value).length);
      expect(value.replace(/\{\{\w+\}\}/g, ''), `${file} ${key}: stray braces`).not.toMatch(/\{\{|\}\}/);
    }
  });

  // Issue 19: a message that reads exactly like the English one is one nobody translated (the
  // web files have the same check, with its short allow-list; the server needs none).
  it.each(files.filter((f) => f !== 'en.json'))('%s has no message left in English', (file) => {
    const messages = load(file);
    const same = Object.keys(messages).filter((key) => messages[key] === en[key]);
    expect(same, file).toEqual([]);
  });
});
