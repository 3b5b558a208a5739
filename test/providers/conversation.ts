// One request used by the adapter tests: every message kind, a batch of two tool results (one an
// error), and two tools.
import type { Provider, ProviderRequest, ProviderResponse, ToolSpec } from '../../src/index.js';

export const weatherTool: ToolSpec = {
  name: 'get_weather',
  description: 'Current weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

export const timeTool: ToolSpec = {
  name: 'get_time',
  description: 'Current time in a time zone',
  parameters: { type: 'object', properties: { timezone: { type: 'string' } }, required: ['timezone'] },
};

export const conversation: ProviderRequest = {
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Weather and time in Paris?' },
    {
      role: 'assistant',
      content: 'Checking.',
      toolCalls: [
        { id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_2', name: 'get_time', arguments: '{"timezone":"Europe/Paris"}' },
      ],
    },
    { role: 'tool', toolCallId: 'call_1', content: '18°C, cloudy', isError: false },
    { role: 'tool', toolCallId: 'call_2', content: 'clock unavailable', isError: true, code: 'tool_error' },
    { role: 'user', content: 'Thanks. Summarise.' },
  ],
  tools: [weatherTool, timeTool],
};

export const neverAborted = (): AbortSignal => new AbortController().signal;

export const usage = (inputTokens: number, outputTokens: number, cache: { cacheReadTokens?: number; cacheWriteTokens?: number } = {}) => ({
  inputTokens,
  outputTokens,
  totalTokens: inputTokens + outputTokens,
  ...cache,
});

/** Completes `conversation` once, collecting the text deltas. */
export async function completeCollecting(provider: Provider): Promise<{ response: ProviderResponse; deltas: string[] }> {
  const deltas: string[] = [];
  const response = await provider.complete(conversation, { signal: neverAborted(), onTextDelta: (delta) => deltas.push(delta) });
  return { response, deltas };
}
