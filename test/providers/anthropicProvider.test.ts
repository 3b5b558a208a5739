import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider, type ProviderResponse } from '../../src/index.js';
import { completeCollecting, conversation, neverAborted, usage } from './conversation.js';
import { fixture, json, sse, startFakeServer, type FakeServer } from './fakeServer.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('Anthropic adapter: what it sends', () => {
  it.each([true, false])('posts /v1/messages with x-api-key, anthropic-version, system, grouped tool results (stream %s)', async (stream) => {
    server = await startFakeServer([stream ? sse(fixture('anthropic/text.sse')) : json(200, fixture('anthropic/text.json'))]);
    const provider = createAnthropicProvider({ model: 'claude-sonnet-4-5', apiKey: 'sk-ant-test', baseURL: server.origin, stream });

    await provider.complete(conversation, { signal: neverAborted() });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/messages');
    expect(request?.headers['x-api-key']).toBe('sk-ant-test');
    expect(request?.headers['anthropic-version']).toBe('2023-06-01');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      stream,
      system: 'You are terse.',
      messages: [
        { role: 'user', content: 'Weather and time in Paris?' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'call_2', name: 'get_time', input: { timezone: 'Europe/Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: '18°C, cloudy' },
            { type: 'tool_result', tool_use_id: 'call_2', content: 'Error [tool_error]: clock unavailable', is_error: true },
            { type: 'text', text: 'Thanks. Summarise.' },
          ],
        },
      ],
      tools: conversation.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters })),
    });
  });

  it('sends arguments that are not a JSON object as input {}, and joins system messages', async () => {
    server = await startFakeServer([json(200, fixture('anthropic/text.json'))]);
    const provider = createAnthropicProvider({ model: 'm', baseURL: server.origin, stream: false, maxTokens: 100, temperature: 0 });

    await provider.complete(
      {
        messages: [
          { role: 'system', content: 'One.' },
          { role: 'system', content: 'Two.' },
          { role: 'user', content: 'go' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [
              { id: 'a', name: 'get_time', arguments: '{"timezone": ' },
              { id: 'b', name: 'get_time', arguments: '[1, 2]' },
              { id: 'c', name: 'get_time', arguments: '' },
            ],
          },
          { role: 'tool', toolCallId: 'a', content: 'bad json', isError: true, code: 'invalid_json' },
          { role: 'tool', toolCallId: 'b', content: 'not an object', isError: true, code: 'invalid_json' },
          { role: 'tool', toolCallId: 'c', content: 'ok', isError: false },
        ],
        tools: [],
      },
      { signal: neverAborted() },
    );

    const body = server.requests[0]?.body;
    expect(body.system).toBe('One.\n\nTwo.');
    expect(body.max_tokens).toBe(100);
    expect(body.temperature).toBe(0);
    expect(body.tools).toBeUndefined();
    expect(body.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 'a', name: 'get_time', input: {} },
        { type: 'tool_use', id: 'b', name: 'get_time', input: {} },
        { type: 'tool_use', id: 'c', name: 'get_time', input: {} },
      ],
    });
    expect(body.messages[2].content).toHaveLength(3);
  });
});

const expected: Record<string, ProviderResponse> = {
  text: { text: 'Hello! How can I help you today — café ☕?', toolCalls: [], finishReason: 'stop', usage: usage(12, 14, { cacheReadTokens: 0, cacheWriteTokens: 0 }) },
  'tool-use': {
    text: "I'll check the weather in Paris.",
    toolCalls: [{ id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    finishReason: 'tool_calls',
    usage: usage(472, 89, { cacheReadTokens: 0, cacheWriteTokens: 0 }),
  },
  'parallel-tool-use': {
    text: '',
    toolCalls: [
      { id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'toolu_01B8r7T6y5U4i3O2p1A0s9D8', name: 'get_time', arguments: { timezone: 'Europe/Paris' } },
    ],
    finishReason: 'tool_calls',
    // 510 uncached + 2048 read from the prompt cache
    usage: usage(2558, 120, { cacheReadTokens: 2048, cacheWriteTokens: 0 }),
  },
  'max-tokens': { text: 'Once upon a time', toolCalls: [], finishReason: 'length', usage: usage(10, 4, { cacheReadTokens: 0, cacheWriteTokens: 0 }) },
  'stop-sequence': { text: 'First part ', toolCalls: [], finishReason: 'stop', usage: usage(15, 3, { cacheReadTokens: 0, cacheWriteTokens: 0 }) },
  refusal: { text: 'I can', toolCalls: [], finishReason: 'refusal', usage: usage(20, 2, { cacheReadTokens: 0, cacheWriteTokens: 0 }) },
  'pause-turn': { text: 'Searching…', toolCalls: [], finishReason: 'other', usage: usage(30, 5, { cacheReadTokens: 0, cacheWriteTokens: 0 }) },
};

describe('Anthropic adapter: what it returns', () => {
  it.each(Object.keys(expected))('maps %s identically whether streamed or not', async (name) => {
    server = await startFakeServer([json(200, fixture(`anthropic/${name}.json`)), sse(fixture(`anthropic/${name}.sse`))]);
    const options = { model: 'claude-sonnet-4-5', apiKey: 'k', baseURL: server.origin };

    const { response: whole } = await completeCollecting(createAnthropicProvider({ ...options, stream: false }));
    const { response: streamed, deltas } = await completeCollecting(createAnthropicProvider({ ...options, stream: true }));

    expect(whole).toEqual(expected[name]);
    expect(streamed).toEqual(whole);
    expect(deltas.join('')).toBe(whole.text);
  });

  it('reports every text delta as it arrives, in order', async () => {
    server = await startFakeServer([sse(fixture('anthropic/tool-use.sse'))]);

    const { deltas } = await completeCollecting(createAnthropicProvider({ model: 'm', baseURL: server.origin }));

    expect(deltas).toEqual(["I'll check", ' the weather', ' in Paris.']);
  });

  it('passes streamed tool input that is not valid JSON on as a string (the Run answers invalid_json)', async () => {
    const stream = fixture('anthropic/tool-use.sse').replace('": \\"celsius\\"}', '": \\"cels');
    server = await startFakeServer([sse(stream)]);

    const response = await createAnthropicProvider({ model: 'm', baseURL: server.origin }).complete(conversation, {
      signal: neverAborted(),
    });

    expect(response.toolCalls?.[0]?.arguments).toBe('{"city": "Paris", "unit": "cels');
  });
});
