/**
 * Issue 24: each language speaks to the user in one register and one variety (docs/i18n.md):
 * Korean 해요체 in the interface and the server's messages, Indonesian "kamu" everywhere
 * (legal texts too), Spanish neutral Latin American.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));
const MESSAGES_DIR = fileURLToPath(new URL('./messages/', import.meta.url));
const CONTENT_DIR = fileURLToPath(new URL('../../../content/', import.meta.url));

function flatten(value: unknown, key: string, out: [string, string][]) {
  if (typeof value === 'string') out.push([key, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${key}.${i}`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      flatten(v, !key || key.endsWith(':') ? key + k : `${key}.${k}`, out);
}

/** [where, text] for the web strings and the server's messages of a locale. */
function interfaceStrings(locale: string): [string, string][] {
  const out: [string, string][] = [];
  const dir = path.join(LOCALES_DIR, locale);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')))
    flatten(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), `${file}:`, out);
  flatten(JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, `${locale}.json`), 'utf8')), 'messages:', out);
  return out;
}

/** [where, line] for every line of a locale's blog and legal Markdown. */
function documentLines(locale: string): [string, string][] {
  const out: [string, string][] = [];
  for (const section of fs.readdirSync(CONTENT_DIR))
    for (const slug of fs.readdirSync(path.join(CONTENT_DIR, section))) {
      const file = path.join(CONTENT_DIR, section, slug, `${locale}.md`);
      if (fs.existsSync(file))
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => out.push([`${section}/${slug}/${locale}.md:${i + 1}`, line]));
    }
  return out;
}

const matching = (texts: [string, string][], pattern: RegExp) =>
  texts.filter(([, text]) => pattern.test(text)).map(([where, text]) => `${where}: ${text.slice(0, 120)}`);

describe('register and variety', () => {
  it('Korean speaks 해요체 in the interface and the server messages (감사합니다 is a set phrase)', () => {
    const formal = /(?<!감사)(습니다|ㅂ니다|입니다|합니다|됩니다|니까\?|십시오)/u;
    expect(matching(interfaceStrings('kr'), formal)).toEqual([]);
    // The blog is written in 해요체 too; the legal texts keep the 합니다체 of Korean legal documents.
    expect(
      matching(
        documentLines('kr').filter(([where]) => where.startsWith('blog/')),
        formal,
      ),
    ).toEqual([]);
  });

  it('Indonesian says "kamu", never "Anda", in the interface, the messages, the blog and the legal texts', () => {
    const anda = /(^|[^\p{L}])Anda([^\p{L}]|$)/u;
    expect(matching([...interfaceStrings('io'), ...documentLines('io')], anda)).toEqual([]);
  });

  it('Spanish is neutral Latin American: no vosotros, no words only Spain uses', () => {
    const spain =
      /\b(vosotr|vuestr|os (damos|devolvemos|recomendamos))|\b(ordenador|móvil|rellen|fichero|coger|gafas|compañer[oa]s? de piso)|\bIntroduce\b|\bhemos devuelto/iu;
    expect(matching([...interfaceStrings('es'), ...documentLines('es')], spain)).toEqual([]);
  });
});
