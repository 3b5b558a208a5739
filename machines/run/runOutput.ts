// How a Run ended, and the RunOutput built from it.
import type { RunErrorInfo, RunOutput, RunStatus, Usage } from '../../src/types.js';
import type { Transcript } from './transcript.js';

/** Decided before the last persistence step; the final state follows from it. */
export interface RunOutcome {
  status: RunStatus;
  text?: string;
  error?: RunErrorInfo;
  /** The original error behind `error`, kept for RunError's `cause`. */
  cause?: unknown;
}

/** Builds the RunOutput the terminal event and the actor's output share. */
export function buildRunOutput(outcome: RunOutcome, iterations: number, transcript: Transcript, usage: Usage | undefined): RunOutput {
  const output: RunOutput = { status: outcome.status, iterations, messages: transcript.runMessages() };
  if (outcome.text !== undefined) output.text = outcome.text;
  if (outcome.error) output.error = outcome.error;
  if (usage) output.usage = usage;
  return output;
}

/** Adds a response's token counts to the running total. */
export function addUsage(total: Usage | undefined, next: Usage | undefined): Usage | undefined {
  if (!next) return total;
  if (!total) return { ...next };
  return {
    inputTokens: total.inputTokens + next.inputTokens,
    outputTokens: total.outputTokens + next.outputTokens,
    totalTokens: total.totalTokens + next.totalTokens,
  };
}

/** A short, safe description of an unknown thrown value. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
