// A whole agent Run against the local server: the model asks for a tool, the tool runs, its
// result goes back over the wire, the model answers.
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, createAnthropicProvider, createOpenAIProvider, type Provider, type Tool } from '../../src/index.js';
import { fixture, sse, startFakeServer, type FakeServer } from './fakeServer.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function weatherTool(calls: unknown[], fail = false): Tool {
  return {
    name: 'get_weather',
    description: 'Current weather of a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
      additionalProperties: false,
    },
    readOnly: true,
    execute: async (args) => {
      calls.push(args);
      if (fail) throw new Error('weather service down');
      return '18°C, cloudy';
    },
  };
}

describe('a full agent run over HTTP', () => {
  it('OpenAI: tool call round, then the final answer; the second request carries the tool result', async () => {
    server = await startFakeServer([sse(fixture('openai/tool-call.sse')), sse(fixture('openai/text.sse'))]);
    const calls: unknown[] = [];
    const provider: Provider = createOpenAIProvider({ model: 'gpt-4o-mini', apiKey: 'k', baseURL: `${server.origin}/v1` });
    const agent = createAgent({ provider, tools: [weatherTool(calls)] });

    const output = await agent.run('Weather in Paris?');

    expect(output.status).toBe('completed');
    expect(output.text).toBe('Hello! How can I help you today — café ☕?');
    expect(output.iterations).toBe(1);
    expect(calls).toEqual([{ city: 'Paris', unit: 'celsius' }]);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.body.tools[0].function.name).toBe('get_weather');
    expect(server.requests[1]?.body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_Vx3kQz8YpR2mN5tL7wB1cD4e',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_Vx3kQz8YpR2mN5tL7wB1cD4e', content: '18°C, cloudy' },
    ]);
  });

  it('Anthropic: tool_use round, then the final answer; the second request carries the tool_result', async () => {
    server = await startFakeServer([sse(fixture('anthropic/tool-use.sse')), sse(fixture('anthropic/text.sse'))]);
    const calls: unknown[] = [];
    const provider = createAnthropicProvider({ model: 'claude-sonnet-4-5', apiKey: 'k', baseURL: server.origin });
    const agent = createAgent({ provider, tools: [weatherTool(calls)] });

    const output = await agent.run('Weather in Paris?');

    expect(output.text).toBe('Hello! How can I help you today — café ☕?');
    expect(calls).toEqual([{ city: 'Paris', unit: 'celsius' }]);
    expect(server.requests[0]?.body.tools[0]).toMatchObject({ name: 'get_weather', input_schema: { type: 'object' } });
    expect(server.requests[1]?.body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: "I'll check the weather in Paris." },
          { type: 'tool_use', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', content: '18°C, cloudy' }] },
    ]);
  });

  it('Anthropic: a failing tool goes back as a tool_result with is_error', async () => {
    server = await startFakeServer([sse(fixture('anthropic/tool-use.sse')), sse(fixture('anthropic/text.sse'))]);
    const provider = createAnthropicProvider({ model: 'claude-sonnet-4-5', apiKey: 'k', baseURL: server.origin });
    const agent = createAgent({ provider, tools: [weatherTool([], true)] });

    await agent.run('Weather in Paris?');

    const result = server.requests[1]?.body.messages[2].content[0];
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', is_error: true });
    expect(result.content).toMatch(/^Error \[tool_error\]: .*weather service down/);
  });
});
