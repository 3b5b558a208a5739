// The runtime's invariants as reusable assertions (docs/design.md, "Invariants").
import { expect } from 'vitest';
import type { Message, RunEvent } from '../../src/index.js';

/** Each tool call has exactly one tool message with its id, directly after its assistant message, in call order. */
export function expectSessionInvariant(messages: readonly Message[]): void {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.role === 'tool') {
      throw new Error(`tool message ${message.toolCallId} at ${i} does not follow an assistant message's calls`);
    }
    if (message.role !== 'assistant' || !message.toolCalls?.length) continue;
    const ids = message.toolCalls.map((call) => call.id);
    const results = messages.slice(i + 1, i + 1 + ids.length);
    expect(results.map((m) => (m.role === 'tool' ? m.toolCallId : `<${m.role}>`))).toEqual(ids);
    i += ids.length;
  }
}

/** One started and one terminal event per call, in that order; one terminal run event, last; seq 0..n-1. */
export function expectEventInvariant(events: readonly RunEvent[], messages: readonly Message[]): void {
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  expect(new Set(events.map((e) => e.runId)).size).toBeLessThanOrEqual(1);
  const terminal = events.filter((e) => e.type === 'run.completed' || e.type === 'run.failed' || e.type === 'run.cancelled');
  expect(terminal).toHaveLength(1);
  expect(events.at(-1)).toBe(terminal[0]);
  const callIds = messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.id) : []));
  for (const id of callIds) {
    // Approval and hook decisions come between the two (docs/design.md, "Approval"; docs/hooks.md).
    const between = (type: string) => type.startsWith('tool.approval_') || type === 'tool.hook_decided';
    const mine = events.filter((e) => 'callId' in e && e.callId === id && !between(e.type)).map((e) => e.type);
    const all = events.filter((e) => 'callId' in e && e.callId === id).map((e) => e.type);
    if (mine.length === 2) expect(all.slice(1, -1).every(between), `events of call ${id} between its start and its end`).toBe(true);
    expect(mine, `events of call ${id}`).toHaveLength(2);
    expect(mine[0]).toBe('tool.started');
    expect(['tool.completed', 'tool.failed']).toContain(mine[1]);
  }
  const eventCalls = new Set(events.flatMap((e) => ('callId' in e ? [e.callId] : [])));
  expect([...eventCalls].sort()).toEqual([...new Set(callIds)].sort());
}
