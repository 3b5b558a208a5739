// How a Run ended, and the RunOutput built from it.
import { RunErrorCode } from '../../src/codes.js';
import type { Message, RunErrorInfo, RunOutput, RunSpending, RunStatus, Usage } from '../../src/types.js';
import { describeCause, type DescribedError } from '../actors/describeError.js';

/** Decided before the last persistence step; the final state follows from it. */
export interface RunOutcome {
  status: RunStatus;
  text?: string;
  error?: RunErrorInfo;
  /** The accepted answer of a Run with `output` (JSON, as validated). */
  output?: unknown;
  /** What was behind `error` (the provider's error, the cancel reason), described; the live value never enters the context. */
  cause?: DescribedError;
}

/**
 * Builds the RunOutput the terminal event and the actor's output share.
 * @example
 * import { describeCause } from '../actors/describeError.js';
 * buildRunOutput({ runId: 'r1', outcome: cancelledOutcome(describeCause('user left')), iterations: 0, messages: [], usage: undefined }).status; // 'cancelled'
 */
export function buildRunOutput(run: {
  runId: string;
  outcome: RunOutcome;
  iterations: number;
  messages: readonly Message[];
  usage: Usage | undefined;
  spent?: RunSpending;
}): RunOutput {
  const { outcome } = run;
  const output: RunOutput = { runId: run.runId, status: outcome.status, iterations: run.iterations, messages: run.messages.slice() };
  if (outcome.text !== undefined) output.text = outcome.text;
  if (outcome.output !== undefined) output.output = outcome.output;
  if (outcome.error) output.error = outcome.error;
  if (run.usage) output.usage = run.usage;
  if (run.spent) output.spent = run.spent;
  return output;
}

/**
 * Adds a response's token counts to the running total.
 * @example addUsage(undefined, { inputTokens: 1, outputTokens: 2, totalTokens: 3 })
 */
export function addUsage(total: Usage | undefined, next: Usage | undefined): Usage | undefined {
  if (!next) return total;
  if (!total) return { ...next };
  return {
    inputTokens: total.inputTokens + next.inputTokens,
    outputTokens: total.outputTokens + next.outputTokens,
    totalTokens: total.totalTokens + next.totalTokens,
  };
}

/**
 * The outcome of a cancelled Run; `cause` is the described abort reason.
 * @example
 * import { describeCause } from '../actors/describeError.js';
 * cancelledOutcome(describeCause('user left')).error?.message; // 'Run cancelled: user left'
 */
export function cancelledOutcome(reason: DescribedError | undefined): RunOutcome {
  const detail = reason === undefined ? '' : `: ${reason.message}`;
  const outcome: RunOutcome = { status: 'cancelled', error: { code: RunErrorCode.cancelled, message: `Run cancelled${detail}` } };
  if (reason !== undefined) outcome.cause = reason;
  return outcome;
}

/**
 * The outcome of a Run that failed with `code`.
 * @example failedOutcome('provider_error', 'Provider request failed', new Error('down'))
 */
export function failedOutcome(code: string, summary: string, cause: unknown): RunOutcome {
  const described = describeCause(cause);
  return { status: 'failed', error: { code, message: `${summary}: ${described.message}` }, cause: described };
}
