// The oracle: what docs/design.md ("One call", "The Run") says a Scenario's Run must end with when nobody cancels,
// and what each call's result must be. Written from docs/design.md, not from the machine.
import type { RunStatus } from '../../src/index.js';
import type { PlannedCall, PlannedResponse, Scenario, ToolOutcome } from './scenario.js';
import { stringOverLimit } from './scenarioWorld.js';

/** What became of a response that was appended to the messages. */
export type ResponseFate =
  | 'answer' // no tool calls: the Run is done
  | 'batch' // its calls ran
  | 'incomplete' // finishReason "length": its calls get incomplete_tool_call (counts as an iteration)
  | 'overLimit'; // maxIterations batches had run: its calls get tool_iteration_limit

export interface ExpectedRun {
  status: Exclude<RunStatus, 'cancelled'>;
  errorCode: string | undefined;
  text: string | undefined;
  iterations: number;
  providerCalls: number;
  /** One per appended response, in order (a failed response is not appended). */
  fates: ResponseFate[];
}

/** Plays the script against the limits, as the contract describes the Run. */
export function expectedWithoutCancel(scenario: Scenario): ExpectedRun {
  const fates: ResponseFate[] = [];
  let iterations = 0;
  for (let index = 0; ; index++) {
    const response: PlannedResponse | undefined = scenario.responses[index];
    const ended = (status: ExpectedRun['status'], errorCode?: string, text?: string): ExpectedRun => ({
      status,
      errorCode,
      text,
      iterations,
      providerCalls: index + 1,
      fates,
    });
    // An exhausted script makes the scripted provider throw: a provider failure too.
    if (response === undefined || (response.kind !== 'answer' && response.kind !== 'toolCalls')) return ended('failed', 'provider_error');
    if (response.kind === 'answer') {
      fates.push('answer');
      return ended('completed', undefined, response.text);
    }
    if (iterations >= scenario.limits.maxIterations) {
      fates.push('overLimit');
      return ended('limit_reached', 'tool_iteration_limit');
    }
    iterations++;
    fates.push(response.finishReason === 'length' ? 'incomplete' : 'batch');
  }
}

/** The error code docs/design.md ("One call") gives a call before `execute` (unknown tool, bad JSON, schema), if any. */
export function rejectionCode(call: PlannedCall): string | undefined {
  if (call.tool === 'ghost') return 'unknown_tool';
  switch (call.args) {
    case 'invalidJson':
    case 'arrayJson':
    case 'numberJson':
      return 'invalid_json';
    case 'schemaInvalidJson':
    case 'schemaInvalidObject':
      return 'invalid_arguments';
    default:
      return undefined;
  }
}

/** What a result must say: its error code (undefined for a success) and, when known, its uncut content. */
export interface ExpectedResult {
  code: string | undefined;
  uncutContent?: string;
  /** The Run answered the call itself, without starting it. */
  refused?: boolean;
  /** Words the content must hold (checked when the output limit leaves room for them). */
  says?: string;
}

/** The result of a call whose `execute` settled before any cancel. */
export function ownResult(outcome: ToolOutcome, maxOutputChars: number): ExpectedResult {
  switch (outcome.returns) {
    case 'string':
      return { code: undefined, uncutContent: outcome.text };
    case 'resultObject':
      return { code: outcome.isError ? outcome.code || 'tool_error' : undefined, uncutContent: outcome.content };
    case 'stringOverLimit':
      return { code: undefined, uncutContent: stringOverLimit(maxOutputChars, outcome.extraChars) };
    case 'nonResult':
    case 'throws':
      return { code: 'tool_error' };
  }
}

/** A batch runs concurrently only when every call names a registered readOnly && concurrencySafe tool. */
export function runsConcurrently(calls: readonly PlannedCall[], scenario: Scenario): boolean {
  return calls.every((call) => call.tool !== 'ghost' && scenario.flags[call.tool].readOnly && scenario.flags[call.tool].concurrencySafe);
}
