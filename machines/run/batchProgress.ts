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
}

/**
 * A batch of `calls` with nothing started.
 * @example openBatchProgress(1, [{ id: 'c1', name: 'ping', arguments: '{}' }], false).started // 0
 */
export function openBatchProgress(iteration: number, calls: readonly ToolCallRequest[], concurrent: boolean, runnable = calls.length): BatchProgress {
  return { iteration, calls, concurrent, results: calls.map(() => null), runnable: Math.min(runnable, calls.length), started: 0, running: [] };
}

/**
 * The indexes to start now and the batch after starting them.
 * @example startable(openBatchProgress(1, [{ id: 'c1', name: 'a', arguments: '{}' }, { id: 'c2', name: 'b', arguments: '{}' }], true), 10).indexes // [0, 1]
 */
export function startable(batch: BatchProgress, maxConcurrency: number): { batch: BatchProgress; indexes: number[] } {
  const capacity = batch.concurrent ? maxConcurrency : 1;
  const free = Math.min(capacity - batch.running.length, batch.runnable - batch.started);
  if (free <= 0) return { batch, indexes: [] };
  const indexes = Array.from({ length: free }, (_, offset) => batch.started + offset);
  return { batch: { ...batch, started: batch.started + free, running: [...batch.running, ...indexes] }, indexes };
}

/**
 * The batch with every call not yet started marked started, and their indexes.
 * @example
 * declare const batch: BatchProgress; // only call 0 of three started
 * takeUnstarted(batch).indexes // [1, 2]
 */
export function takeUnstarted(batch: BatchProgress): { batch: BatchProgress; indexes: number[] } {
  const indexes = Array.from({ length: batch.runnable - batch.started }, (_, offset) => batch.started + offset);
  return { batch: { ...batch, started: batch.runnable }, indexes };
}

/**
 * The batch with `result` recorded for `index` (a second result for a call is ignored).
 * @example
 * declare const batch: BatchProgress;
 * recordResult(batch, 0, { content: 'ok' }).results[0] // { content: 'ok' }
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
 * declare const batch: BatchProgress | undefined;
 * if (isLastOutstanding(batch, 1)) console.log('the result of call 1 settles the batch');
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
