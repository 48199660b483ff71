// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data-*/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through the config module.' },
      ],
    },
  },
  {
    // The config module is the one place that reads the environment; tests and tools may too.
    files: [
      'apps/server/src/config.ts',
      '**/*.test.ts',
      '**/test/**',
      'e2e/**',
      'bench/**',
      '**/*.config.ts',
      '**/*.mjs',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Repositories own the SQL (issue 20): services call them and never build a query. Besides
    // the repositories, drizzle-orm is for the database layer itself (apps/server/src/db: the
    // client, the schema, the migrations' runner), the seed scripts that write the catalogue
    // and the synthetic data in bulk, and the tests that set up or inspect rows.
    files: ['apps/server/**/*.ts', 'packages/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/seed/**',
      'apps/server/test/**',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              message:
                'Queries live in the *.repository.ts files (or apps/server/src/db); services call them. Seed scripts and tests may use drizzle-orm.',
            },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*'],
              message:
                'Queries live in the *.repository.ts files (or apps/server/src/db); services call them. Seed scripts and tests may use drizzle-orm.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Features don't import each other (STYLE.md); the app layer composes them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*'], message: 'Features must not import each other.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared code must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
