// The steps the Run machine's actions take, kept out of the machine file so the machine reads
// as the flow. A RunStep collects, within one action, the events to emit, the children to start
// or stop and the new values of the context fields it changes; `commit()` assigns them at once.
// It decides nothing: which call starts, and when, is the machine's guards' business.
// Nothing here changes the context it was given (docs/design.md, "Snapshots").
import type { ToolCallInput, ToolCallOutput } from '../toolCall.machine.js';
import { limitOutput } from '../../src/tools/calls/limitOutput.js';
import type { RunEvent, UnstampedRunEvent } from '../../src/events/runEvent.js';
import type { Message, ToolCallRequest, ToolResult } from '../../src/types.js';
import { addSpending } from './budget.js';
import { addUsage } from './runOutput.js';
import { recordResult, startNext, takeUnstarted, toToolMessage, type BatchProgress } from './batchProgress.js';
import { interruptedRunResult } from './interruptedResult.js';
import type { RunContext } from './runContext.js';

/** The ToolCalls a step starts, spawned in its one assignment (children spawned together join the Run's children table in one copy). */
export type ToolCallSpawns = readonly { id: string; input: ToolCallInput }[];

/** Where a step's changes go: the `enqueue` of the action it runs in. */
export interface RunEffects {
  emit(event: RunEvent): void;
  stopChild(id: string): void;
  assign(values: Partial<RunContext>, spawning: ToolCallSpawns | undefined): void;
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
 * The index of the running call whose ToolCall has the id `actorId`, or -1 for another child.
 * @example
 * import { openBatchProgress, startNext } from './batchProgress.js';
 * const { batch } = startNext(openBatchProgress(1, [{ id: 'c1', name: 'read', arguments: {} }], false));
 * runningCallIndex(batch, '0'); // 0 while call 0 runs
 */
export function runningCallIndex(batch: BatchProgress | undefined, actorId: string | undefined): number {
  return batch?.running.find((index) => toolChildId(index) === actorId) ?? -1;
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

/** One action's changes to the Run, applied by `commit()`. */
export class RunStep {
  seq: number;
  messages: readonly Message[];
  batch: BatchProgress | undefined;
  /** Set when a result reported spending (a sub-agent's): committed with the step. */
  private spending: Partial<RunContext> | undefined;
  private appended: Message[] | undefined;
  // ToolCalls to spawn at commit(). XState copies the Run's children table for each
  // spawnChild action, which made a batch of n calls cost O(n²); an assignment that spawns
  // them all copies it once.
  private toSpawn: { id: string; input: ToolCallInput }[] | undefined;

  constructor(
    readonly context: RunContext,
    readonly effects: RunEffects,
    readonly now: () => number,
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
    stamped.time = Math.floor(this.now());
    this.effects.emit(stamped);
    return stamped;
  }

  /** Appends to this Run's messages (one new array per step, however many are appended). */
  append(message: Message): void {
    if (this.appended === undefined) this.messages = this.appended = this.messages.slice();
    this.appended.push(message);
  }

  /** Assigns the fields this step changed and spawns the ToolCalls it started. */
  commit(extra: Partial<RunContext> = {}): void {
    const values = { seq: this.seq, messages: this.messages, batch: this.batch, ...this.spending, ...extra };
    const toSpawn = this.toSpawn;
    this.toSpawn = undefined;
    this.effects.assign(values, toSpawn);
  }

  /** Emits the started/failed pair for a call that gets a result without running. */
  refusal(call: ToolCallRequest, iteration: number, result: ToolResult): void {
    this.emit(startedEvent(call, iteration));
    this.emit(settledEvent(call, iteration, result, 0));
  }

  /** Gives every call of a response the same error result without running any, and appends the results. */
  refuseResponseCalls(calls: readonly ToolCallRequest[], uncut: ToolResult): void {
    this.settleResponseCalls(calls, calls.map(() => uncut));
  }

  /** Gives each call of a response its result (`results`, in call order) without running any, and appends them. */
  settleResponseCalls(calls: readonly ToolCallRequest[], results: readonly ToolResult[]): void {
    const iteration = this.context.iterations + 1;
    calls.forEach((call, index) => {
      // The runtime's own results obey the output limit like any tool's.
      const result = limitOutput(results[index]!, this.context.limits.maxOutputChars);
      this.emit(startedEvent(call, iteration));
      this.emit(settledEvent(call, iteration, result, 0));
      this.append(toToolMessage(call.id, result));
    });
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

  /** Starts the next waiting call, in call order (the machine's guards decided that one may start). */
  startNextCall(): void {
    if (!this.batch) return;
    const { batch, index } = startNext(this.batch);
    this.batch = batch;
    const { runId, limits } = this.context;
    const call = batch.calls[index]!;
    this.emit(startedEvent(call, batch.iteration));
    const input: ToolCallInput = {
      runId,
      iteration: batch.iteration,
      index,
      call,
      maxOutputChars: limits.maxOutputChars,
      maxArgumentsChars: limits.maxArgumentsChars,
      cancelGraceMs: limits.cancelGraceMs,
    };
    // Only a durable session's calls carry these (a Run without one builds the same input as ever).
    if (this.context.durableSession === true) input.recordStart = true;
    if (batch.interrupted?.includes(index)) input.interrupted = true;
    (this.toSpawn ??= []).push({ id: toolChildId(index), input });
  }

  /** Records a finished call and stops its actor (finished children would pile up). */
  recordToolOutput(output: ToolCallOutput): void {
    if (!this.batch) return;
    const { index, call, result, durationMs } = output;
    if (result.spent) this.addSpent(result.spent);
    this.batch = recordResult(this.batch, index, result);
    this.emit(settledEvent(call, this.batch.iteration, result, durationMs));
    this.effects.stopChild(toolChildId(index));
  }

  /** Adds what a tool spent on the Run's behalf to its usage and budgets. */
  private addSpent(spent: NonNullable<ToolResult['spent']>): void {
    const usage = this.spending?.usage ?? this.context.usage;
    const budget = this.spending?.spent ?? this.context.spent;
    this.spending = { usage: addUsage(usage, spent.usage), spent: addSpending(budget, spent) };
  }

  /** Calls running when a cancelling Run's snapshot was taken get `interrupted` results; they never run again. */
  interruptRunning(): void {
    if (!this.batch) return;
    const result = limitOutput(interruptedRunResult(), this.context.limits.maxOutputChars);
    for (const index of this.batch.running) {
      this.effects.stopChild(toolChildId(index));
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
