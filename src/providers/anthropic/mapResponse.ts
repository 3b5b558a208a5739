// An Anthropic message (received whole, or assembled from a stream) → our ProviderResponse.
import { ProviderError } from '../../errors.js';
import { excerpt } from '../http/redact.js';
import type { FinishReason, ProviderResponse, ToolCallRequest, Usage } from '../../types.js';
import type { AnthropicMessage, AnthropicResponseBlock, AnthropicStopDetails, AnthropicUsage } from './wire.js';
import { isRecord } from '../../isRecord.js';

const STOP_REASONS: Readonly<Record<string, FinishReason>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  refusal: 'refusal',
};

/** `end_turn`/`stop_sequence`, `tool_use`, `max_tokens`, `refusal`; others (`pause_turn`, …) are `other`. */
export function mapAnthropicStopReason(reason: string | null | undefined): FinishReason {
  return (reason ? STOP_REASONS[reason] : undefined) ?? 'other';
}

/** Input tokens count the cached ones too (cache writes and reads), so the total is all tokens processed. */
export function mapAnthropicUsage(usage: AnthropicUsage): Usage {
  const inputTokens =
    (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
  const outputTokens = usage.output_tokens ?? 0;
  const mapped: Usage = { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
  if (typeof usage.cache_read_input_tokens === 'number') mapped.cacheReadTokens = usage.cache_read_input_tokens;
  if (typeof usage.cache_creation_input_tokens === 'number') mapped.cacheWriteTokens = usage.cache_creation_input_tokens;
  return mapped;
}

/** `input` as we pass it on: an object as is, a string (unparsed streamed JSON) as is, else its JSON. */
function toolArguments(input: unknown): ToolCallRequest['arguments'] {
  if (input === undefined) return {};
  if (typeof input === 'string') return input;
  if (isRecord(input)) return input;
  return JSON.stringify(input);
}

function toolCall(block: AnthropicResponseBlock): ToolCallRequest {
  return { id: block.id ?? '', name: block.name ?? '', arguments: toolArguments(block.input) };
}

/**
 * The explanation a refusal carries, or '' when it carries none.
 * @example refusalExplanation({ type: 'refusal', explanation: 'Blocked under the usage policy.' }) // 'Blocked under the usage policy.'
 */
export function refusalExplanation(details: AnthropicStopDetails | null | undefined): string {
  return typeof details?.explanation === 'string' ? details.explanation : '';
}

function asMessage(body: unknown): AnthropicMessage {
  const content = typeof body === 'object' && body !== null ? (body as { content?: unknown }).content : undefined;
  if (!Array.isArray(content) || !content.every((block) => typeof block === 'object' && block !== null)) {
    throw new ProviderError('Response has no content array', {
      details: { body: excerpt(JSON.stringify(body) ?? '') },
    });
  }
  return body as AnthropicMessage;
}

/**
 * Maps text blocks (concatenated), tool_use blocks, usage and the stop reason. A refusal is the
 * model's answer: when it wrote no text, the text is the refusal's `stop_details.explanation`.
 */
export function mapAnthropicMessage(body: unknown): ProviderResponse {
  const message = asMessage(body);
  const text = message.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '')
    .join('');
  const response: ProviderResponse = {
    text: text === '' && message.stop_reason === 'refusal' ? refusalExplanation(message.stop_details) : text,
    toolCalls: message.content.filter((block) => block.type === 'tool_use').map(toolCall),
    finishReason: mapAnthropicStopReason(message.stop_reason),
  };
  if (message.usage) response.usage = mapAnthropicUsage(message.usage);
  return response;
}
