// The honest wording of a cancelled call's result, by what the runtime knows of it.
import { errorResult } from './calls/errorResult.js';
import { ToolErrorCode } from '../codes.js';
import type { ToolResult } from '../types.js';

/** The Run was cancelled before this call started; it never ran. */
export function notStartedResult(): ToolResult {
  return errorResult(ToolErrorCode.cancelled, 'Cancelled: the run was cancelled before this call started; it did not run.');
}

/** The tool settled after its signal was aborted; whatever it returned is not used. */
export function acknowledgedCancelResult(): ToolResult {
  return errorResult(
    ToolErrorCode.cancelled,
    'Cancelled: the run was cancelled while this call was running; the tool stopped after the abort. Its partial effects, if any, are unknown.',
  );
}

/** The tool ignored its signal for `graceMs`; it may still be running. */
export function abandonedResult(graceMs: number): ToolResult {
  return errorResult(
    ToolErrorCode.cancelled,
    `Cancelled: the run was cancelled while this call was running and the tool did not stop within ${graceMs} ms; its outcome is unknown.`,
  );
}
