/**
 * Issue 24: French typography in the web strings, the server's messages, the legal texts and
 * the blog. A narrow no-break space (U+202F) goes before ? ! : ; and inside « »; the apostrophe
 * is ’, never '. Placeholders, URLs, HTML tags, Markdown syntax and code are left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = fileURLToPath(new URL('../locales/fr/', import.meta.url));
const MESSAGES_FILE = fileURLToPath(new URL('./messages/fr.json', import.meta.url));
const CONTENT_DIR = fileURLToPath(new URL('../../../content/', import.meta.url));

const NNBSP = '\u202F';
/** What is not French text: placeholders, URLs, e-mail links, HTML tags and entities. */
const NOT_TEXT = /\{\{[^}]*\}\}|https?:\/\/\S+|mailto:\S+|<\/?[a-z][^>]*>|&\w+;/gi;
/** Markdown syntax and code: code spans, link targets, the ! of an image. */
const NOT_MARKDOWN_TEXT = /`[^`]*`|\]\([^)]*\)|!\[/g;

function flatten(value: unknown, key: string, out: [string, string][]) {
  if (typeof value === 'string') out.push([key, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${key}.${i}`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, key ? `${key}.${k}` : k, out);
}

/** [where, French text] for every JSON string and every Markdown line of French prose. */
function texts(): [string, string][] {
  const out: [string, string][] = [];
  for (const file of fs.readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json'))) {
    const strings: [string, string][] = [];
    flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, file), 'utf8')), '', strings);
    for (const [key, text] of strings) out.push([`${file} ${key}`, text.replace(NOT_TEXT, '\uE000')]);
  }
  const messages: [string, string][] = [];
  flatten(JSON.parse(fs.readFileSync(MESSAGES_FILE, 'utf8')), '', messages);
  for (const [key, text] of messages) out.push([`messages ${key}`, text.replace(NOT_TEXT, '\uE000')]);
  for (const section of fs.readdirSync(CONTENT_DIR))
    for (const slug of fs.readdirSync(path.join(CONTENT_DIR, section))) {
      const file = path.join(CONTENT_DIR, section, slug, 'fr.md');
      if (!fs.existsSync(file)) continue;
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      let frontMatter = lines[0] === '---';
      let code = false;
      lines.forEach((line, i) => {
        if (i > 0 && frontMatter && line === '---') frontMatter = false;
        if (line.startsWith('```')) code = !code;
        if (code || line === '---' || line.startsWith('```')) return;
        // A front matter line is `key: "value"`: the key's colon is YAML, the value is French.
        const prose = frontMatter ? line.replace(/^\w+:\s*"?|"$/g, '') : line;
        out.push([
          `${section}/${slug}/fr.md:${i + 1}`,
          prose.replace(NOT_MARKDOWN_TEXT, '\uE000').replace(NOT_TEXT, '\uE000'),
        ]);
      });
    }
  return out;
}

/** The places in a French text that break its typography. */
function frenchTypographyFaults(text: string): string[] {
  const faults: string[] = [];
  for (const m of text.matchAll(/[?!:;]/g)) {
    const i = m.index;
    const before = text[i - 1] ?? '';
    if (i === 0 || before === NNBSP || '?!:;'.includes(before)) continue;
    if (m[0] === ':' && /\d/.test(before) && /\d/.test(text[i + 1] ?? '')) continue; // 9:16, 00:00
    faults.push(`no U+202F before “${m[0]}” in “${text.slice(Math.max(0, i - 20), i + 1)}”`);
  }
  if (/«(?!\u202F)|(?<!\u202F)»/.test(text)) faults.push('« » without U+202F inside');
  if (text.includes("'")) faults.push('ASCII apostrophe (use ’)');
  return faults;
}

describe('French typography', () => {
  it('spots each fault (the check itself)', () => {
    expect(frenchTypographyFaults('Prêt ? Oui\u202F!')).toHaveLength(1);
    expect(frenchTypographyFaults('Prêt\u202F? Oui\u202F! À 00:00\u202F: « bonjour »')).toHaveLength(1);
    expect(frenchTypographyFaults("l'image")).toHaveLength(1);
    expect(frenchTypographyFaults('Prêt\u202F?! «\u202Fl’image\u202F»')).toEqual([]);
  });

  it('has a narrow no-break space before ? ! : ; and inside « », and ’ for the apostrophe', () => {
    const wrong = texts().flatMap(([where, text]) =>
      frenchTypographyFaults(text).map((f) => `${where}: ${f}`),
    );
    expect(wrong).toEqual([]);
  });
});
