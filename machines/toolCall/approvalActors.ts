// The two asynchronous steps of approval (docs/design.md, "Approval"), as promise actors of the
// ToolCall: deciding whether a call needs approval (a tool's `needsApproval` function), and
// asking the Run's `approve` callback. Their inputs are data; the tool and the callback come
// from the Run's environment. Leaving the state that invoked them aborts their signal.
import { ToolErrorCode } from '../../src/codes.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';
import type { ToolResult } from '../../src/types.js';
import type { ApprovalAnswer, ApprovalRequest } from '../run/approval.js';
import { environmentOf } from '../run/runEnvironment.js';
import { describeError } from '../run/runOutput.js';
import { fromAbortablePromise } from './abortablePromise.js';
import { LazyToolContext } from './lazyAbort.js';

/** A normalised answer to an approval request. */
export interface ApprovalDecision {
  approved: boolean;
  reason?: string;
}

/** What the two actors receive: the call and its validated arguments. */
export type ApprovalInput = ApprovalRequest;


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

/** The wording of a call cancelled while it waited for approval. */
export function cancelledWhileWaitingResult(): ToolResult {
  return errorResult(ToolErrorCode.cancelled, 'Cancelled: the run was cancelled while this call waited for approval; it did not run.');
}

/** Resolves `true` when the tool's `needsApproval` function says the call needs a person's yes. */
export const decideApproval = fromAbortablePromise<boolean, ApprovalInput>(({ input, abort, self }) => {
  const needsApproval = environmentOf(self.system).tools.lookup(input.toolName)?.tool.needsApproval;
  if (typeof needsApproval !== 'function') return Promise.resolve(needsApproval === true);
  return Promise.resolve(needsApproval(input.arguments, new LazyToolContext(input.runId, input.callId, input.toolName, input.iteration, abort))).then((needed) => needed === true);
});

const NOBODY = 'nobody can answer it: the agent was created without an approve callback';

/**
 * Asks the Run's `approve` callback. Without one, a Run that must not wait denies at once; any
 * other waits (never resolves) for APPROVE/DENY events sent to the Run actor.
 */
export const askApprover = fromAbortablePromise<ApprovalDecision, ApprovalInput>(({ input, abort, self }) => {
  const { approve, denyWithoutApprover } = environmentOf(self.system);
  if (!approve) return denyWithoutApprover ? Promise.resolve({ approved: false, reason: NOBODY }) : new Promise<never>(() => {});
  // The callback gets its own copy: the request in the snapshot stays what was asked.
  return Promise.resolve(approve(structuredClone(input), { signal: abort.signal })).then(normalizeAnswer);
});
