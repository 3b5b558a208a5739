// Model-based tests of the Run: one `it` per path generated from `runMachine` by
// xstate/graph, replayed against the real runtime and checked step by step, against the model
// and against the independent oracle (runPathCheck.ts).
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { generateRunPaths } from './runModel.js';
import { runPathSets } from './runPathSets.js';
import { checkRunPath } from './runPathCheck.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Run machine, model-based', () => {
  for (const set of runPathSets) {
    describe(set.name, () => {
      for (const path of generateRunPaths(set)) it(path.name, () => checkRunPath(path));
    });
  }
});
