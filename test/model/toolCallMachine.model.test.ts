// Model-based tests of the ToolCall machine: one `it` per path generated from
// `toolCallMachine` by xstate/graph, replayed on a real ToolCall actor (toolCallReplay.ts).
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { generateToolCallPaths, toolCallSetups } from './toolCallModel.js';
import { replay } from './toolCallReplay.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ToolCall machine, model-based', () => {
  for (const setup of toolCallSetups()) {
    describe(`${setup.input} call, approval policy ${setup.policy}${setup.hooked ? ', with hooks' : ''}`, () => {
      for (const path of generateToolCallPaths(setup)) it(path.name, () => replay(path));
    });
  }
});
