// Checks a persisted Run snapshot before it is restored (docs/design.md, "Snapshots"): it must
// be one of this runMachine's, in the format this version writes, in a state the machine has,
// with a context of the right types, still running, and bound to the session it is restored
// with. A snapshot that is not is refused with a ConfigurationError naming the field or value,
// before anything runs: restoring it would start a Run that fails later, half done.
import type { AnyStateNode, Snapshot, StateValue } from 'xstate';
import { runMachine } from '../../machines/run.machine.js';
import { RUN_SNAPSHOT_FORMAT } from '../../machines/run/runContext.js';
import { quoteValue } from '../describeValue.js';
import { ConfigurationError } from '../errors.js';
import { isRecord } from '../isRecord.js';
import { resolveLimits } from '../limits.js';

const RESTORE = "snapshot must come from a Run actor's getPersistedSnapshot()";
const STATUSES = new Set(['completed', 'limit_reached', 'cancelled', 'failed']);
const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

function refuse(field: string, problem: string, got = ''): never {
  throw new ConfigurationError(`snapshot.${field} ${problem}${got}: ${RESTORE} of this version (format ${RUN_SNAPSHOT_FORMAT})`);
}

/** The resting states a running Run can be persisted in, as "executingBatch.runningSerially". */
function restingStates(): Set<string> {
  const names = new Set<string>();
  const visit = (node: AnyStateNode, path: string[]) => {
    for (const [key, child] of Object.entries(node.states) as [string, AnyStateNode][]) {
      if (child.type === 'atomic') names.add([...path, key].join('.'));
      else if (child.type !== 'final') visit(child, [...path, key]);
    }
  };
  visit(runMachine.root, []);
  return names;
}
let resting: Set<string> | undefined;

function stateName(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value as Record<string, StateValue>);
  if (entries.length !== 1) return undefined;
  const [key, child] = entries[0]!;
  const inner = stateName(child);
  return inner === undefined ? undefined : `${key}.${inner}`;
}

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

function check(ok: boolean, field: string, problem: string, value: unknown): void {
  if (!ok) refuse(field, problem, ` (got ${quoteValue(value)})`);
}

function checkMessages(field: string, messages: unknown): void {
  check(Array.isArray(messages), field, 'must be an array of messages', messages);
  (messages as unknown[]).forEach((message, index) => {
    check(isRecord(message) && ROLES.has(message.role as string), `${field}[${index}]`, 'must be a message with a role', message);
  });
}

function checkBatch(batch: unknown): void {
  if (batch === undefined) return;
  check(isRecord(batch), 'context.batch', 'must be a batch or absent', batch);
  const b = batch as Record<string, unknown>;
  check(isCount(b.iteration), 'context.batch.iteration', 'must be a whole number', b.iteration);
  check(Array.isArray(b.calls), 'context.batch.calls', 'must be an array of calls', b.calls);
  const calls = b.calls as unknown[];
  check(Array.isArray(b.results) && (b.results as unknown[]).length === calls.length, 'context.batch.results', 'must hold one entry per call', b.results);
  check(typeof b.concurrent === 'boolean', 'context.batch.concurrent', 'must be a boolean', b.concurrent);
  for (const key of ['runnable', 'started'] as const) check(isCount(b[key]) && (b[key] as number) <= calls.length, `context.batch.${key}`, 'must be a whole number up to the number of calls', b[key]);
  check(Array.isArray(b.running) && (b.running as unknown[]).every((index) => isCount(index) && (index as number) < calls.length), 'context.batch.running', 'must list indexes of calls', b.running);
}

