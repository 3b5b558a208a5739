// The two asynchronous steps of approval (docs/design.md, "Approval"), as promise actors of the
// ToolCall: deciding whether a call needs approval (a tool's `needsApproval` function), and
// asking the `approve` callback. Their inputs are data; the tool and the callback come from the
// environment they were bound to. Leaving the state that invoked them aborts their signal.
// Whether there is a callback to ask at all is decided by the ToolCall's guards, not here.
import type { ToolSet } from '../../src/tools/toolSet.js';
import type { ApprovalRequest, Approver } from '../approval.js';
import { normalizeAnswer, type ApprovalDecision } from '../toolCall/approvalResults.js';
import { fromAbortablePromise } from './abortablePromise.js';
import { LazyToolContext } from './lazyAbort.js';

/**
 * Resolves `true` when the tool's `needsApproval` function says the call needs a person's yes.
 * @example
 * import { setup } from 'xstate';
 * import type { ToolSet } from '../../src/tools/toolSet.js';
 * declare const toolSet: ToolSet;
 * setup({ actors: { decideApproval: decideApproval(toolSet) } });
 */
export function decideApproval(tools: ToolSet) {
  return fromAbortablePromise<boolean, ApprovalRequest>(({ input, abort }) => {
    const needsApproval = tools.lookup(input.toolName)?.tool.needsApproval;
    if (typeof needsApproval !== 'function') return Promise.resolve(needsApproval === true);
    return Promise.resolve(needsApproval(input.arguments, new LazyToolContext(input.runId, input.callId, input.toolName, input.iteration, abort))).then((needed) => needed === true);
  });
}

/**
 * Asks `approve`; the ToolCall invokes it only when there is a callback to ask.
 * @example
 * import { setup } from 'xstate';
 * setup({ actors: { askApprover: askApprover(() => ({ approved: true })) } });
 */
export function askApprover(approve: Approver | undefined) {
  return fromAbortablePromise<ApprovalDecision, ApprovalRequest>(({ input, abort }) => {
    if (!approve) return Promise.reject(new Error('unreachable: asking an approver that is not there'));
    // The callback gets its own copy: the request in the snapshot stays what was asked.
    return Promise.resolve(approve(structuredClone(input), { signal: abort.signal })).then(normalizeAnswer);
  });
}
