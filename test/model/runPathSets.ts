// The path sets the Run model is explored with. Each is one configuration of the real runtime
// (limits, session, signal) and the payloads offered; deleting one removes its paths, and the
// coverage test names the transitions that are then left uncovered.
import type { OutputOptions, RunLimits } from '../../src/index.js';
import type { RunModelState } from './runModel.js';
import type { ProviderFailure, ReplyName } from './runPayloads.js';

export interface RunPathSet {
  name: string;
  /** Over the model defaults (maxConcurrency 2, maxOutputChars 400, cancelGraceMs 1000). */
  limits: Partial<RunLimits>;
  /** The Run appends to a session whose writes the test releases one by one. */
  session?: boolean;
  /** The session is a durable store's: the Run holds a lease, records call starts and its end. */
  durable?: boolean;
  /** The Run is resumed from its session at this point (see resumePointOf in runModel.ts). */
  resume?: 'serial batch' | 'interrupted call' | 'concurrent batch' | 'answered';
  /** The caller's signal is already aborted when the Run starts. */
  aborted?: boolean;
  replies: readonly ReplyName[];
  providerFailures: readonly ProviderFailure[];
  textDelta?: boolean;
  /** The Run must end with an answer matching modelOutputSchema (runPayloads.ts), with these options. */
  output?: OutputOptions;
  /** Offers a restore from the persisted snapshot (through JSON) in the states that handle one. */
  restore?: boolean;
  /** Without it: a path to every transition of the abstract graph. With it: the shortest path to each state it accepts. */
  until?: (state: RunModelState) => boolean;
}

const ended = (value: string) => (state: RunModelState) => state.snapshot.value === value;

export const runPathSets: readonly RunPathSet[] = [
  {
    name: 'in memory',
    limits: { maxIterations: 1 },
    replies: ['answer', 'serial', 'concurrent', 'mixed', 'rejected', 'incomplete'],
    providerFailures: ['throws', 'malformed'],
    textDelta: true,
    restore: true,
  },
  { name: 'with a session', limits: { maxIterations: 1 }, session: true, replies: ['answer', 'serial'], providerFailures: ['throws'], restore: true },
  { name: 'restored from snapshots', limits: { maxIterations: 1 }, session: true, replies: ['answer', 'mixed'], providerFailures: [], restore: true },
  { name: 'approval', limits: { maxIterations: 1 }, replies: ['guarded', 'answer'], providerFailures: [], restore: true },
  { name: 'signal aborted before the start', limits: {}, aborted: true, replies: [], providerFailures: [] },
  { name: 'signal aborted before the start, with a session', limits: {}, aborted: true, session: true, replies: [], providerFailures: [] },
  { name: 'limit 0', limits: { maxIterations: 0 }, replies: ['serial'], providerFailures: [], until: ended('limitReached') },
  { name: 'limit 3', limits: { maxIterations: 3 }, replies: ['serial'], providerFailures: [], until: ended('limitReached') },
  { name: 'concurrent, with a session', limits: { maxIterations: 1 }, session: true, replies: ['concurrent', 'answer'], providerFailures: [], until: ended('done') },
  // A concurrent batch larger than maxConcurrency: a call waits for a slot.
  { name: 'one call at a time', limits: { maxIterations: 1, maxConcurrency: 1 }, replies: ['concurrent', 'answer'], providerFailures: [], restore: true, until: ended('done') },
  // Budgets: a response whose calls would pass maxToolCalls; tokens used up before the next
  // request; nothing to spend at all (the first request is never made).
  { name: 'budget: tool calls', limits: { maxIterations: 2, maxToolCalls: 1 }, replies: ['serial', 'answer'], providerFailures: [], until: ended('limitReached') },
  { name: 'budget: tokens used up', limits: { maxIterations: 2, maxInputTokens: 10 }, replies: ['costly'], providerFailures: [], until: ended('limitReached') },
  { name: 'budget: nothing to spend', limits: { maxTotalTokens: 0 }, replies: [], providerFailures: [] },
  // Typed output: answers in the loop and in the last turn, refused ones, calls beside them, text instead.
  {
    name: 'output',
    limits: { maxIterations: 1 },
    output: { maxOutputRetries: 1 },
    replies: ['final', 'refusedFinal', 'besideFinal', 'answer', 'serial'],
    providerFailures: ['throws'],
    textDelta: true,
    restore: true,
  },
  { name: 'output, with a session', limits: { maxIterations: 1 }, session: true, output: { maxOutputRetries: 0 }, replies: ['besideFinal', 'refusedFinal'], providerFailures: [] },
  {
    name: 'output, native',
    limits: { maxIterations: 1 },
    output: { outputMode: 'native', maxOutputRetries: 1 },
    replies: ['json', 'answer', 'serial'],
    providerFailures: [],
  },
  { name: 'output, over budget in the last turn', limits: { maxIterations: 0, maxInputTokens: 5 }, output: {}, replies: ['costly'], providerFailures: [] },
  { name: 'output, no iterations', limits: { maxIterations: 0 }, output: { maxOutputRetries: 0 }, replies: ['final', 'refusedFinal', 'answer'], providerFailures: [] },
  // With a session the input is recorded first; the last turn is due right after it.
  { name: 'output, no iterations, with a session', limits: { maxIterations: 0 }, session: true, output: { maxOutputRetries: 0 }, replies: ['final'], providerFailures: [] },
  { name: 'durable session', limits: { maxIterations: 1 }, durable: true, replies: ['answer', 'serial'], providerFailures: ['throws'], restore: true },
  { name: 'resumed inside a serial batch', limits: { maxIterations: 1 }, durable: true, resume: 'serial batch', replies: ['answer'], providerFailures: [], until: ended('done') },
  { name: 'resumed with a call interrupted', limits: { maxIterations: 1 }, durable: true, resume: 'interrupted call', replies: ['answer'], providerFailures: [], until: ended('done') },
  { name: 'resumed inside a concurrent batch', limits: { maxIterations: 1 }, durable: true, resume: 'concurrent batch', replies: ['answer'], providerFailures: [], until: ended('done') },
  { name: 'resumed with its answer stored', limits: { maxIterations: 1 }, durable: true, resume: 'answered', replies: [], providerFailures: [], until: ended('done') },
  { name: 'one call per response', limits: { maxIterations: 1, maxCallsPerResponse: 1 }, replies: ['concurrent', 'answer'], providerFailures: [], until: ended('done') },
];
