// What one generated Run is made of: the provider's script, how each tool call behaves,
// the limits, and when (if ever) the test cancels. Plain data, so a shrunk counterexample
// reads as a story; `scenarioArbitrary` generates it.
import fc from 'fast-check';
import type { RunLimits } from '../../src/index.js';

/** Registered tools; `ghost` is never registered. */
export const REGISTERED_TOOLS = ['alpha', 'beta'] as const;
export type RegisteredToolName = (typeof REGISTERED_TOOLS)[number];
export type ToolName = RegisteredToolName | 'ghost';

/** How the model wrote a call's arguments (the tools' schema: `{ n?: integer }`, nothing else). */
export type ArgsForm =
  | 'validJson'
  | 'validObject'
  | 'emptyString'
  | 'blankString'
  | 'invalidJson'
  | 'arrayJson'
  | 'numberJson'
  | 'schemaInvalidJson'
  | 'schemaInvalidObject';

/** What `execute` does once it runs (and, when gated, once the test releases it). */
export type ToolOutcome =
  | { returns: 'string'; text: string }
  | { returns: 'resultObject'; content: string; isError: boolean; code: string | undefined }
  | { returns: 'stringOverLimit'; extraChars: number }
  | { returns: 'nonResult'; value: number | boolean | null }
  | { returns: 'throws'; message: string };

export interface PlannedCall {
  id: string;
  tool: ToolName;
  args: ArgsForm;
  outcome: ToolOutcome;
  /** `gated`: waits until the test releases it, so the Run is caught mid-batch. */
  timing: 'immediate' | 'gated';
  /** A gated tool when the Run is cancelled: it stops, or ignores its signal and finishes late (within the grace or after it). */
  onAbort: 'stops' | 'finishesWithinGrace' | 'finishesAfterGrace';
}

export type PlannedResponse =
  | { kind: 'answer'; text: string; finishReason: 'stop' | 'length' | undefined }
  | { kind: 'toolCalls'; text: string; calls: PlannedCall[]; finishReason: 'tool_calls' | 'length' | undefined }
  | { kind: 'providerThrows' }
  | { kind: 'callWithoutId' }
  | { kind: 'duplicateCallIds' };

export type CancelPlan =
  | { at: 'never' }
  | { at: 'beforeStart' }
  /** While the `request`-th (from 0) provider request is pending. */
  | { at: 'providerRequest'; request: number; providerHonoursAbort: boolean }
  /** At the first quiet moment of batch `batch` (from 1) once `afterStarts` of its calls have started. */
  | { at: 'batch'; batch: number; afterStarts: number }
  /** While the Run's `write`-th (from 0) session append is pending (writes are then gated). */
  | { at: 'sessionWrite'; write: number };

export interface ToolFlags {
  readOnly: boolean;
  concurrencySafe: boolean;
}

export interface Scenario {
  /** `actor`: createRunActor with a session binding; `agent`: createAgent().stream with a sessionId. */
  entry: 'actor' | 'agent';
  /** For the actor entry: cancel with `actor.send({ type: 'CANCEL' })` or by aborting the signal. */
  cancelVia: 'send' | 'signal';
  /** Whether the session already holds an earlier exchange. */
  withHistory: boolean;
  /** `gated`: each session append waits until the test releases it. */
  sessionWrites: 'immediate' | 'gated';
  limits: Pick<RunLimits, 'maxIterations' | 'maxConcurrency' | 'maxOutputChars' | 'cancelGraceMs'>;
  flags: Record<RegisteredToolName, ToolFlags>;
  responses: PlannedResponse[];
  /** When several gated calls wait, which one the test releases next (index modulo the waiting count). */
  releaseOrder: number[];
  cancel: CancelPlan;
}

type UnnumberedCall = Omit<PlannedCall, 'id'>;
type UnnumberedResponse = Exclude<PlannedResponse, { kind: 'toolCalls' }> | (Omit<Extract<PlannedResponse, { kind: 'toolCalls' }>, 'calls'> & { calls: UnnumberedCall[] });

const outcome: fc.Arbitrary<ToolOutcome> = fc.oneof(
  fc.record({ returns: fc.constant('string' as const), text: fc.string({ unit: 'grapheme', maxLength: 12 }) }),
  fc.record({
    returns: fc.constant('resultObject' as const),
    content: fc.string({ maxLength: 12 }),
    isError: fc.boolean(),
    code: fc.constantFrom(undefined, '', 'quota_exceeded'),
  }),
  fc.record({ returns: fc.constant('stringOverLimit' as const), extraChars: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ returns: fc.constant('nonResult' as const), value: fc.constantFrom(42, true, null) }),
  fc.record({ returns: fc.constant('throws' as const), message: fc.constantFrom('boom', '') }),
);

