// The tool calls of one assistant message while they run, as plain data. Every change returns
// a new record (the Run's snapshots never change afterwards); the arrays are short, one entry
// per call of the batch, so a copy per settled call is cheap.
import type { ToolCallRequest, ToolMessage, ToolResult } from '../../src/types.js';

/** Progress of one batch: which calls started, which are running, which have results. */
export interface BatchProgress {
  /** The batch's number, from 1. */
  iteration: number;
  calls: readonly ToolCallRequest[];
  /** True when every call names a registered tool that is readOnly and concurrencySafe. */
  concurrent: boolean;
  /** One entry per call, `null` until it has a result. */
  results: readonly (ToolResult | null)[];
  /** Calls that may run (limits.maxCallsPerResponse); those after it are refused when the batch opens. */
  runnable: number;
  /** Calls started (or refused) so far, in call order. */
  started: number;
  /** Indexes of started calls without a result. */
  running: readonly number[];
  /** In a resumed batch: indexes of calls that may have run and run at most once (they get `interrupted`). */
  interrupted?: readonly number[];
}

/**
 * A batch of `calls` with nothing started.
 * @example
 * const calls = [{ id: 'c1', name: 'read', arguments: {} }, { id: 'c2', name: 'read', arguments: {} }];
 * openBatchProgress(1, calls, false).started; // 0
 */
export function openBatchProgress(iteration: number, calls: readonly ToolCallRequest[], concurrent: boolean, runnable = calls.length): BatchProgress {
  return { iteration, calls, concurrent, results: calls.map(() => null), runnable: Math.min(runnable, calls.length), started: 0, running: [] };
}

/**
 * How many waiting calls may start now, `maxConcurrency` at a time (1 for a serial batch).
 * @example
 * const calls = [{ id: 'c1', name: 'read', arguments: {} }, { id: 'c2', name: 'read', arguments: {} }];
 * freeSlots(openBatchProgress(1, calls, true), 10); // 2 for a fresh concurrent batch of two
 */
export function freeSlots(batch: BatchProgress | undefined, maxConcurrency: number): number {
  if (batch === undefined) return 0;
  return Math.max(0, Math.min(maxConcurrency - batch.running.length, batch.runnable - batch.started));
}

/**
 * True when the call settling now frees a slot that a waiting call may take.
 * @example
 * const calls = [{ id: 'c1', name: 'read', arguments: {} }, { id: 'c2', name: 'read', arguments: {} }];
 * const { batch } = startNext(openBatchProgress(1, calls, false));
 * slotFreesForWaitingCall(batch, 1); // true: a serial batch with a call after the running one
 */
export function slotFreesForWaitingCall(batch: BatchProgress | undefined, maxConcurrency: number): boolean {
  return batch !== undefined && batch.running.length - 1 < maxConcurrency && batch.started < batch.runnable;
}

/**
 * The batch with its next waiting call (in call order) marked started, and that call's index.
 * @example
 * const calls = [{ id: 'c1', name: 'read', arguments: {} }, { id: 'c2', name: 'read', arguments: {} }];
 * startNext(openBatchProgress(1, calls, false)).index; // 0
 */
export function startNext(batch: BatchProgress): { batch: BatchProgress; index: number } {
  const index = batch.started;
  return { batch: { ...batch, started: index + 1, running: [...batch.running, index] }, index };
}

/**
 * The batch with every call not yet started marked started, and their indexes.
 * @example
 * const calls = [{ id: 'c1', name: 'read', arguments: {} }, { id: 'c2', name: 'read', arguments: {} }, { id: 'c3', name: 'read', arguments: {} }];
 * const { batch } = startNext(openBatchProgress(1, calls, true));
 * takeUnstarted(batch).indexes; // [1, 2]: only call 0 started
 */
export function takeUnstarted(batch: BatchProgress): { batch: BatchProgress; indexes: number[] } {
  const indexes = Array.from({ length: batch.runnable - batch.started }, (_, offset) => batch.started + offset);
  return { batch: { ...batch, started: batch.runnable }, indexes };
}

/**
 * The batch with `result` recorded for `index` (a second result for a call is ignored).
 * @example
 * const calls = [{ id: 'c1', name: 'read', arguments: {} }, { id: 'c2', name: 'read', arguments: {} }];
 * const { batch } = startNext(openBatchProgress(1, calls, false));
 * recordResult(batch, 0, { content: 'ok' }).results[0]; // { content: 'ok' }
 */
export function recordResult(batch: BatchProgress, index: number, result: ToolResult): BatchProgress {
  if (batch.results[index] !== null) return batch;
  const results = batch.results.slice();
  results[index] = result;
  return { ...batch, results, running: batch.running.filter((running) => running !== index) };
}

/**
 * True when every call has a result.
 * @example batchSettled(openBatchProgress(1, [], false)) // true
 */
export function batchSettled(batch: BatchProgress | undefined): boolean {
  return batch !== undefined && batch.results.every((result) => result !== null);
}

/**
 * True when `index` is the only call without a result: recording it settles the batch.
 * @example
 * const calls = [{ id: 'c1', name: 'read', arguments: {} }, { id: 'c2', name: 'read', arguments: {} }];
 * const { batch } = startNext(openBatchProgress(1, calls, true));
 * isLastOutstanding(recordResult(batch, 0, { content: 'ok' }), 1); // true
 */
export function isLastOutstanding(batch: BatchProgress | undefined, index: number): boolean {
  if (batch === undefined || batch.results[index] !== null) return false;
  return batch.results.every((result, other) => other === index || result !== null);
}

/**
 * The tool message that records a call's result in the conversation.
 * @example toToolMessage('c1', { content: 'ok' }) // { role: 'tool', toolCallId: 'c1', content: 'ok', isError: false }
 */
export function toToolMessage(toolCallId: string, result: ToolResult | undefined): ToolMessage {
  if (result === undefined) throw new Error(`No result recorded for tool call "${toolCallId}"`);
  const message: ToolMessage = { role: 'tool', toolCallId, content: result.content, isError: result.isError === true };
  if (result.code !== undefined) message.code = result.code;
  if (result.truncated) message.truncated = true;
  return message;
}
