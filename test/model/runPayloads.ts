// The small, explicit set of representative payloads the Run model is explored with, shared by
// the model (which turns them into machine events) and the replay (which makes the real
// provider, tools and session produce them).
import { acknowledgedCancelResult, abandonedResult } from '../../src/tools/cancelledResults.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';
import { limitOutput } from '../../src/tools/calls/limitOutput.js';
import type { ProviderResponse, RunLimits, Tool, ToolContext, ToolResult } from '../../src/index.js';

/**
 * The tools of every modelled Run: `work` must run alone, `read` may run alongside other reads,
 * `guard` always needs approval, `check` asks `decide` whether it does.
 */
export function modelTools(
  execute: (args: Record<string, unknown>, ctx: ToolContext) => Promise<ToolResult | string>,
  decide: () => Promise<boolean> = () => Promise.resolve(true),
): Tool[] {
  const parameters = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } as const;
  return [
    { name: 'work', description: 'Changes something; runs alone', parameters, execute },
    { name: 'read', description: 'Reads something; safe alongside other reads', parameters, readOnly: true, concurrencySafe: true, execute },
    { name: 'guard', description: 'Needs a person to approve each call', parameters, needsApproval: true, execute },
    { name: 'check', description: 'Needs approval when its policy says so', parameters, needsApproval: () => decide(), execute },
  ];
}

/** The permission rules of every modelled Run: an ask rule for `guard`, which needs approval anyway, so each of its calls reports a decision. */
export const runModelPermissions = { ask: ['guard'] };
/** The reason that rule's decision carries. */
export const guardRuleReason = 'Needs approval by the ask rule "guard"';

const call = (id: string, name: string, args: string) => ({ id, name, arguments: args });

/** The output schema of the modelled Runs with `output` (the tools' parameters). */
export const modelOutputSchema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } as const;

/** What the runtime's own final_answer tool returns for an accepted answer. */
export const answerRecorded = { content: 'Final answer recorded.' };
const n = (value: unknown) => JSON.stringify({ n: value });

/** Provider answers, by name; `batch` is the number the next batch would get (iterations + 1). */
export const replies = {
  /** Text and no tool calls: the Run is done. */
  answer: () => ({ text: 'All done.', finishReason: 'stop' }),
  /** One call to an unsafe tool. */
  serial: (batch: number) => ({ toolCalls: [call(`serial-${batch}-0`, 'work', n(1))] }),
  /** Two calls to a safe tool: they run concurrently. */
  concurrent: (batch: number) => ({
    toolCalls: [call(`concurrent-${batch}-0`, 'read', n(1)), call(`concurrent-${batch}-1`, 'read', n(2))],
  }),
  /** A safe call and an unsafe one: the batch runs serially. */
  mixed: (batch: number) => ({ toolCalls: [call(`mixed-${batch}-0`, 'read', n(1)), call(`mixed-${batch}-1`, 'work', n(2))] }),
  /** Calls that never reach `execute`: unknown tool, invalid JSON, arguments the schema rejects. */
  rejected: (batch: number) => ({
    toolCalls: [call(`rejected-${batch}-0`, 'nope', '{}'), call(`rejected-${batch}-1`, 'work', '{"n":'), call(`rejected-${batch}-2`, 'work', n('one'))],
  }),
  /** One call to a tool that needs approval. */
  guarded: (batch: number) => ({ toolCalls: [call(`guarded-${batch}-0`, 'guard', n(1))] }),
  /** One call, and the response's usage: 10 input tokens (the budget path sets spend them). */
  costly: (batch: number) => ({ toolCalls: [call(`costly-${batch}-0`, 'work', n(1))], usage: { inputTokens: 10, outputTokens: 0, totalTokens: 10 } }),
  /** A JSON text answer that matches the output schema (mode 'native'). */
  json: () => ({ text: '{"n":1}', finishReason: 'stop' }),
  /** A valid final answer (a Run with `output`). */
  final: (batch: number) => ({ toolCalls: [call(`final-${batch}-0`, 'final_answer', n(1))] }),
  /** A final answer the schema refuses. */
  refusedFinal: (batch: number) => ({ toolCalls: [call(`refusedFinal-${batch}-0`, 'final_answer', n('one'))] }),
  /** A call to another tool beside a valid final answer: it runs, then the answer is taken. */
  besideFinal: (batch: number) => ({ toolCalls: [call(`besideFinal-${batch}-0`, 'work', n(1)), call(`besideFinal-${batch}-1`, 'final_answer', n(2))] }),
  /** The response was cut off (finishReason `length`): its call must not run. */
  incomplete: (batch: number) => ({ toolCalls: [call(`incomplete-${batch}-0`, 'work', n(1))], finishReason: 'length' }),
} satisfies Record<string, (batch: number) => ProviderResponse>;
export type ReplyName = keyof typeof replies;

