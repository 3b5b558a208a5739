// The steps the Run machine's actions take, kept out of the machine file so the machine
// reads as the flow. Each step runs inside a transition and enqueues events in order.
import type { DoneActorEvent } from 'xstate';
import type { ToolCallInput, ToolCallOutput } from '../toolCall.machine.js';
import { limitOutput } from '../../src/tools/calls/limitOutput.js';
import { RunErrorCode } from '../../src/codes.js';
import type { RunEvent, UnstampedRunEvent } from '../../src/events/runEvent.js';
import type { ToolSet } from '../../src/tools/toolSet.js';
import type { RunLimits, RunOutput, ToolCallRequest, ToolResult, Usage, Provider } from '../../src/types.js';
import { toToolMessage, type Batch } from './batch.js';
import type { EventStamper } from './eventStamper.js';
import type { SessionBinding } from './sessionBinding.js';
import { describeError, type RunOutcome } from './runOutput.js';
import type { Transcript } from './transcript.js';

export interface RunContext {
  runId: string;
  provider: Provider;
  tools: ToolSet;
  limits: RunLimits;
  session: SessionBinding | undefined;
  now: () => number;
  events: EventStamper;
  transcript: Transcript;
  inputText: string;
  /** Tool batches executed (or refused as incomplete) so far. */
  iterations: number;
  batch: Batch | undefined;
  requestedAt: number;
  outcome: RunOutcome | undefined;
  cancelRequested: boolean;
  cancelReason: unknown;
  usage: Usage | undefined;
  output: RunOutput | undefined;
}

/** The part of XState's `enqueue` the steps use. */
export interface RunEnqueue {
  emit(event: RunEvent): void;
  spawnChild(src: 'toolCall', options: { id: string; input: ToolCallInput }): void;
  stopChild(id: string): void;
}

/**
 * Child ids are `tool.<index in batch>`, so `xstate.done.actor.tool.*` matches them. They repeat
 * from batch to batch on purpose (a batch's children are all stopped before the next starts):
 * XState caches transitions per event type, and fresh ids per step made that cache grow.
 */
export function toolChildId(index: number): string {
  return `tool.${index}`;
}

// Events are written out as literals, not spread together: once optimised, Node 20's V8
// gives every object built by spreading into a literal with other fields a hidden class of
// its own (a new map and descriptor array per event).
function startedEvent(call: ToolCallRequest, iteration: number): UnstampedRunEvent {
  return { type: 'tool.started', callId: call.id, toolName: call.name, iteration, arguments: call.arguments };
}

function settledEvent(call: ToolCallRequest, iteration: number, result: ToolResult, durationMs: number): UnstampedRunEvent {
  return result.isError
    ? { type: 'tool.failed', callId: call.id, toolName: call.name, iteration, result, durationMs, code: result.code ?? 'tool_error' }
    : { type: 'tool.completed', callId: call.id, toolName: call.name, iteration, result, durationMs };
}

/** Emits the started/failed pair for a call that gets a result without running. */
function emitRefusal(context: RunContext, enqueue: RunEnqueue, call: ToolCallRequest, iteration: number, result: ToolResult) {
  enqueue.emit(context.events.stamp(startedEvent(call, iteration)));
  enqueue.emit(context.events.stamp(settledEvent(call, iteration, result, 0)));
}

/** Gives every call of a response the same error result without running any of them. */
export function refuseResponseCalls(context: RunContext, enqueue: RunEnqueue, calls: readonly ToolCallRequest[], uncut: ToolResult) {
  const iteration = context.iterations + 1;
  // The runtime's own results obey the output limit like any tool's.
  const result = limitOutput(uncut, context.limits.maxOutputChars);
  for (const call of calls) {
    emitRefusal(context, enqueue, call, iteration, result);
    context.transcript.append(toToolMessage(call.id, result));
  }
}

/** Gives the calls of a batch that never started the same error result. */
export function refuseBatchCalls(context: RunContext, enqueue: RunEnqueue, batch: Batch, indexes: readonly number[], uncut: ToolResult) {
  const result = limitOutput(uncut, context.limits.maxOutputChars);
  for (const index of indexes) {
    batch.record(index, result);
    emitRefusal(context, enqueue, batch.calls[index]!, batch.iteration, result);
  }
}

/** Starts as many waiting calls as the batch's concurrency allows. */
export function enqueueToolStarts(context: RunContext, enqueue: RunEnqueue) {
  const batch = context.batch;
  if (!batch || context.cancelRequested) return;
  let index: number | undefined;
  while ((index = batch.startNext(context.limits.maxConcurrency)) !== undefined) {
    const call = batch.calls[index]!;
    enqueue.emit(context.events.stamp(startedEvent(call, batch.iteration)));
    enqueue.spawnChild('toolCall', {
      id: toolChildId(index),
      input: {
        runId: context.runId,
        iteration: batch.iteration,
        index,
        call,
        tools: context.tools,
        maxOutputChars: context.limits.maxOutputChars,
        cancelGraceMs: context.limits.cancelGraceMs,
        now: context.now,
      },
    });
  }
}

/** Records a finished call, stops its actor (finished children would pile up), starts the next. */
export function recordToolOutput(context: RunContext, enqueue: RunEnqueue, event: DoneActorEvent<ToolCallOutput>) {
  const batch = context.batch;
  if (!batch) return;
  const { index, call, result, durationMs } = event.output;
  batch.record(index, result);
  enqueue.emit(context.events.stamp(settledEvent(call, batch.iteration, result, durationMs)));
  enqueue.stopChild(event.actorId ?? toolChildId(index));
  enqueueToolStarts(context, enqueue);
}

/** The outcome of a cancelled Run. */
export function cancelledOutcome(reason: unknown): RunOutcome {
  const detail = reason === undefined ? '' : `: ${describeError(reason)}`;
  return { status: 'cancelled', error: { code: RunErrorCode.cancelled, message: `Run cancelled${detail}` } };
}

/** The outcome of a Run that failed with `code`. */
export function failedOutcome(code: string, summary: string, cause: unknown): RunOutcome {
  return { status: 'failed', error: { code, message: `${summary}: ${describeError(cause)}` }, cause };
}
