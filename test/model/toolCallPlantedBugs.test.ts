// Bugs planted in the ToolCall machine's hook and rule states, each by XState's own seam (a
// guard provided in place of the real one): the model-based suite must catch each of them on its
// own. The model comes from the same planted machine, so only the oracle (toolCallOracle.ts) can.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateToolCallPaths, toolCallSetups, type ToolCallMachineChange } from './toolCallModel.js';
import { replay, TOOL_CALL_ORACLE } from './toolCallReplay.js';

const bugs: readonly { name: string; plant: ToolCallMachineChange }[] = [
  {
    name: "the hook's allow skips a deny rule",
    plant: (machine) => machine.provide({ guards: { ruleDenies: ({ context }) => context.hookDecision !== 'allow' && context.permission?.decision === 'deny' } }),
  },
  {
    name: 'an allow rule does not skip needsApproval',
    plant: (machine) => machine.provide({ guards: { ruleAllows: () => false } }),
  },
  {
    name: 'arguments rewritten into invalid ones are not refused',
    plant: (machine) =>
      machine.provide({ guards: { hookArgumentsRejected: () => false, hookPassesOn: (_, params: { outcome: { decision: string } }) => params.outcome.decision !== 'deny' } }),
  },
  {
    name: "the hook's ask is ignored",
    plant: (machine) => machine.provide({ guards: { hookAsks: () => false } }),
  },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function firstFinding(plant: ToolCallMachineChange): Promise<string | undefined> {
  for (const setup of toolCallSetups()) {
    for (const path of generateToolCallPaths(setup, plant)) {
      try {
        await replay(path, plant);
      } catch (error) {
        const message = String((error as Error).message);
        if (message.startsWith(TOOL_CALL_ORACLE)) return `${path.name}: ${message.split('\n')[0]}`;
        throw error;
      }
    }
  }
  return undefined;
}

describe('the ToolCall model-based suite catches each planted bug on its own', () => {
  it.each(bugs.map((bug) => [bug.name, bug] as const))('%s', async (_, bug) => {
    expect(await firstFinding(bug.plant)).toBeDefined();
  });
});
