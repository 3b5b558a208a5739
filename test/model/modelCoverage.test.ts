// The generated suites must exercise both machines completely: every state and every transition
// in the definitions (each guarded candidate of on/always/after/onDone/onError) is taken by at
// least one generated path. A transition added without a path that takes it turns this red.
// The paths also contain the scenarios the Run must cover (limits, cancels, batch kinds, codes), checked here by what they do.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { runMachine } from '../../machines/run.machine.js';
import { toolCallMachine } from '../../machines/toolCall.machine.js';
import { ToolErrorCode } from '../../src/index.js';
import { allStateNodes, allTransitions, valueName } from './machineGraph.js';
import type { ModelState } from './pureMachineLogic.js';
import { generateRunPaths, resolvedLimits, type RunPath } from './runModel.js';
import { runPathSets } from './runPathSets.js';
import { generateToolCallPaths, toolCallSetups } from './toolCallModel.js';

const runPaths = runPathSets.flatMap((set) => generateRunPaths(set));
const toolCallPaths = toolCallSetups().flatMap((setup) => generateToolCallPaths(setup));

/** What a path's steps record: the state nodes they pass through and the transitions they take. */
type Recorded = Pick<ModelState<AnyMachineSnapshot>, 'visited' | 'fired'>;

function expectFullCoverage(machine: AnyStateMachine, paths: readonly { steps: readonly { state: Recorded }[] }[]) {
  const steps = paths.flatMap((path) => path.steps.map((step) => step.state));
  const states = new Set(steps.flatMap((state) => state.visited));
  const transitions = new Set(steps.flatMap((state) => state.fired));
  const uncoveredStates = allStateNodes(machine).map((node) => node.id).filter((id) => !states.has(id));
  const uncoveredTransitions = allTransitions(machine).filter((id) => !transitions.has(id));
  expect(uncoveredStates, 'states no generated path visits').toEqual([]);
  expect(uncoveredTransitions, 'transitions no generated path takes').toEqual([]);
}

describe('coverage of the machine definitions by the generated paths', () => {
  it(`runMachine: ${allStateNodes(runMachine).length} states and ${allTransitions(runMachine).length} transitions, by ${runPaths.length} paths`, () => {
    expectFullCoverage(runMachine, runPaths);
  });

  it(`toolCallMachine: ${allStateNodes(toolCallMachine).length} states and ${allTransitions(toolCallMachine).length} transitions, by ${toolCallPaths.length} paths`, () => {
    expectFullCoverage(toolCallMachine, toolCallPaths);
  });
});

const steps = (path: RunPath) => path.steps.slice(1).map((step, index) => ({ ...step, before: path.steps[index]!.state }));
const emittedTypes = (events: readonly AnyEventObject[], type: string) => events.filter((event) => event.type === type);

