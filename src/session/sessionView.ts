// What a session's record stream says, folded once: its messages, who owns it, and the state of
// its last Run. Pure; every store decides its leases' writes on this view.
import type { Message, ToolCallRequest } from '../types.js';
import type { Holder, SessionRecord } from './sessionRecord.js';
import type { CallStart, RunCheckpoint } from './sessionStore.js';

/** The lease recorded last, and whether it was released. */
export interface RecordedOwner {
  leaseId: string;
  runId: string;
  holder: Holder;
  released: boolean;
}

/** The last Run that acquired the session. */
export interface RunTrace {
  runId: string;
  /** Messages in the session before the Run's first acquisition. */
  runStart: number;
  started: Map<string, CallStart>;
  checkpoint?: RunCheckpoint;
  finished: boolean;
}

export interface SessionView {
  /** Records in the stream. */
  length: number;
  messages: Message[];
  owner?: RecordedOwner;
  lastRun?: RunTrace;
  /** Position just after the last record that write `id` added, when it is in the stream. */
  writeEnd(id: string): number | undefined;
}

/**
 * Folds `records` into the view the lease protocol decides on.
 * @example
 * viewRecords([{ type: 'message', message: { role: 'user', content: 'hi' } }]).messages.length; // 1
 */
export function viewRecords(records: readonly SessionRecord[]): SessionView {
  const messages: Message[] = [];
  const writes = new Map<string, number>();
  let owner: RecordedOwner | undefined;
  let lastRun: RunTrace | undefined;
  records.forEach((record, index) => {
    if (record.write !== undefined) writes.set(record.write, index + 1);
    switch (record.type) {
      case 'message':
        messages.push(record.message);
        break;
      case 'acquired':
        owner = { leaseId: record.leaseId, runId: record.runId, holder: record.holder, released: false };
        if (lastRun?.runId !== record.runId || lastRun.finished) {
          lastRun = { runId: record.runId, runStart: messages.length, started: new Map(), finished: false };
        }
        break;
      case 'released':
        if (owner?.leaseId === record.leaseId) owner.released = true;
        break;
      case 'call_started':
        if (lastRun?.runId === record.runId) lastRun.started.set(record.callId, callStart(record));
        break;
      case 'checkpoint':
        if (lastRun?.runId === record.runId) lastRun.checkpoint = checkpointOf(record);
        break;
      case 'run_finished':
        if (lastRun?.runId === record.runId) lastRun.finished = true;
        break;
    }
  });
  return { length: records.length, messages, owner, lastRun, writeEnd: (id) => writes.get(id) };
}

/**
 * The calls of the session's last assistant message that have no tool message yet: only while
 * nothing but tool messages follows it (a later user or assistant message closed that turn).
 * @example
 * openCalls([{ role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'ls', arguments: '{}' }] }]); // [the c1 call]
 */
export function openCalls(messages: readonly Message[]): ToolCallRequest[] {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as Message;
    if (message.role !== 'assistant' || !message.toolCalls?.length) continue;
    const after = messages.slice(index + 1);
    if (after.some((later) => later.role !== 'tool')) return [];
    const answered = new Set(after.map((later) => (later as { toolCallId: string }).toolCallId));
    return message.toolCalls.filter((call) => !answered.has(call.id));
  }
  return [];
}

function callStart({ callId, toolName, iteration, idempotencyKey }: CallStart): CallStart {
  return { callId, toolName, iteration, idempotencyKey };
}

function checkpointOf({ iterations, usage, pendingApprovals, spent }: RunCheckpoint): RunCheckpoint {
  return { iterations, ...(usage === undefined ? {} : { usage }), pendingApprovals: pendingApprovals ?? [], ...(spent === undefined ? {} : { spent }) };
}
