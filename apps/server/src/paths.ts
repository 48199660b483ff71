import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The server package's folder, found by walking up from this file, so the same code works from
 * src/ (tests) and from the bundled dist/main.js.
 */
export function serverRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'drizzle.config.ts'))) return (root = dir);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('server package root not found');
    dir = parent;
  }
}

export function migrationsDir(): string {
  return path.join(serverRoot(), 'drizzle');
}

export function defaultWebDistDir(): string {
  return path.resolve(serverRoot(), '../web/dist');
}

/** Blog articles and legal pages in Markdown (content/ at the repository's root). */
export function contentDir(): string {
  return path.resolve(serverRoot(), '../../content');
}