const call: fc.Arbitrary<UnnumberedCall> = fc.record({
  tool: fc.constantFrom<ToolName>('alpha', 'beta', 'alpha', 'beta', 'ghost'),
  args: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<ArgsForm>('validJson', 'validObject', 'emptyString', 'blankString') },
    { weight: 1, arbitrary: fc.constantFrom<ArgsForm>('invalidJson', 'arrayJson', 'numberJson', 'schemaInvalidJson', 'schemaInvalidObject') },
  ),
  outcome,
  timing: fc.constantFrom('immediate', 'gated'),
  onAbort: fc.constantFrom('stops', 'finishesWithinGrace', 'finishesAfterGrace'),
});

const finalAnswer = fc.record({ kind: fc.constant('answer' as const), text: fc.string({ maxLength: 8 }), finishReason: fc.constantFrom(undefined, 'stop', 'length') });

const response: fc.Arbitrary<UnnumberedResponse> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('toolCalls' as const),
      text: fc.constantFrom('', 'Let me check.'),
      calls: fc.array(call, { minLength: 1, maxLength: 4, size: 'max' }),
      finishReason: fc.constantFrom(undefined, 'tool_calls', undefined, 'tool_calls', undefined, 'length'),
    }),
  },
  { weight: 1, arbitrary: finalAnswer },
  { weight: 1, arbitrary: fc.constantFrom({ kind: 'providerThrows' as const }, { kind: 'callWithoutId' as const }, { kind: 'duplicateCallIds' as const }) },
);

/** Numbers the calls c1, c2, … across the whole script: ids are unique per Run. */
function numberCalls(responses: UnnumberedResponse[]): PlannedResponse[] {
  let next = 0;
  return responses.map((planned) =>
    planned.kind === 'toolCalls' ? { ...planned, calls: planned.calls.map((planned) => ({ id: `c${++next}`, ...planned })) } : planned,
  );
}

const cancelPlan: fc.Arbitrary<CancelPlan> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ at: 'never' as const }) },
  { weight: 1, arbitrary: fc.constant({ at: 'beforeStart' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ at: fc.constant('providerRequest' as const), request: fc.integer({ min: 0, max: 3 }), providerHonoursAbort: fc.boolean() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ at: fc.constant('batch' as const), batch: fc.constantFrom(1, 1, 2, 3), afterStarts: fc.integer({ min: 0, max: 2 }) }),
  },
  { weight: 2, arbitrary: fc.record({ at: fc.constant('sessionWrite' as const), write: fc.integer({ min: 0, max: 3 }) }) },
);

// Mostly parallel-safe, so that concurrent batches are common.
const flags: fc.Arbitrary<ToolFlags> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ readOnly: true, concurrencySafe: true }) },
  { weight: 1, arbitrary: fc.record({ readOnly: fc.boolean(), concurrencySafe: fc.boolean() }) },
);

export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  entry: fc.constantFrom('actor', 'agent'),
  cancelVia: fc.constantFrom('send', 'signal'),
  withHistory: fc.boolean(),
  sessionWrites: fc.constantFrom('immediate', 'immediate', 'gated'),
  limits: fc.record({
    maxIterations: fc.constantFrom(0, 1, 2, 3, 4, 4),
    maxConcurrency: fc.integer({ min: 1, max: 3 }),
    maxOutputChars: fc.oneof(fc.integer({ min: 5, max: 50 }), fc.constant(30_000)),
    cancelGraceMs: fc.integer({ min: 0, max: 50 }),
  }),
  flags: fc.record({ alpha: flags, beta: flags }),
  // Most scripts end with an answer; the others run out (a provider failure) or hit a limit.
  responses: fc
    .tuple(fc.array(response, { minLength: 1, maxLength: 4 }), fc.option(finalAnswer, { freq: 4 }))
    .map(([responses, last]) => numberCalls(last === null ? responses : [...responses, last])),
  releaseOrder: fc.array(fc.nat({ max: 3 }), { maxLength: 8 }),
  cancel: cancelPlan,
})
  .map((scenario) => (scenario.cancel.at === 'sessionWrite' ? { ...scenario, sessionWrites: 'gated' as const } : scenario));
