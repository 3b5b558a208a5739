import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIProvider, type ProviderResponse } from '../../src/index.js';
import { completeCollecting, conversation, neverAborted, usage } from './conversation.js';
import { fixture, json, sse, startFakeServer, type FakeServer } from './fakeServer.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OpenAI adapter: what it sends', () => {
  it.each([true, false])('posts /v1/chat/completions with the key, the model, mapped messages and tools (stream %s)', async (stream) => {
    server = await startFakeServer([stream ? sse(fixture('openai/text.sse')) : json(200, fixture('openai/text.json'))]);
    const provider = createOpenAIProvider({
      model: 'gpt-4o-mini',
      apiKey: 'sk-test-123',
      baseURL: `${server.origin}/v1/`,
      stream,
      maxTokens: 256,
      temperature: 0.2,
      headers: { 'x-team': 'tiny' },
    });

    await provider.complete(conversation, { signal: neverAborted() });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-123');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-team']).toBe('tiny');
    expect(request?.body).toEqual({
      model: 'gpt-4o-mini',
      stream,
      ...(stream ? { stream_options: { include_usage: true } } : {}),
      max_tokens: 256,
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Weather and time in Paris?' },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{"timezone":"Europe/Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '18°C, cloudy' },
        { role: 'tool', tool_call_id: 'call_2', content: 'Error [tool_error]: clock unavailable' },
        { role: 'user', content: 'Thanks. Summarise.' },
      ],
      tools: conversation.tools.map((tool) => ({ type: 'function', function: tool })),
    });
  });

  it('sends no authorization header without a key, and no tools field without tools', async () => {
    server = await startFakeServer([json(200, fixture('openai/text.json'))]);
    const provider = createOpenAIProvider({ model: 'llama3.2', baseURL: `${server.origin}/v1`, stream: false });

    await provider.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] }, { signal: neverAborted() });

    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.body).toEqual({ model: 'llama3.2', stream: false, messages: [{ role: 'user', content: 'hi' }] });
  });

  it('sends an assistant turn with only tool calls as content null, and blank arguments as {}', async () => {
    server = await startFakeServer([json(200, fixture('openai/text.json'))]);
    const provider = createOpenAIProvider({ model: 'm', baseURL: `${server.origin}/v1`, stream: false });

    await provider.complete(
      {
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'get_time', arguments: '' }] },
          { role: 'tool', toolCallId: 'c', content: 'no args', isError: true },
        ],
        tools: [],
      },
      { signal: neverAborted() },
    );

    expect(server.requests[0]?.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'get_time', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c', content: 'Error: no args' },
    ]);
  });
});

const expected: Record<string, ProviderResponse> = {
  text: { text: 'Hello! How can I help you today — café ☕?', toolCalls: [], finishReason: 'stop', usage: usage(19, 12, { cacheReadTokens: 0 }) },
  'tool-call': {
    text: '',
    toolCalls: [{ id: 'call_Vx3kQz8YpR2mN5tL7wB1cD4e', name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' }],
    finishReason: 'tool_calls',
    usage: usage(84, 18, { cacheReadTokens: 0 }),
  },
  'parallel-tool-calls': {
    text: '',
    toolCalls: [
      { id: 'call_A1b2C3d4E5f6G7h8I9j0K1l2', name: 'get_weather', arguments: '{"city": "Paris"}' },
      { id: 'call_M3n4O5p6Q7r8S9t0U1v2W3x4', name: 'get_time', arguments: '{"timezone": "Europe/Paris"}' },
    ],
    finishReason: 'tool_calls',
    usage: usage(97, 46, { cacheReadTokens: 0 }),
  },
  'text-and-tool-call': {
    text: 'Let me check.',
    toolCalls: [{ id: 'call_Z9y8X7w6V5u4T3s2R1q0P9o8', name: 'get_weather', arguments: '{}' }],
    finishReason: 'tool_calls',
    usage: usage(80, 15, { cacheReadTokens: 0 }),
  },
  length: { text: 'Once upon a time', toolCalls: [], finishReason: 'length', usage: usage(12, 4, { cacheReadTokens: 0 }) },
  'content-filter': { text: 'I can', toolCalls: [], finishReason: 'content_filter', usage: usage(25, 2, { cacheReadTokens: 0 }) },
};

describe('OpenAI adapter: what it returns', () => {
  it.each(Object.keys(expected))('maps %s identically whether streamed or not', async (name) => {
    server = await startFakeServer([json(200, fixture(`openai/${name}.json`)), sse(fixture(`openai/${name}.sse`))]);
    const options = { model: 'gpt-4o-mini', apiKey: 'k', baseURL: `${server.origin}/v1` };

    const { response: whole } = await completeCollecting(createOpenAIProvider({ ...options, stream: false }));
    const { response: streamed, deltas } = await completeCollecting(createOpenAIProvider({ ...options, stream: true }));

    expect(whole).toEqual(expected[name]);
    expect(streamed).toEqual(whole);
    expect(deltas.join('')).toBe(whole.text);
  });

  it('reports every text delta as it arrives, in order', async () => {
    server = await startFakeServer([sse(fixture('openai/text.sse'))]);

    const { deltas } = await completeCollecting(createOpenAIProvider({ model: 'm', baseURL: `${server.origin}/v1` }));

    expect(deltas).toEqual(['Hello', '!', ' How', ' can', ' I', ' help', ' you', ' today', ' — ', 'café', ' ☕', '?']);
  });

  it('accepts a JSON answer to a streamed request (servers that ignore stream: true)', async () => {
    server = await startFakeServer([json(200, fixture('openai/tool-call.json'))]);

    const response = await createOpenAIProvider({ model: 'm', baseURL: `${server.origin}/v1` }).complete(conversation, {
      signal: neverAborted(),
    });

    expect(response).toEqual(expected['tool-call']);
  });
});
