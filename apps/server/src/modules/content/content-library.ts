import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_LOCALE,
  isLocale,
  LEGAL_PAGES,
  type ContentDocument,
  type ContentSummary,
  type LegalSlug,
  type Locale,
} from '@lumi/contract';
import { Marked } from 'marked';

/** The front matter every text starts with: title, date and description, nothing else. */
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const FIELD = /^(title|date|description):\s*"((?:[^"\\]|\\.)*)"\s*$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export class ContentError extends Error {}

/** Reads `---` front matter of `key: "value"` lines; anything else is an error in the file. */
export function parseFrontMatter(
  source: string,
  file: string,
): { fields: Record<string, string>; body: string } {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new ContentError(`${file}: no front matter`);
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const field = FIELD.exec(line);
    if (!field) throw new ContentError(`${file}: bad front matter line ${JSON.stringify(line)}`);
    fields[field[1]!] = JSON.parse(`"${field[2]}"`) as string;
  }
  for (const key of ['title', 'date', 'description']) {
    if (!fields[key]) throw new ContentError(`${file}: front matter needs ${key}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.date!)) throw new ContentError(`${file}: date must be YYYY-MM-DD`);
  return { fields, body: source.slice(match[0].length) };
}

/** Markdown from the repository: trusted, but raw HTML is still escaped rather than passed on. */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  },
});

type Collection = Map<string, Map<Locale, ContentDocument>>;

/**
 * Blog articles and legal pages, from `content/{blog,legal}/{slug}/{locale}.md`, read and
 * rendered once at start. Every text exists in English; another locale falls back to it.
 */
export class ContentLibrary {
  private constructor(
    private readonly blog: Collection,
    private readonly legalTexts: Collection,
  ) {}

  static load(dir: string): ContentLibrary {
    return new ContentLibrary(
      readCollection(path.join(dir, 'blog')),
      readCollection(path.join(dir, 'legal')),
    );
  }

  legal(slug: LegalSlug, locale: Locale): ContentDocument | undefined {
    return pick(this.legalTexts.get(slug), locale);
  }

  /** Every article in the locale (or English), newest first. */
  articles(locale: Locale): ContentSummary[] {
    return [...this.blog.values()]
      .map((byLocale) => pick(byLocale, locale))
      .filter((doc): doc is ContentDocument => doc !== undefined)
      .map(({ html: _html, ...summary }) => summary)
      .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  }

  article(slug: string, locale: Locale): ContentDocument | undefined {
    return pick(this.blog.get(slug), locale);
  }

  /** The locales a text is written in (for hreflang: only real translations are alternates). */
  localesOf(kind: 'blog' | 'legal', slug: string): Locale[] {
    return [...((kind === 'blog' ? this.blog : this.legalTexts).get(slug)?.keys() ?? [])];
  }
}

function pick(
  byLocale: Map<Locale, ContentDocument> | undefined,
  locale: Locale,
): ContentDocument | undefined {
  return byLocale?.get(locale) ?? byLocale?.get(DEFAULT_LOCALE);
}

function readCollection(dir: string): Collection {
  const collection: Collection = new Map();
  if (!fs.existsSync(dir)) return collection;
  for (const slug of fs.readdirSync(dir).sort()) {
    const folder = path.join(dir, slug);
    if (!fs.statSync(folder).isDirectory()) continue;
    if (!SLUG.test(slug)) throw new ContentError(`${folder}: slugs are lower-case words joined by '-'`);
    const byLocale = new Map<Locale, ContentDocument>();
    for (const name of fs.readdirSync(folder)) {
      const locale = name.replace(/\.md$/, '');
      if (!name.endsWith('.md') || !isLocale(locale))
        throw new ContentError(`${folder}/${name}: not {locale}.md`);
      const file = path.join(folder, name);
      const { fields, body } = parseFrontMatter(fs.readFileSync(file, 'utf8'), file);
      byLocale.set(locale, {
        slug,
        locale,
        title: fields.title!,
        date: fields.date!,
        description: fields.description!,
        html: markdown.parse(body, { async: false }),
      });
    }
    if (!byLocale.has(DEFAULT_LOCALE))
      throw new ContentError(`${folder}: the English text (en.md) is missing`);
    collection.set(slug, byLocale);
  }
  return collection;
}

export const LEGAL_SLUGS = Object.values(LEGAL_PAGES) as LegalSlug[];
