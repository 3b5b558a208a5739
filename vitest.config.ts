import { defineConfig } from 'vitest/config';

// Few files need a module registry of their own: one mocks `xstate` with vi.mock, and each
// DBOS test launches DBOS, a process-wide singleton (a fresh process per file). Every other
// file shares its worker's registry (isolate: false), which saves starting a fresh module
// graph per file, most of the suite's time.
const needsIsolation = ['test/inspection/inspectOption.test.ts', 'test/dbos/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: needsIsolation, isolate: false },
      },
      {
        extends: true,
        test: { name: 'isolated', include: needsIsolation, isolate: true },
      },
    ],
  },
});
