// The Run's context: plain, JSON-serialisable data, replaced (never changed) by `assign`, so
// that every snapshot stays what it was (docs/design.md, "Snapshots"). What is not data
// (provider, tools, store, clock) is in the RunEnvironment.
import type { Message, RunLimits, RunOutput, Usage } from '../../src/types.js';
import type { BatchProgress } from './batchProgress.js';
import type { RunOutcome } from './runOutput.js';

export interface RunContext {
  runId: string;
  limits: RunLimits;
  inputText: string;
  /** Earlier messages of the session, sent before this Run's messages; never changed. */
  history: readonly Message[];
  /** This Run's messages, starting with the user input; a new array on every append. */
  messages: readonly Message[];
  /** The session id the Run appends to, if any. */
  sessionId: string | undefined;
  /** How many of `messages` are durable in the session (all of them without a session). */
  persistedCount: number;
  /** Tool batches executed (or refused as incomplete) so far. */
  iterations: number;
  batch: BatchProgress | undefined;
  /** The `seq` the next event gets. */
  seq: number;
  /** Clock reading when the pending provider request was made. */
  requestedAt: number;
  /** Text streamed by the pending request so far (kept in the output of a cancelled Run). */
  streamedText: string;
  outcome: RunOutcome | undefined;
  cancelRequested: boolean;
  cancelReason: unknown;
  usage: Usage | undefined;
  output: RunOutput | undefined;
}

/** What a Run starts from; everything in it is data. */
export interface RunMachineInput {
  runId: string;
  limits: RunLimits;
  input: string;
  /** Earlier messages of the session, sent before the input. */
  history?: readonly Message[];
  /** The session the Run appends to; its store is in the environment. */
  sessionId?: string;
  /** True when the caller's signal was already aborted: the provider is never called. */
  cancelled?: boolean;
}

/**
 * The context of a Run that has not started.
 * @example
 * import { DEFAULT_LIMITS } from '../../src/limits.js';
 * initialRunContext({ runId: 'r1', limits: DEFAULT_LIMITS, input: 'Hi' }).messages // [{ role: 'user', content: 'Hi' }]
 */
export function initialRunContext(input: RunMachineInput): RunContext {
  return {
    runId: input.runId,
    limits: input.limits,
    inputText: input.input,
    history: input.history ?? [],
    messages: [{ role: 'user', content: input.input }],
    sessionId: input.sessionId,
    persistedCount: 0,
    iterations: 0,
    batch: undefined,
    seq: 0,
    requestedAt: 0,
    streamedText: '',
    outcome: undefined,
    cancelRequested: input.cancelled === true,
    cancelReason: undefined,
    usage: undefined,
    output: undefined,
  };
}
