// Everything a driven Run must satisfy, whatever the Scenario: the session and event
// invariants (docs/design.md, "Invariants"), the status "The Run" gives the script, each call's
// result ("One call"), the output limit, concurrency gating, and that nothing runs after a cancel.
import { expect } from 'vitest';
import type { AssistantMessage, Message, ToolMessage } from '../../src/index.js';
import { expectEventInvariant, expectSessionInvariant } from '../helpers/invariants.js';
import type { DrivenRun } from './driveScenario.js';
import { expectedWithoutCancel, ownResult, rejectionCode, runsConcurrently, type ExpectedResult, type ResponseFate } from './expectedRun.js';
import type { PlannedCall, PlannedResponse, Scenario } from './scenario.js';
import { toolCallOf } from './scenarioWorld.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function expectContractHolds(scenario: Scenario, run: DrivenRun): void {
  const { output, events, world } = run;
  expect(world.problems, 'seen by the tools and the stream').toEqual([]);
  expectSessionInvariant(output.messages);
  expectEventInvariant(events, output.messages);
  expect(run.eventsAfterEnd, 'events after the terminal one').toBe(0);
  expect(run.stored, 'the stored session').toEqual([...run.history, ...output.messages]);
  expect(output.messages[0]).toEqual({ role: 'user', content: 'go' });
  if (world.provider.calls > 0) expect(world.provider.requests[0]!.messages).toEqual([...run.history, output.messages[0]]);

  const fates = expectStatus(scenario, run);
  expectResponsesAppended(scenario, output.messages, fates);
  expectCallResults(scenario, run, fates);
}

/** Checks status, error, iterations and terminal event; returns the fates of the appended responses. */
function expectStatus(scenario: Scenario, run: DrivenRun): ResponseFate[] {
  const { output, events, world } = run;
  const expected = expectedWithoutCancel(scenario);
  const terminal = events.at(-1)!;
  expect(output.iterations).toBeLessThanOrEqual(scenario.limits.maxIterations);
  // A cancel that arrives while the Run writes its last messages finds the outcome decided: it stands.
  // Only a failure already decided stands against a cancel that arrives during the last write.
  const decidedBeforeCancel = run.cancelledDuringWrite && run.providerCallsAtCancel === expected.providerCalls && expected.status === 'failed';
  if (run.cancelledAtEvent !== undefined && !decidedBeforeCancel) {
    expect(output.status).toBe('cancelled');
    expect(output.error?.code).toBe('cancelled');
    expect(terminal.type).toBe('run.cancelled');
    if (scenario.cancel.at === 'beforeStart') {
      expect(world.provider.calls).toBe(0);
      expect(events.map((event) => event.type)).toEqual(['run.started', 'run.cancelled']);
    }
    if (scenario.cancel.at === 'providerRequest') expect(world.providerSignals[scenario.cancel.request]?.aborted).toBe(true);
    return expected.fates;
  }
  expect({ status: output.status, code: output.error?.code, iterations: output.iterations, providerCalls: world.provider.calls }).toEqual({
    status: expected.status,
    code: expected.errorCode,
    iterations: expected.iterations,
    providerCalls: expected.providerCalls,
  });
  if (output.status === 'completed') {
    expect(terminal.type).toBe('run.completed');
    expect(output.text).toBe(expected.text);
    const last = output.messages.at(-1) as AssistantMessage;
    expect(last.role === 'assistant' && last.toolCalls === undefined, 'completed only after an answer without calls').toBe(true);
  } else {
    expect(terminal).toMatchObject({ type: 'run.failed', error: { code: expected.errorCode } });
  }
  expect(output.messages.filter((message) => message.role === 'assistant')).toHaveLength(expected.fates.length);
  return expected.fates;
}

function assistantOf(response: PlannedResponse): AssistantMessage {
  if (response.kind === 'answer') return { role: 'assistant', content: response.text };
  if (response.kind === 'toolCalls') return { role: 'assistant', content: response.text, toolCalls: response.calls.map(toolCallOf) };
  throw new Error(`a ${response.kind} response is never appended`);
}

/** The assistant messages are the script's first responses, as sent; nothing half-built. */
function expectResponsesAppended(scenario: Scenario, messages: readonly Message[], fates: readonly ResponseFate[]): void {
  const assistants = messages.filter((message) => message.role === 'assistant');
  expect(assistants.length).toBeLessThanOrEqual(fates.length);
  expect(assistants).toEqual(scenario.responses.slice(0, assistants.length).map(assistantOf));
}

