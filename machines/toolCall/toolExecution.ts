// Runs one tool's `execute` for a ToolCall actor without an actor of its own: the tool
// starts in the ToolCall's entry action and reports back with `tool.settled`. The abort
// handle is kept here, keyed by the ToolCall actor, never in machine context. The tool's
// signal aborts on CANCEL (`abortExecution`), and when the ToolCall actor stops before the
// tool settled (its Run was stopped): the Run no longer waits, so the tool must stop too.
import type { AnyActorRef } from 'xstate';
import { runTool } from '../../src/tools/calls/runTool.js';
import type { RegisteredTool } from '../../src/tools/toolSet.js';
import type { ToolResult } from '../../src/types.js';
import { LazyAbort, LazyToolContext } from './lazyAbort.js';

export interface ToolExecutionInput {
  tool: RegisteredTool;
  args: Record<string, unknown>;
  runId: string;
  callId: string;
  iteration: number;
}

/** Sent to the ToolCall actor when `execute` settled (always as a ToolResult). */
export interface ToolSettledEvent {
  type: 'tool.settled';
  result: ToolResult;
}

// The abort handle of each ToolCall actor whose tool has not settled yet.
const running = new WeakMap<AnyActorRef, LazyAbort>();


/**
 * Calls `execute` for `owner`, which receives `tool.settled` unless it stopped first.
 * @example
 * import type { AnyActorRef } from 'xstate';
 * import type { RegisteredTool } from '../../src/tools/toolSet.js';
 * declare const self: AnyActorRef; // the ToolCall actor
 * declare const tool: RegisteredTool;
 * startExecution(self, { tool, args: {}, runId: 'r1', callId: 'c1', iteration: 1 })
 */
export function startExecution(owner: AnyActorRef, input: ToolExecutionInput): void {
  const abort = new LazyAbort();
  running.set(owner, abort);
  // `complete` comes when the owner reaches a final state or is stopped.
  const watch = owner.subscribe({
    complete: () => {
      if (running.get(owner) !== abort) return;
      running.delete(owner);
      abort.abort(new DOMException('The tool call was abandoned', 'AbortError'));
    },
  });
  void runTool(input.tool.tool, input.args, new LazyToolContext(input.runId, input.callId, input.tool.tool.name, input.iteration, abort)).then((result) => {
    if (running.get(owner) !== abort) return;
    running.delete(owner);
    watch.unsubscribe();
    owner.send({ type: 'tool.settled', result } satisfies ToolSettledEvent);
  });
}

/**
 * Aborts the signal of the tool `owner` runs; its result is still awaited (cancelGraceMs).
 * @example
 * import type { AnyActorRef } from 'xstate';
 * declare const self: AnyActorRef; // the ToolCall actor
 * abortExecution(self, 'user left')
 */
export function abortExecution(owner: AnyActorRef, reason: unknown): void {
  running.get(owner)?.abort(reason);
}
