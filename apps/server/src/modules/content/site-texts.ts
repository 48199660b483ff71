import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '@lumi/contract';

type Tree = { [key: string]: unknown };

/** The namespaces of the web app's translations that hold page titles, marketing text and the chat's first screen. */
const NAMESPACES = ['marketing', 'pages', 'characters', 'chat'] as const;
export type TextNamespace = (typeof NAMESPACES)[number];

export interface TextValues {
  site: string;
  count: number;
  email: string;
}

/**
 * The web app's own translation files, read by the server so each prerendered page carries the
 * same title, description and text the app shows, in every locale, from one source.
 */
export class SiteTexts {
  private constructor(
    private readonly trees: Map<string, Tree>,
    private readonly values: TextValues,
  ) {}

  static load(dir: string, values: TextValues): SiteTexts {
    const trees = new Map<string, Tree>();
    for (const locale of LOCALE_CODES) {
      for (const ns of NAMESPACES) {
        const file = path.join(dir, locale, `${ns}.json`);
        if (fs.existsSync(file))
          trees.set(`${locale}/${ns}`, JSON.parse(fs.readFileSync(file, 'utf8')) as Tree);
      }
    }
    return new SiteTexts(trees, values);
  }

  private lookup(locale: Locale, ns: TextNamespace, key: string): unknown {
    for (const lang of [locale, DEFAULT_LOCALE]) {
      let node: unknown = this.trees.get(`${lang}/${ns}`);
      for (const part of key.split('.')) node = (node as Tree | undefined)?.[part];
      if (node !== undefined) return node;
    }
    return undefined;
  }

  /** A string with `{{site}}`, `{{count}}`, `{{email}}` and the given extra values filled in. */
  t(locale: Locale, ns: TextNamespace, key: string, extra: Record<string, string> = {}): string {
    const value = this.lookup(locale, ns, key);
    return typeof value === 'string' ? this.fill(value, extra) : '';
  }

  /** A list of objects of strings (FAQ items, steps), each string filled in. */
  list(locale: Locale, ns: TextNamespace, key: string): Record<string, string>[] {
    const value = this.lookup(locale, ns, key);
    if (!Array.isArray(value)) return [];
    return value.map((item: Tree) =>
      Object.fromEntries(Object.entries(item).map(([k, v]) => [k, this.fill(String(v))])),
    );
  }

  private fill(text: string, extra: Record<string, string> = {}): string {
    const all: Record<string, string> = {
      site: this.values.site,
      count: String(this.values.count),
      email: this.values.email,
      ...extra,
    };
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => all[name] ?? whole);
  }
}
