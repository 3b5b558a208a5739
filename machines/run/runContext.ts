// The Run's context: plain, JSON-serialisable data, replaced (never changed) by `assign`, so
// that every snapshot stays what it was and survives JSON (docs/design.md, "Snapshots"). What
// is not data (provider, tools, store, clock) is the RunEnvironment; what was thrown or passed
// as a reason is kept as its description.
import { ConfigurationError } from '../../src/errors.js';
import type { Message, RunLimits, RunOutput, RunSpending, RunStatus, ToolCallRequest, Usage } from '../../src/types.js';
import { freshSpending } from './budget.js';
import type { DescribedError } from '../actors/describeError.js';
import { openBatchProgress, type BatchProgress } from './batchProgress.js';
import type { AnswerSpec } from './finalAnswer.js';
import type { RunOutcome } from './runOutput.js';

/** The format of a Run's snapshot; a snapshot of another format is refused, not guessed at. */
export const RUN_SNAPSHOT_FORMAT = 2;

export interface RunContext {
  /** RUN_SNAPSHOT_FORMAT when the snapshot was taken. */
  formatVersion: number;
  runId: string;
  limits: RunLimits;
  inputText: string;
  /** Earlier messages of the session, sent before this Run's messages; never changed. */
  history: readonly Message[];
  /** This Run's messages, starting with the user input; a new array on every append. */
  messages: readonly Message[];
  /** The session id the Run appends to, if any. */
  sessionId?: string;
  /** How many of `messages` are durable in the session (all of them without a session). */
  persistedCount: number;
  /** The session is a durable store's: the Run holds its lease, records call starts and checkpoints. */
  durableSession?: boolean;
  /** Ids of the calls of the batch that wait for a person's answer (recorded in the session's checkpoint). */
  pendingApprovals?: readonly string[];
  /** The end the Run reaches once its session is closed (`finish`). */
  ending?: RunStatus;
  /** Tool batches executed (or refused as incomplete) so far. */
  iterations: number;
  batch?: BatchProgress;
  /** The `seq` the next event gets. */
  seq: number;
  /** Clock reading when the pending provider request was made. */
  requestedAt: number;
  /** Text streamed by the pending request so far (kept in the output of a cancelled Run). */
  streamedText: string;
  outcome?: RunOutcome;
  cancelRequested: boolean;
  /** What the CANCEL said, described; undefined without a reason. */
  cancelReason?: DescribedError;
  usage?: Usage;
  /** What the Run spent against its budgets; kept by a restored Run (docs/budgets.md). */
  spent: RunSpending;
  /** Set when the Run must end with a typed answer (docs/output.md); its schema is the environment's. */
  answer?: AnswerSpec;
  output?: RunOutput;
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
  /** The Run must end with a typed answer; the environment holds its compiled schema. */
  answer?: AnswerSpec;
  /** The session is a durable store's (see RunContext.durableSession). */
  durableSession?: boolean;
  /** Where a Run continued from its session picks up (`agent.resume`, `resumeRunActor`). */
  resume?: RunResumePoint;
}

/** A Run's state as its session records it, for a resume; everything in it is data. */
export interface RunResumePoint {
  /** The Run's messages so far, from its input; all of them are in the session. */
  messages: readonly Message[];
  iterations: number;
  usage?: Usage;
  /** The calls of the last assistant message without results, when the Run stopped inside that batch. */
  batch?: {
    calls: readonly ToolCallRequest[];
    concurrent: boolean;
    /** Indexes of calls that may have run and run at most once. */
    interrupted: readonly number[];
  };
  /** The model's answer, when it is in the session and only the Run's end is not. */
  answer?: string;
  /** What the Run spent before it stopped (its budgets go on from there). */
  spent?: RunSpending;
}

/**
 * The context of a Run that has not started.
 * @example
 * import { DEFAULT_LIMITS } from '../../src/limits.js';
 * initialRunContext({ runId: 'r1', limits: DEFAULT_LIMITS, input: 'Hi' }).messages // [{ role: 'user', content: 'Hi' }]
 */
export function initialRunContext(input: RunMachineInput | undefined): RunContext {
  if (typeof input?.runId !== 'string' || typeof input.input !== 'string' || typeof input.limits !== 'object' || input.limits === null) {
    throw new ConfigurationError('runMachine needs its input ({ runId, limits, input }): create Runs with createRunActor, or pass `input` to createActor');
  }
  const { resume } = input;
  // Keys that would hold undefined, false or [] are left out: XState copies the context with
  // Object.assign at every assignment, and V8 keeps a copy with more than 19 keys in dictionary
  // mode, several times slower to copy (docs/design.md, "What the shape costs").
  const context: RunContext = {
    formatVersion: RUN_SNAPSHOT_FORMAT,
    runId: input.runId,
    limits: input.limits,
    inputText: input.input,
    history: input.history ?? [],
    messages: resume?.messages ?? [{ role: 'user', content: input.input }],
    persistedCount: resume?.messages.length ?? 0,
    iterations: resume?.iterations ?? 0,
    seq: 0,
    requestedAt: 0,
    streamedText: '',
    cancelRequested: input.cancelled === true,
    // The clock is the environment's: announceStart sets when a new Run started.
    spent: resume?.spent ?? freshSpending(0),
  };
  if (input.sessionId !== undefined) context.sessionId = input.sessionId;
  if (input.durableSession === true) context.durableSession = true;
  const batch = resumedBatch(resume);
  if (batch !== undefined) context.batch = batch;
  if (resume?.answer !== undefined) context.outcome = { status: 'completed', text: resume.answer };
  if (resume?.usage !== undefined) context.usage = resume.usage;
  if (input.answer !== undefined) context.answer = input.answer;
  return context;
}

function resumedBatch(resume: RunResumePoint | undefined): BatchProgress | undefined {
  if (resume?.batch === undefined) return undefined;
  const { calls, concurrent, interrupted } = resume.batch;
  return { ...openBatchProgress(resume.iterations, calls, concurrent), interrupted };
}
