// Replays a path of the ToolCall model on a real ToolCall actor (real registry, real
// validation, real permission rules, a tool and hooks released by gates, CANCEL sent by hand, the
// grace and hook timers on a fake clock: the caller fakes setTimeout), and judges it by an oracle
// of its own (toolCallOracle.ts).
import { expect, vi } from 'vitest';
import { createActor, type SnapshotFrom, type StateValue } from 'xstate';
import { toolCallMachineFor, type toolCallMachine } from '../../machines/toolCall.machine.js';
import type { AgentHooks, ToolResult } from '../../src/index.js';
import { deferred, flush, type Deferred } from '../helpers/deferred.js';
import { toolReturn } from './runPayloads.js';
import { segmentInspector } from './segments.js';
import { toolCallExpectations } from './toolCallOracle.js';
import {
  afterHookAnswers,
  beforeHookAnswers,
  toolCallEnvironment,
  toolCallHookTimeoutMs,
  toolCallInput,
  toolCallLimits,
  toolCallTools,
  withoutReports,
  startRefusedResult,
  type ToolCallMachineChange,
  type ToolCallPath,
} from './toolCallModel.js';

/** The prefix of the oracle's assertion messages. */
export const TOOL_CALL_ORACLE = 'ToolCall oracle:';

interface Segment {
  eventType: string;
  value: StateValue;
  fired: string[];
}

/** Replays `path` on a real ToolCall actor of the (possibly changed) machine; the oracle's findings start with TOOL_CALL_ORACLE. */
export async function replay(path: ToolCallPath, change: ToolCallMachineChange = (machine) => machine): Promise<void> {
  let gate: Deferred<ToolResult | string> | undefined;
  let decision: Deferred<boolean> | undefined;
  let approval: Deferred<boolean> | undefined;
  let before: Deferred<unknown> | undefined;
  let after: Deferred<unknown> | undefined;
  let executed = false;
  const tools = toolCallTools(
    () => {
      executed = true;
      return (gate = deferred<ToolResult | string>()).promise;
    },
    () => (decision = deferred<boolean>()).promise,
  );
  const approve = () => (approval = deferred<boolean>()).promise;
  const hooks: AgentHooks | undefined = path.hooked
    ? { beforeToolCall: () => (before = deferred<unknown>()).promise as never, afterToolCall: () => (after = deferred<unknown>()).promise as never }
    : undefined;
  const segments: Segment[] = [];
  const inspect = segmentInspector((end, fired) => {
    segments.push({ eventType: end.event.type, value: (end.snapshot as SnapshotFrom<typeof toolCallMachine>).value, fired });
  });
  let clock = 0;
  // Alone, a ToolCall has no Run to report approval to; the Run tests cover those reports.
  const machine = change(toolCallMachineFor(toolCallEnvironment(tools, () => ++clock, path.policy, approve, hooks))).provide(withoutReports);
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
      if (stimulus.kind === 'beforeHook' || stimulus.kind === 'afterHook') {
        await flush();
        const hook = stimulus.kind === 'beforeHook' ? before! : after!;
        const answer = stimulus.kind === 'beforeHook' ? beforeHookAnswers[stimulus.answer] : afterHookAnswers[stimulus.answer];
        if (answer === 'throws') hook.reject(new Error('unavailable'));
        else hook.resolve(answer === undefined ? undefined : structuredClone(answer));
      }
      if (stimulus.kind === 'hookTimeout') await vi.advanceTimersByTimeAsync(toolCallHookTimeoutMs);
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
    // Independent of the machine: the tool ran only where the rules, hooks and answers let it.
    const expected = toolCallExpectations(path);
    const asked = path.steps.some(({ event }) => event.stimulus.kind === 'approver' || event.stimulus.kind === 'answerEvent');
    if (asked) expect(expected.needsApproval, `${TOOL_CALL_ORACLE} an approval was asked for a call nothing asks about`).toBe(true);
    if (executed) expect(expected.mayRun, `${TOOL_CALL_ORACLE} the tool ran, but the order of hooks, rules and approval refuses it`).toBe(true);
    const end = path.steps.at(-1)!.state;
    if (end.status === 'done') {
      expect(actor.getSnapshot().output!.result.code ?? 'ok', `${TOOL_CALL_ORACLE} the result code the stimuli decide`).toBe(expected.code);
      const result = actor.getSnapshot().output!.result;
      expect(result).toEqual((end.output as { result: ToolResult }).result);
      // Independent of the machine: the final state agrees with the result (docs/design.md, "The ToolCall").
      expect(actor.getSnapshot().value === 'succeeded', 'succeeded exactly when the result is not an error').toBe(result.isError !== true);
    }
  } finally {
    actor.stop();
  }
}

