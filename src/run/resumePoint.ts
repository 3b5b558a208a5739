// Where a resumed Run picks up, from its session alone (docs/design.md, "Durability"): the
// Run's messages, counters and the open batch, with each open call's fate decided by what the
// session recorded and by its tool's `effects`.
import type { RunResumePoint } from '../../machines/run/runContext.js';

export type { RunResumePoint };
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';
import type { DurableSessionStore, SessionLease, UnfinishedRun } from '../session/sessionStore.js';
import type { ToolSet } from '../tools/toolSet.js';
import type { Message } from '../types.js';

/** The session's unfinished Run, read while its lease is held, and that lease. */
export interface TakenRun {
  state: UnfinishedRun;
  lease: SessionLease;
}

function nothingToResume(sessionId: string, why: string): SessionError {
  return new SessionError(SessionErrorCode.nothingToResume, `Session "${sessionId}" has no unfinished Run to resume: ${why}`, { details: { sessionId } });
}

/**
 * Takes the session for its unfinished Run (over from any earlier owner of that Run, alive or
 * not) and reads the Run again under the lease, so that nothing changes it meanwhile.
 * Rejects with `nothing_to_resume` when the session has none.
 * @example
 * import { MemorySessionStore } from 'tinyagent';
 * const { state, lease } = await takeUnfinishedRun(new MemorySessionStore(), 'chat-1'); // or nothing_to_resume
 */
export async function takeUnfinishedRun(store: DurableSessionStore, sessionId: string, signal?: AbortSignal): Promise<TakenRun> {
  const before = await store.loadRunState(sessionId);
  if (before === undefined) throw nothingToResume(sessionId, 'every Run in it has finished (or none ever ran)');
  const lease = await store.acquire(sessionId, { runId: before.runId, takeOver: true, ...(signal === undefined ? {} : { signal }) });
  try {
    const state = await store.loadRunState(sessionId);
    if (state?.runId !== before.runId) throw nothingToResume(sessionId, `Run ${before.runId} finished while it was being taken`);
    if (state.messages.length === state.runStart) throw nothingToResume(sessionId, `Run ${state.runId} stopped before it recorded its input`);
    return { state, lease };
  } catch (error) {
    await lease.release().catch(() => undefined);
    throw error;
  }
}

/**
 * What a Run continues from: calls with a result keep it; calls that may have started run
 * again when their tool's effects are 'none' or 'idempotent', and get `interrupted` when they
 * are 'once'; calls not started (waiting for approval included) run, asking again.
 * @example
 * import { ToolRegistry, type UnfinishedRun } from 'tinyagent';
 * declare const state: UnfinishedRun;
 * const point = resumePointOf(state, new ToolRegistry(tools).snapshot());
 */
export function resumePointOf(state: UnfinishedRun, tools: ToolSet): RunResumePoint {
  const messages = state.messages.slice(state.runStart);
  const { iterations, usage, spent } = state.checkpoint;
  const point: RunResumePoint = { messages, iterations };
  if (usage !== undefined) point.usage = usage;
  if (spent !== undefined) point.spent = spent;
  const last = messages.at(-1);
  if (state.openCalls.length > 0) {
    const assistant = lastAssistantWithCalls(messages);
    const calls = assistant?.toolCalls ?? [];
    if (assistant !== last || calls.length !== state.openCalls.length) {
      throw new SessionError(
        SessionErrorCode.corrupt,
        `Session "${state.sessionId}": the last batch of Run ${state.runId} has results for only some of its calls; a Run writes a batch's results together, so another writer changed it`,
        { details: { sessionId: state.sessionId } },
      );
    }
    const interrupted = calls.flatMap((call, index) => (state.startedCalls[call.id] !== undefined && tools.lookup(call.name)?.effects === 'once' ? [index] : []));
    const concurrent = calls.every((call) => tools.lookup(call.name)?.parallelSafe === true);
    // The started records name the batch's iteration; the checkpoint written with its assistant message does too.
    const started = Object.values(state.startedCalls)[0];
    point.iterations = Math.max(started?.iteration ?? iterations, 1);
    point.batch = { calls, concurrent, interrupted };
  } else if (last?.role === 'assistant' && !last.toolCalls?.length) {
    point.answer = last.content;
  }
  return point;
}

function lastAssistantWithCalls(messages: readonly Message[]): Extract<Message, { role: 'assistant' }> | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (message.role === 'assistant' && message.toolCalls?.length) return message;
  }
  return undefined;
}
