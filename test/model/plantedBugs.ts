// Bugs planted in the Run machine, each by XState's own seams (a guard or an action provided
// in place of the real one, or a transition taken out of the definition), for
// plantedBugs.test.ts: the model-based suite must catch each of them on its own. They are the
// bugs a thin oracle once let through every generated path.
import { createMachine, type AnyMachineSnapshot } from 'xstate';
import type { RunMachine } from '../../machines/run.machine.js';
import type { RunContext } from '../../machines/run/runContext.js';
import type { MachineChange } from './runModel.js';

export interface PlantedBug {
  name: string;
  plant: MachineChange;
  /** The path sets whose paths reach the planted code (the others cannot catch it). */
  sets: readonly string[];
}

type Config = { states?: Record<string, Config>; on?: Record<string, unknown> } & Record<string, unknown>;

/** The machine without the `eventType` transition of the state at `path`. */
function withoutTransition(machine: RunMachine, path: readonly string[], eventType: string): RunMachine {
  const strip = (config: Config, [key, ...rest]: readonly string[]): Config => {
    if (key === undefined) {
      const on = { ...config.on };
      delete on[eventType];
      return { ...config, on };
    }
    return { ...config, states: { ...config.states, [key]: strip(config.states![key]!, rest) } };
  };
  return createMachine(strip(machine.config as unknown as Config, path) as never, machine.implementations as never) as unknown as RunMachine;
}

const guard = (check: (context: RunContext) => boolean) => ({ context }: { context: AnyMachineSnapshot['context'] }) => check(context as RunContext);

export const plantedBugs: readonly PlantedBug[] = [
  {
    name: 'the iteration limit checked with > instead of >=',
    plant: (machine) => machine.provide({ guards: { iterationLimitReached: guard((context) => context.iterations > context.limits.maxIterations) } }),
    sets: ['limit 0', 'in memory'],
  },
  {
    name: 'a response refused as incomplete not counted as an iteration',
    plant: (machine) => machine.provide({ actions: { countIteration: () => {} } }),
    sets: ['in memory'],
  },
  {
    name: 'serial batches run concurrently',
    plant: (machine) => machine.provide({ guards: { batchIsSerial: () => false, batchIsConcurrent: () => true } }),
    sets: ['in memory'],
  },
  {
    name: 'a budget used up before a request not checked',
    plant: (machine) => machine.provide({ guards: { budgetExhausted: () => false } }),
    sets: ['budget: tokens used up', 'budget: nothing to spend'],
  },
  {
    name: 'maxToolCalls checked against the calls run so far only',
    plant: (machine) => machine.provide({ guards: { responseOverBudget: guard((context) => context.spent.toolCalls > (context.limits.maxToolCalls ?? Infinity)) } }),
    sets: ['budget: tool calls'],
  },
  {
    name: 'the last turn skipped: the iteration limit ends a Run with output in the loop',
    plant: (machine) => machine.provide({ guards: { finalTurnDue: () => false } }),
    sets: ['output'],
  },
  {
    name: 'one refused answer more than maxOutputRetries allows',
    plant: (machine) => machine.provide({ guards: { outputRetriesExhausted: guard((context) => context.answer !== undefined && context.messages.filter((m) => m.role === 'tool' && m.isError).length > context.answer.maxRetries + 1) } }),
    sets: ['output, with a session'],
  },
  {
    name: "a CANCEL ignored while a batch's results are written",
    plant: (machine) => withoutTransition(machine, ['appendingResults'], 'CANCEL'),
    sets: ['with a session'],
  },
];
