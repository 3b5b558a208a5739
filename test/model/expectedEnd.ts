// An oracle for the model-based Run tests that does not come from the machine: how a Run must
// end and what each executed call's result code must be, computed from the path's stimuli
// (what the provider, tools, session and user did) with the contract's rules alone.
import type { RunPath } from './runModel.js';
import { resolvedLimits } from './runModel.js';
import { codeOfOutcome, replies } from './runPayloads.js';
import { nothingSpent, spendResponse, usedUp } from './budgetRules.js';
import { outputVerdict } from './outputRules.js';
import type { ProviderResponse } from '../../src/index.js';

export interface ExpectedEnd {
  status: 'completed' | 'limit_reached' | 'cancelled' | 'failed';
  code: string | undefined;
  /** Result codes of calls whose tool outcome the path chose ('ok' for a success). */
  callCodes: Map<string, string>;
}


/**
 * The end a finished path must reach: a failure stands (the session's over the provider's); otherwise a cancel wins; otherwise an
 * answer completes the Run and a batch over the limit ends it at the limit.
 * @example expectedEnd(path).status
 */
export function expectedEnd(path: RunPath): ExpectedEnd {
  const limits = resolvedLimits(path.set);
  let cancelled = path.set.aborted === true;
  let failed: string | undefined;
  let answered = false;
  let limitReached = false;
  let batches = 0;
  let overBudget = false;
  const spent = nothingSpent();
  const callCodes = new Map<string, string>();
  // A resumed Run picks up with its batch counted, or with its answer stored.
  if (path.set.resume === 'answered') answered = true;
  else if (path.set.resume) batches = 1;
  for (const { event } of path.steps) {
    const stimulus = event.stimulus;
    if (stimulus.kind === 'cancel') cancelled = true;
    if (stimulus.kind === 'providerFailure') failed = 'provider_error';
    // A session that could not record the Run's messages is reported over an earlier failure.
    if (stimulus.kind === 'sessionWrite' && !stimulus.ok) failed = 'session_error';
    if (stimulus.kind === 'answer' && !stimulus.approved) callCodes.set(stimulus.callId, 'denied');
    if (stimulus.kind === 'tool' && !callCodes.has(stimulus.callId)) callCodes.set(stimulus.callId, codeOfOutcome[stimulus.outcome]);
    if (stimulus.kind === 'reply') {
      const response: ProviderResponse = replies[stimulus.reply](stimulus.batch);
      const calls = Math.min(response.toolCalls?.length ?? 0, limits.maxCallsPerResponse);
      // A response that passes a budget ends the Run at the limit, whatever it asked for.
      if (spendResponse(limits, spent, response.usage, calls)) overBudget = true;
      else if (stimulus.reply === 'answer') answered = true;
      // A response with calls counts against the limit, an incomplete one too (its calls are refused).
      else if (batches >= limits.maxIterations) limitReached = true;
      else {
        batches++;
        if (response.finishReason !== 'length') spent.toolCalls += calls;
      }
    }
  }
  // A budget used up before a request ends the Run without that request.
  if (usedUp(limits, spent)) overBudget = true;
  if (failed !== undefined) return { status: 'failed', code: failed, callCodes };
  if (cancelled) return { status: 'cancelled', code: 'cancelled', callCodes };
  if (overBudget) return { status: 'limit_reached', code: 'budget_exceeded', callCodes };
  if (path.set.output) {
    const { end } = outputVerdict(path, limits, path.steps.length);
    if (end === undefined) throw new Error(`path ${path.name} ended without a reason the oracle knows`);
    return { status: end.status, code: end.status === 'failed' ? end.code : undefined, callCodes };
  }
  if (answered) return { status: 'completed', code: undefined, callCodes };
  if (limitReached) return { status: 'limit_reached', code: 'tool_iteration_limit', callCodes };
  throw new Error(`path ${path.name} ended without a reason the oracle knows`);
}