function expectCallResults(scenario: Scenario, run: DrivenRun, fates: readonly ResponseFate[]): void {
  const messages = run.output.messages;
  const results = new Map(messages.flatMap((message) => (message.role === 'tool' ? [[message.toolCallId, message] as const] : [])));
  const appended = messages.filter((message) => message.role === 'assistant').length;
  let iterationsBefore = 0;
  scenario.responses.slice(0, appended).forEach((response, index) => {
    const fate = fates[index]!;
    if (response.kind !== 'toolCalls') return;
    // A refused response names the iteration it would have been.
    const iteration = iterationsBefore + 1;
    if (fate !== 'overLimit') iterationsBefore = iteration;
    for (const call of response.calls) expectCallResult(scenario, run, call, fate, iteration, results.get(call.id)!);
    if (fate === 'batch') expectGated(scenario, run, response.calls, iteration);
  });
}

// Below this limit a cut result may no longer hold the words checked by `says`.
const ROOM_FOR_WORDING = 1000;

function expectCallResult(scenario: Scenario, run: DrivenRun, call: PlannedCall, fate: ResponseFate, iteration: number, result: ToolMessage): void {
  const { maxOutputChars } = scenario.limits;
  const label = `result of ${call.id}`;
  const started = run.events.findIndex((event) => event.type === 'tool.started' && event.callId === call.id);
  const settled = run.events.find((event) => (event.type === 'tool.completed' || event.type === 'tool.failed') && event.callId === call.id);
  expect(run.events[started], label).toMatchObject({ iteration, arguments: toolCallOf(call).arguments, toolName: call.tool });
  expect(settled, label).toMatchObject({ type: result.isError ? 'tool.failed' : 'tool.completed', result: { content: result.content } });
  if (settled?.type === 'tool.failed') expect(settled.code, label).toBe(result.code);
  expect(LONE_SURROGATE.test(result.content), `${label} splits a surrogate pair`).toBe(false);

  const expected = expectedResult(scenario, run, call, fate, started);
  expect({ code: result.code, isError: result.isError }, label).toEqual({ code: expected.code, isError: expected.code !== undefined });
  expect(result.content.length, label).toBeLessThanOrEqual(maxOutputChars);
  if (expected.says !== undefined && maxOutputChars >= ROOM_FOR_WORDING) expect(result.content, label).toContain(expected.says);
  if (expected.uncutContent === undefined) return;
  if (expected.uncutContent.length <= maxOutputChars) {
    expect(result.content, label).toBe(expected.uncutContent);
    expect(result.truncated, label).toBeUndefined();
  } else {
    expect(result.truncated, label).toBe(true);
  }
}

function expectedResult(scenario: Scenario, run: DrivenRun, call: PlannedCall, fate: ResponseFate, started: number): ExpectedResult {
  const execution = run.world.executions.get(call.id);
  const startedAfterCancel = run.cancelledAtEvent !== undefined && started >= run.cancelledAtEvent;
  if (fate !== 'batch' || startedAfterCancel || rejectionCode(call) !== undefined) {
    expect(execution, `${call.id} must not execute`).toBeUndefined();
  }
  if (fate === 'overLimit') return { code: 'tool_iteration_limit', refused: true };
  if (fate === 'incomplete') return { code: 'incomplete_tool_call', refused: true };
  // Reached by the Run only after the cancel: refused, never run.
  if (startedAfterCancel) return { code: 'cancelled', refused: true, says: 'before this call started' };
  const rejection = rejectionCode(call);
  if (rejection !== undefined) return { code: rejection };
  expect(execution, `${call.id} was started before any cancel, so it must execute`).toBeDefined();
  if (execution!.settled === 'before') return ownResult(call.outcome, scenario.limits.maxOutputChars);
  // Cancelled while running: the result says honestly whether the tool stopped or was abandoned.
  return { code: 'cancelled', says: call.onAbort === 'finishesAfterGrace' ? 'outcome is unknown' : 'stopped after the abort' };
}

/** Calls start in call order, and no more run at once than the batch allows (docs/design.md, "The Run"). */
function expectGated(scenario: Scenario, run: DrivenRun, calls: readonly PlannedCall[], iteration: number): void {
  const executed = [...run.world.executions.values()].filter((execution) => execution.iteration === iteration);
  const inStartOrder = executed.sort((a, b) => a.order - b.order).map((execution) => execution.callId);
  expect(inStartOrder, `start order of batch ${iteration}`).toEqual(calls.map((call) => call.id).filter((id) => inStartOrder.includes(id)));
  const capacity = runsConcurrently(calls, scenario) ? scenario.limits.maxConcurrency : 1;
  expect(run.world.maxRunning.get(iteration) ?? 0, `calls of batch ${iteration} running at once`).toBeLessThanOrEqual(capacity);
}