function checkContext(context: Record<string, unknown>): void {
  check(context.formatVersion === RUN_SNAPSHOT_FORMAT, 'context.formatVersion', `must be ${RUN_SNAPSHOT_FORMAT}`, context.formatVersion);
  check(typeof context.runId === 'string' && context.runId !== '', 'context.runId', 'must be a non-empty string', context.runId);
  try {
    resolveLimits(context.limits as Record<string, number>);
  } catch (error) {
    refuse('context.limits', `are not limits: ${(error as Error).message}`);
  }
  check(typeof context.inputText === 'string', 'context.inputText', 'must be a string', context.inputText);
  checkMessages('context.history', context.history);
  checkMessages('context.messages', context.messages);
  check(context.sessionId === undefined || typeof context.sessionId === 'string', 'context.sessionId', 'must be a string or absent', context.sessionId);
  for (const key of ['persistedCount', 'iterations', 'seq'] as const) check(isCount(context[key]), `context.${key}`, 'must be a whole number', context[key]);
  check((context.persistedCount as number) <= (context.messages as unknown[]).length, 'context.persistedCount', 'must not exceed the number of messages', context.persistedCount);
  check(typeof context.requestedAt === 'number', 'context.requestedAt', 'must be a number', context.requestedAt);
  check(typeof context.streamedText === 'string', 'context.streamedText', 'must be a string', context.streamedText);
  check(typeof context.cancelRequested === 'boolean', 'context.cancelRequested', 'must be a boolean', context.cancelRequested);
  const reason = context.cancelReason;
  check(reason === undefined || (isRecord(reason) && typeof reason.name === 'string' && typeof reason.message === 'string'), 'context.cancelReason', 'must be a described reason or absent', reason);
  const outcome = context.outcome;
  check(outcome === undefined || (isRecord(outcome) && STATUSES.has(outcome.status as string)), 'context.outcome', 'must be an outcome or absent', outcome);
  check(context.usage === undefined || isRecord(context.usage), 'context.usage', 'must be token counts or absent', context.usage);
  const spent = context.spent;
  const figures = ['inputTokens', 'outputTokens', 'totalTokens', 'toolCalls', 'costUsd', 'startedAt'];
  check(isRecord(spent) && figures.every((key) => typeof spent[key] === 'number'), 'context.spent', `must hold the figures ${figures.join(', ')}`, spent);
  const answer = context.answer;
  const answerOk = answer === undefined || (isRecord(answer) && (answer.mode === 'tool' || answer.mode === 'native') && isCount(answer.maxRetries));
  check(answerOk, 'context.answer', 'must be { mode: "tool" | "native", maxRetries } or absent', answer);
  check(context.output === undefined, 'context.output', 'must be absent in a running Run', context.output);
  check(context.durableSession === undefined || typeof context.durableSession === 'boolean', 'context.durableSession', 'must be a boolean or absent', context.durableSession);
  const pending = context.pendingApprovals;
  check(pending === undefined || (Array.isArray(pending) && pending.every((id) => typeof id === 'string')), 'context.pendingApprovals', 'must list call ids or be absent', pending);
  check(context.ending === undefined || STATUSES.has(context.ending as string), 'context.ending', 'must be a Run status or absent', context.ending);
  checkBatch(context.batch);
}

// Each child of a Run, by its id: the provider request, the session writer, a ToolCall per running call.
function checkChildren(children: unknown): void {
  if (children === undefined) return;
  check(isRecord(children), 'children', 'must be an object', children);
  for (const [id, child] of Object.entries(children as Record<string, unknown>)) {
    const src = isRecord(child) ? child.src : undefined;
    const expected = id === 'provider' ? 'callProvider' : id === 'sessionWriter' ? 'sessionWriter' : /^\d+$/.test(id) ? 'toolCall' : undefined;
    check(expected !== undefined && src === expected && isRecord((child as Record<string, unknown>).snapshot), `children.${id}`, expected ? `must be a ${expected} actor` : 'is not a child a Run has', src);
  }
}

/**
 * The snapshot, checked for restoring a Run; a ConfigurationError (`invalid_option`) naming the bad field otherwise.
 * @example
 * declare const saved: string; // JSON.stringify(actor.getPersistedSnapshot()) of a Run on session-1
 * checkRunSnapshot(JSON.parse(saved), 'session-1');
 */
export function checkRunSnapshot(snapshot: Snapshot<unknown>, sessionId: string | undefined): Snapshot<unknown> {
  if (!isRecord(snapshot)) throw new ConfigurationError(`${RESTORE} (got ${quoteValue(snapshot)})`);
  const candidate = snapshot as unknown as Record<string, unknown>;
  check(isRecord(candidate.context), 'context', 'must be an object', candidate.context);
  check(typeof candidate.status === 'string', 'status', 'must be a string', candidate.status);
  if (candidate.status !== 'active') throw new ConfigurationError(`snapshot is of a Run that already ended (status "${String(candidate.status)}")`);
  const context = candidate.context as Record<string, unknown>;
  checkContext(context);
  const states = (resting ??= restingStates());
  const state = stateName(candidate.value);
  check(state !== undefined && states.has(state), 'value', `must name a state the Run machine rests in (${[...states].join(', ')})`, candidate.value);
  checkChildren(candidate.children);
  const saved = context.sessionId;
  if (saved !== undefined && saved !== sessionId) {
    throw new ConfigurationError(`snapshot appends to session ${JSON.stringify(saved)}: pass that session (store and id) again`);
  }
  if (saved === undefined && sessionId !== undefined) throw new ConfigurationError('snapshot is of a Run without a session: do not pass one');
  return snapshot;
}