/** A response the runtime cannot map to messages: two calls share an id. */
export const malformedReply: ProviderResponse = { toolCalls: [call('same', 'work', n(1)), call('same', 'work', n(2))] };
export type ProviderFailure = 'throws' | 'malformed';

/** How a started call ends while the batch runs, or after the Run told it to stop. */
export type ToolOutcome = 'ok' | 'tool_error' | 'own_error' | 'truncated' | 'crash' | 'stopped' | 'abandoned';

/** The outcomes explored for each batch's calls; a crash is the ToolCall actor failing (a clock that throws). */
export const outcomesByReply: Record<ReplyName, { running: readonly ToolOutcome[]; cancelling: readonly ToolOutcome[] }> = {
  answer: { running: [], cancelling: [] },
  serial: { running: ['ok', 'tool_error', 'own_error', 'truncated', 'crash'], cancelling: ['stopped', 'abandoned', 'crash'] },
  concurrent: { running: ['ok', 'crash'], cancelling: ['stopped'] },
  mixed: { running: ['ok'], cancelling: ['stopped'] },
  rejected: { running: [], cancelling: [] },
  incomplete: { running: [], cancelling: [] },
  costly: { running: ['ok'], cancelling: ['stopped'] },
  final: { running: [], cancelling: [] },
  json: { running: [], cancelling: [] },
  refusedFinal: { running: [], cancelling: [] },
  besideFinal: { running: ['ok'], cancelling: ['stopped'] },
  guarded: { running: ['ok'], cancelling: ['stopped'] },
};

/** The reply a call id came from (`serial-1-0` → `serial`). */
export function replyOf(callId: string): ReplyName {
  return callId.split('-')[0] as ReplyName;
}

/** What a tool returns (or throws) for an outcome that comes from `execute`. */
export function toolReturn(outcome: ToolOutcome, callId: string, limits: RunLimits): { value: ToolResult | string } | { error: Error } {
  if (outcome === 'tool_error') return { error: new Error('boom') };
  if (outcome === 'own_error') return { value: { content: 'denied', isError: true, code: 'permission_denied' } };
  if (outcome === 'truncated') return { value: 'x'.repeat(limits.maxOutputChars * 3) };
  return { value: `result of ${callId}` };
}

/** The result the ToolCall machine reports for an outcome (already cut to the limit). */
export function expectedResult(outcome: Exclude<ToolOutcome, 'crash'>, callId: string, limits: RunLimits): ToolResult {
  if (outcome === 'stopped') return acknowledgedCancelResult();
  if (outcome === 'abandoned') return abandonedResult(limits.cancelGraceMs);
  if (outcome === 'tool_error') return errorResult('tool_error', 'Tool "work" failed: boom');
  const returned = toolReturn(outcome, callId, limits);
  if ('error' in returned) throw returned.error;
  const value = returned.value;
  return limitOutput(typeof value === 'string' ? { content: value } : value, limits.maxOutputChars);
}

/** The result code each outcome gives a call ('ok' for a success). */
export const codeOfOutcome: Record<ToolOutcome, string> = {
  ok: 'ok',
  truncated: 'ok',
  tool_error: 'tool_error',
  crash: 'tool_error',
  own_error: 'permission_denied',
  stopped: 'cancelled',
  abandoned: 'cancelled',
};
