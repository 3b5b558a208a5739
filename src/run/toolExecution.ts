// The actor that runs one tool's `execute`. A callback actor, so the abort handle stays
// inside the actor (not in machine context) and an abort can be signalled while the Run
// keeps waiting, up to `cancelGraceMs`, for the tool to stop.
import { fromCallback } from 'xstate';
import { runTool } from '../calls/runTool.js';
import type { RegisteredTool } from '../toolSet.js';
import type { ToolContext, ToolResult } from '../types.js';
import { LazyAbort } from './lazyAbort.js';

export interface ToolExecutionInput {
  tool: RegisteredTool;
  args: Record<string, unknown>;
  runId: string;
  callId: string;
  iteration: number;
}

/** Sent back to the tool call when `execute` settled (always as a ToolResult). */
export interface ToolSettledEvent {
  type: 'tool.settled';
  result: ToolResult;
}

/** Received from the tool call: abort the tool's signal, keep listening for its result. */
export interface ToolAbortEvent {
  type: 'tool.abort';
  reason?: unknown;
}

// `signal` is an own, enumerable getter (a spread copy of the context still has it) whose
// AbortSignal is created when the tool first reads it.
function toolContext(input: ToolExecutionInput, abort: LazyAbort): ToolContext {
  return {
    runId: input.runId,
    callId: input.callId,
    toolName: input.tool.tool.name,
    iteration: input.iteration,
    get signal() {
      return abort.signal;
    },
  };
}

/** Runs `execute` with a signal that aborts on `tool.abort` or when the actor stops. */
export const toolExecution = fromCallback<ToolAbortEvent, ToolExecutionInput>(({ input, sendBack, receive }) => {
  const abort = new LazyAbort();
  let live = true;
  receive((event) => {
    if (event.type === 'tool.abort') abort.abort(event.reason);
  });
  void runTool(input.tool.tool, input.args, toolContext(input, abort)).then((result) => {
    if (!live) return;
    live = false;
    sendBack({ type: 'tool.settled', result } satisfies ToolSettledEvent);
  });
  return () => {
    // Stopped before the tool settled: the Run no longer waits, so the tool must stop too.
    if (live) abort.abort(new DOMException('The tool call was abandoned', 'AbortError'));
    live = false;
  };
});
