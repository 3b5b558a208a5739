// Typed final output in mode 'native' over the local wire servers (docs/output.md): OpenAI gets
// `response_format` json_schema, Anthropic `output_config.format`; the text answer is parsed
// and validated; a refused one goes back as a user message saying why, then `output_invalid`.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunError } from '../../src/index.js';
import { createAgent, createAnthropicProvider, createOpenAIProvider } from '../../src/index.js';
import { json, startFakeServer, type FakeServer } from '../providers/fakeServer.js';
import { createScriptedProvider } from '../../src/testing.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false } as const;

const openaiAnswer = (content: string) => json(200, { id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
const anthropicAnswer = (text: string) =>
  json(200, { id: 'm', type: 'message', role: 'assistant', content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: 3, output_tokens: 4 } });

describe("outputMode 'native'", () => {
  it('OpenAI: response_format json_schema, the JSON answer validated and typed', async () => {
    server = await startFakeServer([openaiAnswer('{"city":"Paris"}')]);
    const provider = createOpenAIProvider({ model: 'gpt-4o-mini', apiKey: 'k', baseURL: `${server.origin}/v1`, stream: false });
    const output = await createAgent({ provider, output: schema, outputMode: 'native' }).run('Capital of France?');
    expect(output.output).toEqual({ city: 'Paris' });
    const body = server.requests[0]!.body;
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'final_answer', schema, strict: false } });
    expect(body.tools).toBeUndefined();
  });

  it('Anthropic: output_config.format json_schema; a refused answer is sent back, the second taken', async () => {
    server = await startFakeServer([anthropicAnswer('Paris'), anthropicAnswer('{"city":"Paris"}')]);
    const provider = createAnthropicProvider({ model: 'claude-sonnet-4-5', apiKey: 'k', baseURL: server.origin, stream: false });
    const output = await createAgent({ provider, output: schema, outputMode: 'native' }).run('Capital of France?');
    expect(output.output).toEqual({ city: 'Paris' });
    expect(server.requests[0]!.body.output_config).toEqual({ format: { type: 'json_schema', schema } });
    const retry = server.requests[1]!.body.messages.at(-1);
    expect(retry.role).toBe('user');
    expect(JSON.stringify(retry.content)).toContain('Your answer was not accepted');
    expect(output.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('answers refused past maxOutputRetries fail the Run with output_invalid', async () => {
    const provider = createScriptedProvider([{ text: '{}' }, { text: '{"city": 1}' }]);
    const error = (await createAgent({ provider, output: schema, outputMode: 'native', maxOutputRetries: 1 })
      .run('x')
      .catch((thrown: unknown) => thrown)) as RunError;
    expect(error.code).toBe('output_invalid');
    expect(error.message).toContain('2 attempts (maxOutputRetries 1)');
    expect(provider.calls).toBe(2);
  });

  it('at the iteration limit, the last turn offers no tool and still takes the answer', async () => {
    const provider = createScriptedProvider([
      { toolCalls: [{ id: 'e1', name: 'echo', arguments: '{"text":"a"}' }] },
      { text: '{"city":"Oslo"}' },
    ]);
    const echo = { name: 'echo', description: 'Echo', parameters: { type: 'object' as const }, execute: async () => 'a' };
    const output = await createAgent({ provider, tools: [echo], output: schema, outputMode: 'native', limits: { maxIterations: 1 } }).run('x');
    expect(output.output).toEqual({ city: 'Oslo' });
    expect(provider.requests.map((request) => request.tools.length)).toEqual([1, 0]);
    expect(provider.requests.every((request) => request.responseFormat?.name === 'final_answer')).toBe(true);
  });
});
