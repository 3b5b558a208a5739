// The answers and results of human approval (docs/design.md, "Approval"): an approver's answer
// as a decision, and the results of calls that did not run because of it.
import { ToolErrorCode } from '../../src/codes.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';
import type { ToolResult } from '../../src/types.js';
import { describeError } from '../actors/describeError.js';
import type { ApprovalAnswer } from '../approval.js';

/** A normalised answer to an approval request. */
export interface ApprovalDecision {
  approved: boolean;
  reason?: string;
}

/** Why a call is denied when nobody can answer its request (an agent without `approve`). */
export const NOBODY_TO_ASK = 'nobody can answer it: the agent was created without an approve callback';

/**
 * The answer as `{ approved, reason? }`; anything else than a boolean or such an object denies.
 * @example normalizeAnswer(true) // { approved: true }
 */
export function normalizeAnswer(answer: ApprovalAnswer | unknown): ApprovalDecision {
  if (typeof answer === 'boolean') return { approved: answer };
  if (typeof answer === 'object' && answer !== null && typeof (answer as { approved?: unknown }).approved === 'boolean') {
    const { approved, reason } = answer as { approved: boolean; reason?: unknown };
    return typeof reason === 'string' && reason !== '' ? { approved, reason } : { approved };
  }
  return { approved: false, reason: `the approver answered ${describeError(answer)}, not a yes or no` };
}

/**
 * The result of a denied call: the model is told it did not run, and why.
 * @example deniedResult('too risky').code // 'denied'
 */
export function deniedResult(reason: string | undefined): ToolResult {
  const why = reason ? `: ${reason}` : '.';
  return errorResult(ToolErrorCode.denied, `Denied: this call was not run because its approval was refused${why} Change course or ask the user.`);
}

/**
 * The wording of a call cancelled while it waited for approval.
 * @example cancelledWhileWaitingResult().code // 'cancelled'
 */
export function cancelledWhileWaitingResult(): ToolResult {
  return errorResult(ToolErrorCode.cancelled, 'Cancelled: the run was cancelled while this call waited for approval; it did not run.');
}
