import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Pages import the contract's limits and lists, not its schemas: a module that builds zod
 * schemas keeps them (and zod, 21 KB compressed) in every page that imports any of its
 * constants, since a schema's construction is a call the bundler must assume has effects. So
 * the constants live in modules without zod, and the schemas in api/ and app-config.ts.
 */
const SCHEMA_MODULES = new Set(['app-config.ts']);

describe('contract modules', () => {
  const dir = import.meta.dirname;
  const modules = fs
    .readdirSync(dir)
    .filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts' && !SCHEMA_MODULES.has(f),
    );

  it('keep the constants pages import apart from zod', () => {
    expect(modules.length).toBeGreaterThan(10);
    for (const file of modules) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/from ['"]zod['"]|from ['"]\.\/api\//);
    }
  });

  it('leave no constant in a schema module that is also a page constant', () => {
    // The constants pages use (CHAT_LIMITS, REPORT_REASONS, PAY_METHODS...) are defined once, outside api/.
    const files = fs.readdirSync(path.join(dir, 'api'), { withFileTypes: true }).filter((f) => f.isFile());
    for (const { name: file } of files) {
      const source = fs.readFileSync(path.join(dir, 'api', file), 'utf8');
      for (const name of [
        'CHAT_LIMITS',
        'REPORT_REASONS',
        'REPORT_LIMITS',
        'PAY_METHODS',
        'EMAIL_CODE',
        'USER_NAME_MAX',
        'SAFETY_VERDICTS',
      ])
        expect(source, `${file} defines ${name}`).not.toMatch(new RegExp(`export const ${name}\\b`));
    }
  });

  it('give the pages each route group without a schema: no import at all', () => {
    // '@lumi/contract/api-routes/<group>' is all a page loads of the endpoint table.
    const groups = fs.readdirSync(path.join(dir, 'api', 'routes')).filter((f) => f !== 'index.ts');
    expect(groups.length).toBeGreaterThan(5);
    for (const file of groups) {
      const source = fs.readFileSync(path.join(dir, 'api', 'routes', file), 'utf8');
      expect(source, file).not.toMatch(/^\s*import\s/m);
      expect(source, file).toMatch(/^export const \w+ = \{ method: '(GET|POST)', path: '\/cgi-bin\//m);
    }
  });
});
