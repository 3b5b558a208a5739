// A tool's `execute` as an actor of its ToolCall (docs/design.md, "The ToolCall"): the
// ToolCall invokes it in `executing`, so the inspector shows what does the work. It reports
// `tool.settled` back; a `CANCEL` it receives aborts the tool's signal (the ToolCall still waits
// cancelGraceMs for it), and being stopped before the tool settled (the ToolCall ended, or its
// Run actor was stopped) aborts it too. Its input is data (the call and its validated
// arguments); the tool comes from the environment the actor was bound to.
//
// A restored execution never runs again: the tool may have had effects before the snapshot,
// so the Run gives the call an `interrupted` result instead (run.resumed).
import { fromCallback, type CallbackActorLogic, type CallbackSnapshot, type EventObject, type NonReducibleUnknown } from 'xstate';
import { runTool } from '../../src/tools/calls/runTool.js';
import type { ToolSet } from '../../src/tools/toolSet.js';
import type { ToolResult } from '../../src/types.js';
import { copyJson } from './copyJson.js';
import { LazyAbort, LazyToolContext } from './lazyAbort.js';

export interface ToolExecutionInput {
  runId: string;
  callId: string;
  toolName: string;
  iteration: number;
  /** The validated arguments (JSON); the tool gets its own copy. */
  args: Record<string, unknown>;
}

/** Sent to the ToolCall when `execute` settled (always as a ToolResult). */
export interface ToolSettledEvent {
  type: 'tool.settled';
  result: ToolResult;
}

/** Sent to the execution by its ToolCall: abort the tool's signal. */
export interface ToolAbortEvent {
  type: 'CANCEL';
  reason?: unknown;
}

const abandoned = () => new DOMException('The tool call was abandoned', 'AbortError');

/**
 * Callback logic with one change: a restored snapshot is restored stopped, so restoring a Run
 * never calls the callback again.
 * @example
 * import { fromCallback } from 'xstate';
 * const logic = neverRestarted(fromCallback(() => {}));
 */
export function neverRestarted<TEvent extends EventObject, TInput>(logic: CallbackActorLogic<TEvent, TInput>): CallbackActorLogic<TEvent, TInput> {
  return { ...logic, restoreSnapshot: (snapshot) => ({ status: 'stopped', output: undefined, error: undefined, input: (snapshot as CallbackSnapshot<TInput>).input }) };
}

/**
 * The execution actor logic for the tools of `tools`.
 * @example
 * import { setup } from 'xstate';
 * import type { ToolSet } from '../../src/tools/toolSet.js';
 * declare const toolSet: ToolSet;
 * setup({ actors: { executeTool: executeTool(toolSet) } });
 */
export function executeTool(tools: ToolSet) {
  return neverRestarted(
    fromCallback<ToolAbortEvent, ToolExecutionInput & NonReducibleUnknown>(({ input, sendBack, receive }) => {
      const registered = tools.lookup(input.toolName);
      const abort = new LazyAbort();
      let settled = false;
      receive((event) => abort.abort(event.reason));
      const context = new LazyToolContext(input.runId, input.callId, input.toolName, input.iteration, abort);
      if (!registered) throw new Error(`unreachable: executing the unregistered tool "${input.toolName}"`);
      void runTool(registered.tool, copyJson(input.args), context).then((result) => {
        settled = true;
        sendBack({ type: 'tool.settled', result } satisfies ToolSettledEvent);
      });
      return () => {
        if (!settled) abort.abort(abandoned());
      };
    }),
  );
}
