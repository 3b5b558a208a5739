// An OpenAI chat completion (received whole, or assembled from a stream) → our ProviderResponse.
import { ProviderError } from '../../errors.js';
import { excerpt } from '../http/redact.js';
import type { FinishReason, ProviderResponse, ToolCallRequest, Usage } from '../../types.js';
import type { OpenAICompletion, OpenAIResponseToolCall, OpenAIUsage } from './wire.js';
import { isRecord } from '../../isRecord.js';

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  stop: 'stop',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  length: 'length',
  content_filter: 'content_filter',
};

/** `stop`, `tool_calls`/`function_call`, `length`, `content_filter`; anything else is `other`. */
export function mapOpenAIFinishReason(reason: string | null | undefined): FinishReason {
  return (reason ? FINISH_REASONS[reason] : undefined) ?? 'other';
}

export function mapOpenAIUsage(usage: OpenAIUsage): Usage {
  const inputTokens = usage.prompt_tokens ?? 0;
  const outputTokens = usage.completion_tokens ?? 0;
  const mapped: Usage = { inputTokens, outputTokens, totalTokens: usage.total_tokens ?? inputTokens + outputTokens };
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (typeof cached === 'number') mapped.cacheReadTokens = cached;
  return mapped;
}

function toolCall(call: OpenAIResponseToolCall): ToolCallRequest {
  return { id: call.id ?? '', name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' };
}


/** Checks the parts the mapping reads; anything else about the body is ignored. */
function asCompletion(body: unknown): OpenAICompletion {
  const choices = isRecord(body) ? body.choices : undefined;
  if (!Array.isArray(choices) || choices.length === 0 || !choices.every((c) => isRecord(c) && isRecord(c.message))) {
    throw new ProviderError('Response has no choice with a message', {
      details: { body: excerpt(JSON.stringify(body) ?? '') },
    });
  }
  return body as unknown as OpenAICompletion;
}

/**
 * Maps the first choice: its text, its function tool calls (arguments as sent), usage, finish
 * reason. A refusal is the model's answer: its text is the response's text (after any content)
 * and the finish reason is `refusal`, whatever `finish_reason` says (OpenAI sends `stop`).
 */
export function mapOpenAICompletion(body: unknown): ProviderResponse {
  const completion = asCompletion(body);
  const [choice] = completion.choices;
  const message = choice?.message ?? {};
  const calls = (message.tool_calls ?? []).filter((call) => call.type === undefined || call.type === 'function');
  const refusal = typeof message.refusal === 'string' && message.refusal !== '' ? message.refusal : undefined;
  const response: ProviderResponse = {
    text: (message.content ?? '') + (refusal ?? ''),
    toolCalls: calls.map(toolCall),
    finishReason: refusal === undefined ? mapOpenAIFinishReason(choice?.finish_reason) : 'refusal',
  };
  if (completion.usage) response.usage = mapOpenAIUsage(completion.usage);
  return response;
}
