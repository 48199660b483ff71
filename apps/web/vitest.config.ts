import path from 'node:path';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: [
      {
        find: /^@\/locales\//,
        replacement: `${path.resolve(import.meta.dirname, '../../packages/contract/locales')}/`,
      },
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
    ],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
    environment: 'jsdom',
  },
});
