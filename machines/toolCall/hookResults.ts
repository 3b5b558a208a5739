// The results of calls that hooks or permission rules stopped (docs/hooks.md): refused before
// they ran, cancelled while a hook was asked, or run but with a result the afterToolCall hook
// could not review.
import { ToolErrorCode } from '../../src/codes.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';
import type { ToolResult } from '../../src/types.js';

/**
 * The result of a call a hook or a rule refused: the model is told it did not run, and why.
 * @example refusedResult('Denied by the deny rule "shell(rm *)"').code // 'denied'
 */
export function refusedResult(reason: string): ToolResult {
  return errorResult(ToolErrorCode.denied, `Denied: this call was not run. ${reason.replace(/[.\s]*$/, '')}. Change course or ask the user.`);
}

/**
 * The result of a call whose tool ran but whose afterToolCall hook failed; the tool's output is withheld.
 * @example hookFailedResult('boom').code // 'hook_failed'
 */
export function hookFailedResult(why: string): ToolResult {
  return errorResult(ToolErrorCode.hookFailed, `The tool ran, but the afterToolCall hook failed (${why}), so its result is withheld.`);
}

/**
 * The wording of a call cancelled while its beforeToolCall hook was asked.
 * @example cancelledWhileCheckingResult().code // 'cancelled'
 */
export function cancelledWhileCheckingResult(): ToolResult {
  return errorResult(ToolErrorCode.cancelled, 'Cancelled: the run was cancelled while this call was checked by its hooks; it did not run.');
}
