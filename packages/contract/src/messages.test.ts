import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from './errors';
import { LOCALE_CODES } from './locales';
import { SERVER_MESSAGES } from './messages';

const DIR = fileURLToPath(new URL('./messages/', import.meta.url));
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));

/** Read from disk, so a key the imports would paper over still shows. */
function load(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as Record<string, unknown>;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = load('en.json');

describe('server messages', () => {
  it('has one file per locale, and no other', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...LOCALE_CODES].sort());
    expect(Object.keys(SERVER_MESSAGES).sort()).toEqual([...LOCALE_CODES].sort());
  });

  it('en.json has exactly MESSAGE_KEYS', () => {
    expect(Object.keys(en).sort()).toEqual([...MESSAGE_KEYS].sort());
  });

  it.each(files)('%s has exactly the keys of en.json, each a non-empty string', (file) => {
    const messages = load(file);
    expect(Object.keys(messages).sort()).toEqual([...MESSAGE_KEYS].sort());
    for (const key of MESSAGE_KEYS) {
      const value = messages[key];
      expect(typeof value, `${file} ${key}`).toBe('string');
      expect((value as string).trim(), `${file} ${key}`).not.toBe('');
    }
  });

  it.each(files)('%s keeps the {{placeholders}} of English, spelled exactly', (file) => {
    const messages = load(file);
    for (const key of MESSAGE_KEYS) {
      const value = String(messages[key]);
      expect(placeholders(value), `${file} ${key}`).toEqual(placeholders(String(en[key])));
      // Only the exact {{name}} form is filled in by serverMessage (apps/server/src/i18n.ts).
      expect(value.match(/\{\{\w+\}\}/g)?.length ?? 0, `${file} ${key}`).toBe(placeholders(value).length);
      expect(value.replace(/\{\{\w+\}\}/g, ''), `${file} ${key}: stray braces`).not.toMatch(/\{\{|\}\}/);
    }
  });

  // Issue 19: a message that reads exactly like the English one is one nobody translated (the
  // web files have the same check, with its short allow-list; the server needs none).
  it.each(files.filter((f) => f !== 'en.json'))('%s has no message left in English', (file) => {
    const messages = load(file);
    const same = MESSAGE_KEYS.filter((key) => messages[key] === en[key]);
    expect(same, file).toEqual([]);
  });
});
