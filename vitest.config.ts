import { defineConfig } from 'vitest/config';

// Only one file needs a module registry of its own: it mocks `xstate` with vi.mock. Every
// other file shares its worker's registry (isolate: false), which saves starting a fresh
// module graph per file, most of the suite's time.
const needsIsolation = ['test/inspection/inspectOption.test.ts'];

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