describe('the scenarios the Run must cover are among the generated Run paths', () => {
  const restingStates = [
    'recordingInput',
    'awaitingProvider',
    'executingBatch.recordingCalls',
    'executingBatch.runningSerially',
    'executingBatch.runningConcurrently',
    'executingBatch.cancelling',
    'appendingResults.persistingResults',
    'appendingResults.persistingEnd',
  ];
  it.each(restingStates)('CANCEL while the Run is in %s', (value) => {
    const cancelled = runPaths.some((path) => steps(path).some(({ event, before }) => event.type === 'CANCEL' && valueName(before.snapshot.value) === value));
    expect(cancelled).toBe(true);
  });

  it.each(restingStates)('a restore from the JSON snapshot while the Run is in %s', (value) => {
    const restored = runPaths.some((path) => steps(path).some(({ event, before }) => event.type === 'run.resumed' && valueName(before.snapshot.value) === value));
    expect(restored).toBe(true);
  });

  it("a restore from the JSON snapshot while a durable session records the Run's end", () => {
    const restored = runPaths.some((path) => steps(path).some(({ event, before }) => event.type === 'run.resumed' && valueName(before.snapshot.value) === 'closing'));
    expect(restored).toBe(true);
  });

  it('a Run resumed from its session inside a batch (a call interrupted or run) and with its answer stored', () => {
    const resumedEnds = new Set(runPaths.filter((path) => path.set.resume !== undefined && path.steps.at(-1)!.state.snapshot.value === 'done').map((path) => path.set.resume));
    expect(resumedEnds).toEqual(new Set(['serial batch', 'interrupted call', 'concurrent batch', 'answered']));
  });

  it('a signal aborted before the start, with and without a session', () => {
    const aborted = runPaths.filter((path) => path.set.aborted && path.steps.at(-1)!.state.snapshot.value === 'cancelled');
    expect(new Set(aborted.map((path) => path.set.session === true))).toEqual(new Set([true, false]));
  });

  it.each([0, 1, 3])('the iteration limit reached at %i', (limit) => {
    const reached = runPaths.filter((path) => resolvedLimits(path.set).maxIterations === limit && path.steps.at(-1)!.state.snapshot.value === 'limitReached');
    expect(reached.length).toBeGreaterThan(0);
    for (const path of reached) expect(path.steps.at(-1)!.state.snapshot.context.iterations).toBe(limit);
  });

  it('a fully safe batch whose calls start together, and a mixed batch that starts them one at a time', () => {
    const started = (reply: string) =>
      runPaths
        .filter((path) => resolvedLimits(path.set).maxConcurrency >= 2)
        .flatMap((path) => steps(path).filter(({ event, state }) => event.label === `provider → ${reply}` && valueName(state.snapshot.value).startsWith('executingBatch.running')))
        .map(({ state }) => emittedTypes(state.emitted, 'tool.started').length);
    expect(new Set(started('concurrent'))).toEqual(new Set([2]));
    expect(new Set(started('mixed'))).toEqual(new Set([1]));
  });

  it('provider failures end the Run failed with provider_error', () => {
    const failures = runPaths.filter((path) => path.steps.at(-1)!.state.snapshot.context.outcome?.error?.code === 'provider_error');
    const labels = new Set(failures.map((path) => path.steps.find((step) => step.event.type === 'provider.failed')?.event.label));
    expect(labels).toEqual(new Set(['provider throws', 'provider malformed']));
  });

  it('budgets end the Run at the limit: before the first request, after a response, before a later request', () => {
    const budgetEnds = runPaths.filter((path) => path.steps.at(-1)!.state.snapshot.context.outcome?.error?.code === 'budget_exceeded');
    const where = new Set(
      budgetEnds.map((path) => {
        const requests = emittedTypes(path.steps.at(-1)!.state.history, 'provider.requested').length;
        const refused = emittedTypes(path.steps.at(-1)!.state.history, 'tool.failed').some((event) => event.code === 'budget_exceeded');
        return requests === 0 ? 'before the first request' : refused ? 'after a response' : 'before a later request';
      }),
    );
    expect(where).toEqual(new Set(['before the first request', 'after a response', 'before a later request']));
  });

  it('typed output: answers taken in the loop and in the last turn, output_invalid and output_missing', () => {
    const ends = new Set(
      runPaths
        .filter((path) => path.set.output !== undefined && path.steps.at(-1)!.state.status === 'done')
        .map((path) => {
          const { value, context } = path.steps.at(-1)!.state.snapshot;
          const lastTurn = path.steps.some((step) => valueName(step.state.snapshot.value) === 'requestingFinalAnswer');
          return `${String(value)} ${context.outcome?.error?.code ?? (lastTurn ? 'from the last turn' : 'in the loop')}`;
        }),
    );
    for (const end of ['done in the loop', 'done from the last turn', 'failed output_invalid', 'failed output_missing']) expect(ends).toContain(end);
  });

  it('every error code a call can get in a Run, and a truncated result', () => {
    const events = runPaths.flatMap((path) => path.steps.at(-1)!.state.history);
    const codes = new Set(emittedTypes(events, 'tool.failed').map((event) => event.code as string));
    // Every code the runtime gives (a restore gives `interrupted`) but `denied`, which needs an approver,
    // and `hook_failed`, the afterToolCall hook's, explored by the ToolCall model (the modelled Runs have no hooks);
    // agentTool's own codes are its results, not the Run's.
    const notInModelledRuns: string[] = [ToolErrorCode.denied, ToolErrorCode.hookFailed, ToolErrorCode.agentDepthLimit, ToolErrorCode.agentConcurrencyLimit, ToolErrorCode.agentFailed];
    const runCodes = Object.values(ToolErrorCode).filter((code) => !notInModelledRuns.includes(code));
    for (const code of runCodes) expect(codes, code).toContain(code);
    const truncated = events.some((event) => (event.result as { truncated?: boolean } | undefined)?.truncated === true);
    expect(truncated).toBe(true);
  });
});
