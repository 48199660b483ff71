import fs from 'node:fs';
import path from 'node:path';

/**
 * The locale files as the tests read them: one folder per locale, one JSON file per namespace, in
 * the contract (the server formats the same strings); the app imports them as `@/locales/…`.
 */
export const localesDir = path.resolve(import.meta.dirname, '../../../../packages/contract/locales');

/** Namespace file names (`common.json`, …), as English has them. */
export const namespaceFiles = fs.readdirSync(path.join(localesDir, 'en')).filter((f) => f.endsWith('.json'));

export type Tree = { [key: string]: string | Tree };

/** Nested keys as dotted paths. */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** One locale's namespace file (`common.json`), flattened. */
export const loadLocaleFile = (locale: string, file: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(localesDir, locale, file), 'utf8')) as Tree);
