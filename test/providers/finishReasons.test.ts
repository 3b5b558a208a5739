import { describe, expect, it } from 'vitest';
import { mapAnthropicStopReason } from '../../src/providers/anthropic/mapResponse.js';
import { mapOpenAIFinishReason } from '../../src/providers/openai/mapResponse.js';

describe('finish reasons map onto our union', () => {
  it.each([
    ['stop', 'stop'],
    ['tool_calls', 'tool_calls'],
    ['function_call', 'tool_calls'],
    ['length', 'length'],
    ['content_filter', 'content_filter'],
    ['insufficient_system_resource', 'other'],
    [null, 'other'],
    [undefined, 'other'],
  ] as const)('OpenAI %s → %s', (reason, expected) => {
    expect(mapOpenAIFinishReason(reason)).toBe(expected);
  });

  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['tool_use', 'tool_calls'],
    ['max_tokens', 'length'],
    ['refusal', 'refusal'],
    ['pause_turn', 'other'],
    ['model_context_window_exceeded', 'other'],
    [null, 'other'],
  ] as const)('Anthropic %s → %s', (reason, expected) => {
    expect(mapAnthropicStopReason(reason)).toBe(expected);
  });
});
