// The steps the Run machine's actions take, kept out of the machine file so the machine reads
// as the flow. A RunStep collects, within one action, the events to emit, the children to start
// or stop and the new values of the context fields it changes; `commit()` assigns them at once.
// Nothing here changes the context it was given (docs/design.md, "Snapshots").
import type { ToolCallInput, ToolCallOutput } from '../toolCall.machine.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';
import { limitOutput } from '../../src/tools/calls/limitOutput.js';
import { ToolErrorCode } from '../../src/codes.js';
import type { RunEvent, UnstampedRunEvent } from '../../src/events/runEvent.js';
import type { Message, ToolCallRequest, ToolResult } from '../../src/types.js';
import { recordResult, startable, takeUnstarted, toToolMessage, type BatchProgress } from './batchProgress.js';
import type { RunContext } from './runContext.js';
import type { RunEnvironment } from './runEnvironment.js';

/** The `spawn` XState passes to an assignment: children spawned in one assignment join the Run's children table in one copy. */
export type RunSpawn = (src: 'toolCall', options: { id: string; input: ToolCallInput }) => unknown;

/** The part of XState's `enqueue` the steps use. */
export interface RunEnqueue {
  emit(event: RunEvent): void;
  stopChild(id: string): void;
  assign(values: Partial<RunContext> | ((args: { spawn: RunSpawn }) => Partial<RunContext>)): void;
}

/**
 * A ToolCall's child id is its index in the batch, as a string. XState copies the Run's table
 * of children (`{ ...children }`) each time it stops one; with array-index keys V8 copies the
 * table as a block of elements, with named keys (`tool.<index>`) as a dictionary, which made a
 * batch of 1000 calls cost about 4× as much per call as a batch of 10. The ids repeat from
 * batch to batch on purpose (a batch's children are all stopped before the next starts):
 * XState caches transitions per event type, and fresh ids per step made that cache grow.
 * @example toolChildId(0) // '0'
 */
export function toolChildId(index: number): string {
  return String(index);
}

/**
 * True for the id of a ToolCall child (`toolChildId`), false for the Run's other children.
 * @example isToolChildId('3') // true; isToolChildId('sessionWriter') // false
 */
