import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core machines here that is
    // one file at a time. The files are independent (each has its own database and data dir).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'engines',
          root: './packages/engines',
          include: ['src/**/*.test.ts'],
          // Face detection, eSpeak NG and the image drawings run WebAssembly on the CPU: on two
          // busy cores one test can pass 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server-unit',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
        },
      },
      {
        test: {
          name: 'server-integration',
          // Each file builds its own apps and databases and stops them; what is worth sharing
          // between the files of a worker is the module graph and PGlite's compiled WebAssembly
          // (a minute of the suite on two cores). test/helpers.ts keeps a migrated template.
          isolate: false,
          root: './apps/server',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
