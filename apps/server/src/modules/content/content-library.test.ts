import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentError, ContentLibrary, parseFrontMatter } from './content-library';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function library(files: Record<string, string>): ContentLibrary {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-content-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return ContentLibrary.load(dir);
}

const doc = (title: string, date: string, body: string) =>
  `---\ntitle: "${title}"\ndate: "${date}"\ndescription: "About ${title}"\n---\n\n${body}\n`;

describe('front matter', () => {
  it('reads title, date and description, quotes escaped', () => {
    const { fields, body } = parseFrontMatter(
      '---\ntitle: "Say \\"hi\\""\ndate: "2026-01-02"\ndescription: "d"\n---\nBody',
      'x.md',
    );
    expect(fields).toEqual({ title: 'Say "hi"', date: '2026-01-02', description: 'd' });
    expect(body).toBe('Body');
  });

  it.each([
    ['no front matter', 'Just text'],
    ['a missing field', '---\ntitle: "t"\ndate: "2026-01-02"\n---\n'],
    ['an unknown key', '---\ntitle: "t"\ndate: "2026-01-02"\ndescription: "d"\nauthor: "me"\n---\n'],
    ['a bad date', '---\ntitle: "t"\ndate: "Jan 2"\ndescription: "d"\n---\n'],
  ])('refuses %s', (_case, text) => {
    expect(() => parseFrontMatter(text, 'x.md')).toThrow(ContentError);
  });
});

describe('content library', () => {
  it('lists articles newest first, in the locale or else English, and renders Markdown', () => {
    const lib = library({
      'blog/older/en.md': doc('Older', '2026-01-01', '## Part\n\nText with **bold**.'),
      'blog/older/fr.md': doc('Plus ancien', '2026-01-01', 'Texte.'),
      'blog/newer/en.md': doc('Newer', '2026-02-01', '- one\n- two'),
    });
    expect(lib.articles('fr').map((a) => [a.slug, a.locale, a.title])).toEqual([
      ['newer', 'en', 'Newer'],
      ['older', 'fr', 'Plus ancien'],
    ]);
    expect(lib.article('older', 'en')?.html).toContain('<h2>Part</h2>');
    expect(lib.article('older', 'en')?.html).toContain('<strong>bold</strong>');
    expect(lib.article('newer', 'ja')?.locale).toBe('en');
    expect(lib.article('missing', 'en')).toBeUndefined();
    expect(lib.localesOf('blog', 'older').sort()).toEqual(['en', 'fr']);
  });

  it('escapes raw HTML in Markdown instead of passing it on', () => {
    const lib = library({ 'blog/x/en.md': doc('X', '2026-01-01', 'Hi <script>alert(1)</script> there') });
    const html = lib.article('x', 'en')!.html;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses a text without its English version, or a file that is not {locale}.md', () => {
    expect(() => library({ 'blog/x/fr.md': doc('X', '2026-01-01', 'x') })).toThrow(/English/);
    expect(() => library({ 'blog/x/en.md': doc('X', '2026-01-01', 'x'), 'blog/x/xx.md': 'x' })).toThrow(
      ContentError,
    );
    expect(() => library({ 'blog/Bad_Slug/en.md': doc('X', '2026-01-01', 'x') })).toThrow(ContentError);
  });
});
