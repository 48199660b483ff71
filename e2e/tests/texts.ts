import fs from 'node:fs';
import path from 'node:path';

const localesDir = path.resolve(import.meta.dirname, '../../packages/contract/locales');

/** A namespace of the site's texts as its file holds them: nested keys. */
export type Tree = { [key: string]: string | Tree };

/**
 * A locale's namespace (`characters`, `create`, ...), read from the locale files themselves, not
 * through the site: a test then fails when the page shows another text than the file's.
 */
export const ns = (locale: string, name: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${name}.json`), 'utf8')) as Tree;

/** The text at a dotted key (`actions.continue`); throws where there is none. */
export const text = (tree: Tree, key: string): string => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text at ${key}`);
  return node;
};
