// Mutation testing (`npm run mutation`, not part of `npm test`): plants small bugs in a core
// subset and reports how many the tests catch. The report: .tmp/mutation/index.html.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts' },
  // A bounded subset, so a run finishes in minutes on two cores: call handling, session
  // repair, batch progress, the Run's output and usage, and the ToolCall machine.
  mutate: [
    'src/tools/calls/**/*.ts',
    'src/tools/cancelledResults.ts',
    'src/session/repairSession.ts',
    'machines/run/batch*.ts',
    'machines/run/runOutput.ts',
    'machines/toolCall.machine.ts',
  ],
  // The tests of the core; the provider, example, crash and lint tests cover none of it.
  testFiles: ['test/tools/**', 'test/session/**', 'test/run/**', 'test/model/**', 'test/property/**', 'test/agent/**'],
  coverageAnalysis: 'perTest',
  // Mutants in code that runs once at import (the machines' configs) would each need the
  // whole suite in a fresh environment: hours. They are reported as ignored.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.tmp/mutation/index.html' },
  jsonReporter: { fileName: '.tmp/mutation/report.json' },
  tempDirName: '.tmp/stryker',
  ignorePatterns: ['.tmp', 'dist', 'coverage', '.ci', 'bench'],
  cleanTempDir: true,
};
