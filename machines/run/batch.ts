// The tool calls of one assistant message while they run. Mutated in place by the Run's
// actions: a 100-call batch must not copy its result array on every completion.
import type { ToolSet } from '../../src/tools/toolSet.js';
import type { ToolCallRequest, ToolMessage, ToolResult } from '../../src/types.js';

/** Progress of one batch: which calls started, which have results. */
export class Batch {
  /** True when every call names a registered tool that is readOnly and concurrencySafe. */
  readonly concurrent: boolean;
  private readonly results: (ToolResult | undefined)[];
  private started = 0;
  private settledCount = 0;
  private readonly runningIndexes = new Set<number>();

  constructor(
    readonly iteration: number,
    readonly calls: readonly ToolCallRequest[],
    tools: ToolSet,
  ) {
    this.results = new Array<ToolResult | undefined>(calls.length);
    this.concurrent = calls.every((call) => tools.lookup(call.name)?.parallelSafe === true);
  }

  /** How many calls may run at once in this batch. */
  capacity(maxConcurrency: number): number {
    return this.concurrent ? maxConcurrency : 1;
  }

  /** Index of the next call to start, or undefined when it must wait or none is left. */
  startNext(maxConcurrency: number): number | undefined {
    if (this.started >= this.calls.length || this.runningIndexes.size >= this.capacity(maxConcurrency)) return undefined;
    const index = this.started++;
    this.runningIndexes.add(index);
    return index;
  }

  /** Indexes of calls that were started and have no result yet. */
  running(): number[] {
    return [...this.runningIndexes];
  }

  /** Marks every call not yet started as started, returning their indexes (used when cancelling). */
  takeUnstarted(): number[] {
    const indexes: number[] = [];
    while (this.started < this.calls.length) indexes.push(this.started++);
    return indexes;
  }

  record(index: number, result: ToolResult): void {
    if (this.results[index] !== undefined) return;
    this.results[index] = result;
    this.runningIndexes.delete(index);
    this.settledCount++;
  }

  /** True when `index` is the only call without a result: recording it settles the batch. */
  isLastOutstanding(index: number): boolean {
    return this.settledCount === this.calls.length - 1 && this.results[index] === undefined;
  }

  get settled(): boolean {
    return this.settledCount === this.calls.length;
  }

  /** An independent copy of this batch's progress: for pure traversals of the Run machine. */
  clone(): Batch {
    return Object.assign(Object.create(Batch.prototype) as Batch, this, {
      results: this.results.slice(),
      runningIndexes: new Set(this.runningIndexes),
    });
  }

  /** Tool messages in call order, whatever order the calls finished in. */
  toolMessages(): ToolMessage[] {
    return this.calls.map((call, index) => toToolMessage(call.id, this.results[index]));
  }
}

/** The tool message that records a call's result in the transcript. */
export function toToolMessage(toolCallId: string, result: ToolResult | undefined): ToolMessage {
  if (result === undefined) throw new Error(`No result recorded for tool call "${toolCallId}"`);
  const message: ToolMessage = { role: 'tool', toolCallId, content: result.content, isError: result.isError === true };
  if (result.code !== undefined) message.code = result.code;
  if (result.truncated) message.truncated = true;
  return message;
}
