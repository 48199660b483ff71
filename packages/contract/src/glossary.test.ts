/**
 * Issue 24: one name per product term in each language, across the web files, the server's
 * messages, the legal texts and the blog. The terms and their translations are in
 * `locales/glossary.json` (docs/i18n.md, "Glossary").
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from './locales';

const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));
const MESSAGES_DIR = fileURLToPath(new URL('./messages/', import.meta.url));
const CONTENT_DIR = fileURLToPath(new URL('../../../content/', import.meta.url));

interface Usage {
  /** Every string whose English source names the term says this (a regular expression). */
  use: string;
  /** Other names for the term, which no text of the language may use (regular expressions). */
  avoid?: string[];
}
interface Term {
  /** Finds the term in an English string (a regular expression). */
  en: string;
  /** Checks `use` only on the strings of these keys' groups ("namespace:key.prefix"), if set. */
  only?: string[];
  /** Strings whose translation rightly leaves the term out (it is implied). */
  except?: string[];
  note?: string;
  locales: Partial<Record<string, Usage>>;
}
const glossary = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, 'glossary.json'), 'utf8')) as {
  terms: Record<string, Term>;
};

const others = LOCALE_CODES.filter((l) => l !== 'en');
const regex = (source: string) => new RegExp(source, 'iu');

function flatten(value: unknown, prefix: string, out: Map<string, string>) {
  if (typeof value === 'string') out.set(prefix, value);
  else if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${prefix}.${i}`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      flatten(v, prefix.endsWith(':') ? prefix + k : `${prefix}.${k}`, out);
}

/** Every string of a locale, keyed "namespace:key.path" (server messages are "messages:key"). */
function strings(locale: string): Map<string, string> {
  const out = new Map<string, string>();
  const dir = path.join(LOCALES_DIR, locale);
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort())
    flatten(
      JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')),
      `${file.replace(/\.json$/, '')}:`,
      out,
    );
  flatten(JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, `${locale}.json`), 'utf8')), 'messages:', out);
  return out;
}

/** The blog and legal Markdown of a locale, keyed "content/<section>/<slug>". */
function documents(locale: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const section of fs.readdirSync(CONTENT_DIR))
    for (const slug of fs.readdirSync(path.join(CONTENT_DIR, section))) {
      const file = path.join(CONTENT_DIR, section, slug, `${locale}.md`);
      if (fs.existsSync(file)) out.set(`content/${section}/${slug}`, fs.readFileSync(file, 'utf8'));
    }
  return out;
}

const english = strings('en');
const placeholderFree = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ');

describe('glossary', () => {
  it('names a translation for every term in every locale', () => {
    for (const [name, term] of Object.entries(glossary.terms))
      for (const locale of others) expect(term.locales[locale]?.use, `${name} in ${locale}`).toBeTruthy();
  });

  it.each(others)('%s uses the glossary name wherever the English names the term', (locale) => {
    const own = strings(locale);
    const wrong: string[] = [];
    for (const [name, term] of Object.entries(glossary.terms)) {
      const use = regex(term.locales[locale]!.use);
      for (const [key, source] of english) {
        if (term.only && !term.only.some((prefix) => key.startsWith(prefix))) continue;
        if (term.except?.includes(key)) continue;
        if (!regex(term.en).test(placeholderFree(source))) continue;
        const text = own.get(key);
        if (text !== undefined && !use.test(placeholderFree(text))) wrong.push(`${name} — ${key}: ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(others)('%s never uses another name for a term (web, server, legal, blog)', (locale) => {
    const texts = new Map([...strings(locale), ...documents(locale)]);
    const wrong: string[] = [];
    for (const [name, term] of Object.entries(glossary.terms))
      for (const avoid of term.locales[locale]!.avoid ?? []) {
        const pattern = regex(avoid);
        for (const [key, text] of texts) {
          const line = text.split('\n').find((l) => pattern.test(l));
          if (line !== undefined) wrong.push(`${name} — ${key}: “${avoid}” in ${line.trim().slice(0, 160)}`);
        }
      }
    expect(wrong).toEqual([]);
  });

  // "Creator" was 创作者 on the page and 创建者 in the server's message, Автор and Создатель.
  it.each(others)('%s translates a text shared by the web and the server the same way', (locale) => {
    const own = strings(locale);
    const serverKeys = [...english.keys()].filter((k) => k.startsWith('messages:'));
    const webKeys = [...english.keys()].filter((k) => !k.startsWith('messages:'));
    const wrong: string[] = [];
    for (const server of serverKeys)
      for (const web of webKeys)
        if (english.get(server) === english.get(web) && own.get(server) !== own.get(web))
          wrong.push(`${web} ≠ ${server}: ${own.get(web)} | ${own.get(server)}`);
    expect(wrong).toEqual([]);
  });
});