export function isToolChildId(id: string | undefined): boolean {
  return id !== undefined && /^\d+$/.test(id);
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

/** The result of a call that was running when the Run's snapshot was taken; a restore never runs it again. */
export function interruptedRunResult(): ToolResult {
  return errorResult(
    ToolErrorCode.interrupted,
    'Interrupted: this call was running when the run was saved, and the run was restored from that snapshot. It was not run again; its outcome is unknown.',
  );
}

/** One action's changes to the Run, applied by `commit()`. */
export class RunStep {
  seq: number;
  messages: readonly Message[];
  batch: BatchProgress | undefined;
  private appended: Message[] | undefined;
  // ToolCalls to spawn at commit(). XState copies the Run's children table for each
  // spawnChild action, which made a batch of n calls cost O(n²); an assignment that spawns
  // them all copies it once.
  private toSpawn: { id: string; input: ToolCallInput }[] | undefined;

  constructor(
    readonly context: RunContext,
    readonly enqueue: RunEnqueue,
    readonly environment: RunEnvironment,
  ) {
    this.seq = context.seq;
    this.messages = context.messages;
    this.batch = context.batch;
  }

  /** Stamps `runId`, `seq` and `time` on a fresh event and emits it. */
  emit(event: UnstampedRunEvent): RunEvent {
    const stamped = event as RunEvent;
    stamped.runId = this.context.runId;
    stamped.seq = this.seq++;
    // Whole milliseconds: the Run's clock is sub-millisecond, event times are for people and logs.
    stamped.time = Math.floor(this.environment.now());
    this.enqueue.emit(stamped);
    return stamped;
  }

  /** Appends to this Run's messages (one new array per step, however many are appended). */
  append(message: Message): void {
    if (this.appended === undefined) this.messages = this.appended = this.messages.slice();
    this.appended.push(message);
  }

  /** Assigns the fields this step changed and spawns the ToolCalls it started. */
  commit(extra: Partial<RunContext> = {}): void {
    const values = { seq: this.seq, messages: this.messages, batch: this.batch, ...extra };
    const toSpawn = this.toSpawn;
    if (toSpawn === undefined) return this.enqueue.assign(values);
    this.toSpawn = undefined;
    this.enqueue.assign(({ spawn }) => {
      for (const child of toSpawn) spawn('toolCall', child);
      return values;
    });
  }

  /** Emits the started/failed pair for a call that gets a result without running. */
  refusal(call: ToolCallRequest, iteration: number, result: ToolResult): void {
    this.emit(startedEvent(call, iteration));
    this.emit(settledEvent(call, iteration, result, 0));
  }

  /** Gives every call of a response the same error result without running any, and appends the results. */
  refuseResponseCalls(calls: readonly ToolCallRequest[], uncut: ToolResult): void {
    const iteration = this.context.iterations + 1;
    // The runtime's own results obey the output limit like any tool's.
    const result = limitOutput(uncut, this.context.limits.maxOutputChars);
    for (const call of calls) {
      this.refusal(call, iteration, result);
      this.append(toToolMessage(call.id, result));
    }
  }

  /** Gives the calls of the batch at `indexes` the same error result without running them. */
  refuseBatchCalls(indexes: readonly number[], uncut: ToolResult): void {
    const result = limitOutput(uncut, this.context.limits.maxOutputChars);
    for (const index of indexes) {
      this.batch = recordResult(this.batch!, index, result);
      this.refusal(this.batch.calls[index]!, this.batch.iteration, result);
    }
  }

  /** Gives every call not yet started the same error result. */
  refuseUnstarted(uncut: ToolResult): void {
    if (!this.batch) return;
    const taken = takeUnstarted(this.batch);
    this.batch = taken.batch;
    this.refuseBatchCalls(taken.indexes, uncut);
  }

  /** Starts as many waiting calls as the batch's concurrency allows. */
  startTools(): void {
    if (!this.batch || this.context.cancelRequested) return;
    const { batch, indexes } = startable(this.batch, this.context.limits.maxConcurrency);
    this.batch = batch;
    const { runId, limits } = this.context;
    for (const index of indexes) {
      const call = batch.calls[index]!;
      this.emit(startedEvent(call, batch.iteration));
      (this.toSpawn ??= []).push({
        id: toolChildId(index),
        input: {
          runId,
          iteration: batch.iteration,
          index,
          call,
          maxOutputChars: limits.maxOutputChars,
          maxArgumentsChars: limits.maxArgumentsChars,
          cancelGraceMs: limits.cancelGraceMs,
        },
      });
    }
  }

  /** Records a finished call, stops its actor (finished children would pile up), starts the next. */
  recordToolOutput(output: ToolCallOutput, actorId: string | undefined): void {
    if (!this.batch) return;
    const { index, call, result, durationMs } = output;
    this.batch = recordResult(this.batch, index, result);
    this.emit(settledEvent(call, this.batch.iteration, result, durationMs));
    this.enqueue.stopChild(actorId ?? toolChildId(index));
    this.startTools();
  }

  /** Calls running when the snapshot was taken get `interrupted` results; they never run again. */
  interruptRunning(): void {
    if (!this.batch) return;
    const result = limitOutput(interruptedRunResult(), this.context.limits.maxOutputChars);
    for (const index of this.batch.running) {
      this.enqueue.stopChild(toolChildId(index));
      this.batch = recordResult(this.batch, index, result);
      this.emit(settledEvent(this.batch.calls[index]!, this.batch.iteration, result, 0));
    }
  }

  /** Appends the batch's tool messages in call order. */
  appendBatchResults(): void {
    if (!this.batch) return;
    this.batch.calls.forEach((call, index) => this.append(toToolMessage(call.id, this.batch!.results[index] ?? undefined)));
  }
}
