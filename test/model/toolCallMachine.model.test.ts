// Model-based tests of the ToolCall machine: one `it` per path generated from
// `toolCallMachine` by xstate/graph, replayed on a real ToolCall actor (real registry, real
// validation, a tool released by a gate, CANCEL sent by hand, the grace timer on a fake clock).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, type StateValue } from 'xstate';
import { toolCallMachineFor, type toolCallMachine } from '../../machines/toolCall.machine.js';
import { ToolRegistry, type ToolResult } from '../../src/index.js';
import { deferred, flush, type Deferred } from '../helpers/deferred.js';
import { modelTools, toolReturn } from './runPayloads.js';
import { segmentInspector } from './segments.js';
import { generateToolCallPaths, policiesFor, toolCallEnvironment, toolCallInput, toolCallInputs, toolCallLimits, startRefusedResult, withoutReports, type ToolCallInputName, type ToolCallPath } from './toolCallModel.js';

interface Segment {
  eventType: string;
  value: StateValue;
  fired: string[];
}

async function replay(path: ToolCallPath): Promise<void> {
  let gate: Deferred<ToolResult | string> | undefined;
  let decision: Deferred<boolean> | undefined;
  let approval: Deferred<boolean> | undefined;
  const tools = new ToolRegistry(
    modelTools(
      () => (gate = deferred<ToolResult | string>()).promise,
      () => (decision = deferred<boolean>()).promise,
    ),
  );
  const approve = () => (approval = deferred<boolean>()).promise;
  const segments: Segment[] = [];
  const inspect = segmentInspector((end, fired) => {
    segments.push({ eventType: end.event.type, value: (end.snapshot as SnapshotFrom<typeof toolCallMachine>).value, fired });
  });
  let clock = 0;
  // Alone, a ToolCall has no Run to report approval to; the Run tests cover those reports.
  const machine = toolCallMachineFor(toolCallEnvironment(tools, () => ++clock, path.policy, approve)).provide(withoutReports);
  const actor = createActor(machine, { input: toolCallInput(path.input), inspect });
  try {
    for (const [index, { event, state }] of path.steps.entries()) {
      const { stimulus } = event;
      if (stimulus.kind === 'start') actor.start();
      if (stimulus.kind === 'cancel') actor.send({ type: 'CANCEL' });
      if (stimulus.kind === 'graceExpires') await vi.advanceTimersByTimeAsync(toolCallLimits.cancelGraceMs);
      if (stimulus.kind === 'decide') {
        await flush();
        if (stimulus.answer === 'throws') decision!.reject(new Error('unavailable'));
        else decision!.resolve(stimulus.answer);
      }
      if (stimulus.kind === 'approver') {
        await flush();
        if (stimulus.answer === 'throws') approval!.reject(new Error('unavailable'));
        else approval!.resolve(stimulus.answer);
      }
      if (stimulus.kind === 'startRecord') actor.send(stimulus.ok ? { type: 'tool.startRecorded' } : { type: 'tool.startRefused', result: startRefusedResult });
      if (stimulus.kind === 'resumed') actor.send({ type: 'run.resumed' });
      if (stimulus.kind === 'answerEvent') actor.send(stimulus.approved ? { type: 'APPROVE', callId: 'call-1' } : { type: 'DENY', callId: 'call-1', reason: 'no' });
      if (stimulus.kind === 'settle') {
        const returned = toolReturn(stimulus.outcome, 'call-1', toolCallLimits);
        if ('error' in returned) gate!.reject(returned.error);
        else gate!.resolve(returned.value);
      }
      await flush();
      const at = `step ${index} (${event.label})`;
      const segment = segments[index];
      expect(segment?.eventType, `${at}: event processed`).toBe(event.type);
      expect(segment?.value, `${at}: state`).toEqual(state.snapshot.value);
      expect(segment?.fired, `${at}: transitions taken`).toEqual(state.fired);
      expect(actor.getSnapshot().status, `${at}: status`).toBe(state.status);
    }
    const end = path.steps.at(-1)!.state;
    if (end.status === 'done') {
      const result = actor.getSnapshot().output!.result;
      expect(result).toEqual((end.output as { result: ToolResult }).result);
      // Independent of the machine: the final state agrees with the result (docs/design.md, "The ToolCall").
      expect(actor.getSnapshot().value === 'succeeded', 'succeeded exactly when the result is not an error').toBe(result.isError !== true);
    }
  } finally {
    actor.stop();
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ToolCall machine, model-based', () => {
  for (const input of Object.keys(toolCallInputs) as ToolCallInputName[]) {
    for (const policy of policiesFor(input)) {
      describe(`${input} call, approval policy ${policy}`, () => {
        for (const path of generateToolCallPaths(input, policy)) it(path.name, () => replay(path));
      });
    }
  }
});
