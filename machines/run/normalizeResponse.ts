// Turns whatever a Provider resolved with into a response the Run can act on, or throws
// ProviderError: a response the runtime cannot map to messages must never be half-appended.
import { ProviderError } from '../../src/errors.js';
import type { FinishReason, ProviderResponse, ToolCallRequest, Usage } from '../../src/types.js';
import { describeValue } from '../../src/describeValue.js';
import { isRecord } from '../../src/isRecord.js';

/** A provider response the Run can trust. */
export interface NormalizedResponse {
  text: string;
  toolCalls: ToolCallRequest[];
  usage?: Usage;
  finishReason?: FinishReason;
}

const FINISH_REASONS: ReadonlySet<string> = new Set(['stop', 'tool_calls', 'length', 'content_filter', 'refusal', 'error', 'other']);


// Ids and names fail the whole response (provider_error): a result is attributed to its
// call by id, so a call without a unique id cannot get one, and nothing is half-appended.
// Arguments never do: whatever JSON value the provider parsed for the model becomes the
// same result as its text would (`[1]` and "[1]" both get invalid_json from prepareCall).
function normalizeCall(raw: unknown, index: number, seen: Set<string>): ToolCallRequest {
  if (!isRecord(raw)) throw new ProviderError(`Tool call ${index} is not an object`);
  const { id, name, arguments: args } = raw;
  if (typeof id !== 'string' || id.length === 0) {
    throw new ProviderError(`Tool call ${index} has no id (got ${describeValue(id)}); its result could not be attributed`);
  }
  if (seen.has(id)) throw new ProviderError(`Two tool calls share the id "${id}"; their results could not be told apart`);
  seen.add(id);
  if (typeof name !== 'string') throw new ProviderError(`Tool call "${id}" has no name (got ${describeValue(name)})`);
  return { id, name, arguments: callArguments(args, id) };
}

function callArguments(args: unknown, id: string): ToolCallRequest['arguments'] {
  if (args === undefined) return '';
  if (typeof args === 'string' || isRecord(args)) return args;
  let text: string | undefined;
  try {
    text = JSON.stringify(args);
  } catch {
    text = undefined;
  }
  if (text === undefined) throw new ProviderError(`Tool call "${id}" has arguments that are not JSON (got ${describeValue(args)})`);
  return text;
}

function normalizeUsage(raw: unknown): Usage | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) throw new ProviderError('usage is not an object');
  const inputTokens = Number(raw.inputTokens ?? 0);
  const outputTokens = Number(raw.outputTokens ?? 0);
  const totalTokens = Number(raw.totalTokens ?? inputTokens + outputTokens);
  if (![inputTokens, outputTokens, totalTokens].every(Number.isFinite)) throw new ProviderError('usage has non-numeric counts');
  const usage: Usage = { inputTokens, outputTokens, totalTokens };
  // Cache counts are optional detail: kept when they are numbers, dropped otherwise.
  if (Number.isFinite(raw.cacheReadTokens)) usage.cacheReadTokens = raw.cacheReadTokens as number;
  if (Number.isFinite(raw.cacheWriteTokens)) usage.cacheWriteTokens = raw.cacheWriteTokens as number;
  return usage;
}

/**
 * Checks a provider's response: text a string, tool calls with unique non-empty ids.
 * @example normalizeResponse({ text: 'hi' }) // { text: 'hi', toolCalls: [] }
 */
export function normalizeResponse(raw: unknown): NormalizedResponse {
  if (!isRecord(raw)) throw new ProviderError('The provider returned something that is not a response object');
  const response = raw as ProviderResponse;
  if (response.text !== undefined && typeof response.text !== 'string') throw new ProviderError('text is not a string');
  if (response.toolCalls !== undefined && !Array.isArray(response.toolCalls)) throw new ProviderError('toolCalls is not an array');
  if (response.finishReason !== undefined && !FINISH_REASONS.has(response.finishReason)) {
    throw new ProviderError(`Unknown finishReason "${String(response.finishReason)}"`);
  }
  const seen = new Set<string>();
  const toolCalls = (response.toolCalls ?? []).map((call, index) => normalizeCall(call, index, seen));
  const normalized: NormalizedResponse = { text: response.text ?? '', toolCalls };
  const usage = normalizeUsage(response.usage);
  if (usage) normalized.usage = usage;
  if (response.finishReason) normalized.finishReason = response.finishReason;
  return normalized;
}

/** Tool calls of a response that stopped for any other reason are never executed. */
export function finishedCleanly(response: NormalizedResponse): boolean {
  return response.finishReason === undefined || response.finishReason === 'stop' || response.finishReason === 'tool_calls';
}
