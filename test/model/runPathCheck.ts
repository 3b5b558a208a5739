// Replays one generated Run path against the real runtime and checks it: at every step the Run
// actor must process the event the model predicts, take the same transitions, reach the same
// state, publish the same events and keep the session invariant; and the independent oracle
// (runOracle.ts, expectedEnd.ts) must find nothing the contract forbids, at every prefix and at the end.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { Message, RunEvent } from '../../src/index.js';
import { expectEventInvariant, expectSessionInvariant } from '../helpers/invariants.js';
import { expectedEnd } from './expectedEnd.js';
import { oracleViolations } from './runOracle.js';
import type { MachineChange, RunPath } from './runModel.js';
import { RunReplay } from './runReplay.js';

/** What an oracle finding's message starts with (plantedBugs.test.ts tells them from other failures). */
export const ORACLE = 'oracle';

/** The fields of an event a model step predicts: type, call, code, truncation, how the Run ended. */
function signature(event: AnyEventObject): string {
  const e = event as Partial<RunEvent> & AnyEventObject;
  const parts: unknown[] = [e.type];
  if ('callId' in e) parts.push(e.callId);
  if ('code' in e) parts.push(e.code);
  if ('result' in e && (e.result as { truncated?: boolean }).truncated) parts.push('truncated');
  if ('output' in e) parts.push((e.output as { status: string }).status, (e.output as { error?: { code: string } }).error?.code);
  return parts.filter((part) => part !== undefined).join(' ');
}

/** A message without its wording: who, which calls, which result codes. */
function shape(message: Message): string {
  if (message.role === 'assistant') return `assistant${message.toolCalls ? ` [${message.toolCalls.map((c) => c.id).join(', ')}]` : ''}`;
  if (message.role === 'tool') return `tool ${message.toolCallId} ${message.code ?? 'ok'}${message.truncated ? ' truncated' : ''}`;
  return message.role;
}

/** Mid-batch the assistant message is recorded and its results are not yet: the invariant holds before it. */
function expectInvariantSoFar(messages: readonly Message[], value: unknown): void {
  const inBatch = typeof value === 'object' && value !== null && 'executingBatch' in value;
  if (!inBatch) return expectSessionInvariant(messages);
  const last = messages.at(-1);
  expect(last?.role === 'assistant' && (last.toolCalls?.length ?? 0) > 0, 'the batch assistant message is last').toBe(true);
  expectSessionInvariant(messages.slice(0, -1));
}

/**
 * Replays `path` (generated from the machine `change` gives) on that machine, and checks it.
 * @example await checkRunPath(path)
 */
export async function checkRunPath(path: RunPath, change?: MachineChange): Promise<void> {
  const run = new RunReplay(path, change);
  const requestsByStep: number[] = [];
  try {
    for (const [index, { event, state }] of path.steps.entries()) {
      run.step = index;
      await run.apply(event.stimulus);
      const segment = await run.segment(index);
      const at = `step ${index} (${event.label})`;
      expect(segment.eventType, `${at}: event processed`).toBe(index === 0 ? 'xstate.init' : event.type);
      expect(segment.value, `${at}: state`).toEqual(state.snapshot.value);
      expect(segment.status, `${at}: status`).toBe(state.status);
      expect(segment.fired, `${at}: transitions taken`).toEqual(state.fired);
      const published = run.events.slice(0, segment.eventCount);
      requestsByStep.push(published.filter((e) => e.type === 'provider.requested').length);
      const violations = oracleViolations(path, index, { events: published, executions: run.executions, requestsByStep });
      expect(violations, `${ORACLE}: ${at}: ${violations.join('; ')}`).toEqual([]);
      expect(published.map(signature), `${at}: events so far`).toEqual(state.history.map(signature));
      expect(segment.messages.map(shape), `${at}: messages`).toEqual(state.snapshot.context.messages.map(shape));
      expectInvariantSoFar(segment.messages, segment.value);
      // Every snapshot can be persisted as JSON (docs/design.md, "Snapshots").
      expect(() => JSON.stringify(run.actor.getPersistedSnapshot()), `${at}: persisted snapshot is JSON`).not.toThrow();
    }
    const end = path.steps.at(-1)!.state;
    if (end.status !== 'done') return;
    const output = await run.output();
    expect(output.status).toBe(end.snapshot.output?.status);
    // The independent oracle: status, error code and each executed call's result code.
    const expected = expectedEnd(path);
    expect({ status: output.status, code: output.error?.code }, `${ORACLE}: the end the contract gives these stimuli`).toEqual({ status: expected.status, code: expected.code });
    for (const message of output.messages) {
      if (message.role !== 'tool' || !expected.callCodes.has(message.toolCallId)) continue;
      expect(message.code ?? 'ok', `${ORACLE}: result of ${message.toolCallId}`).toBe(expected.callCodes.get(message.toolCallId));
    }
    expectSessionInvariant(output.messages);
    expectEventInvariant(run.events, output.messages);
    if (path.set.session) expect(output.messages.slice(0, run.persisted.length)).toEqual(run.persisted);
  } finally {
    run.dispose();
  }
}

