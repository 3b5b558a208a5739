import { describe, expect, it } from 'vitest';
import { mapAnthropicMessage, mapAnthropicStopReason } from '../../src/providers/anthropic/mapResponse.js';
import { mapOpenAICompletion, mapOpenAIFinishReason } from '../../src/providers/openai/mapResponse.js';

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

describe('a refusal is the answer', () => {
  it('OpenAI message.refusal (non-streamed) is the text, with finishReason refusal whatever finish_reason says', () => {
    expect(mapOpenAICompletion({ choices: [{ message: { content: null, refusal: "I can't help with that." }, finish_reason: 'stop' }] })).toEqual({
      text: "I can't help with that.",
      toolCalls: [],
      finishReason: 'refusal',
    });
  });

  it('an empty or null OpenAI refusal is no refusal', () => {
    expect(mapOpenAICompletion({ choices: [{ message: { content: 'Hi', refusal: null }, finish_reason: 'stop' }] }).finishReason).toBe('stop');
    expect(mapOpenAICompletion({ choices: [{ message: { content: 'Hi', refusal: '' }, finish_reason: 'stop' }] }).finishReason).toBe('stop');
  });

  it('Anthropic: the text the model wrote stays the text; the explanation fills in only when it wrote none', () => {
    const details = { type: 'refusal', explanation: 'Blocked under the usage policy.' };
    expect(mapAnthropicMessage({ content: [{ type: 'text', text: 'I will not.' }], stop_reason: 'refusal', stop_details: details }).text).toBe('I will not.');
    expect(mapAnthropicMessage({ content: [], stop_reason: 'refusal', stop_details: details })).toEqual({ text: 'Blocked under the usage policy.', toolCalls: [], finishReason: 'refusal' });
  });
});
