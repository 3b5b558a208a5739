import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider, createOpenAIProvider, ProviderError, type Provider } from '../../src/index.js';
import { conversation, neverAborted } from './conversation.js';
import { fixture, json, recordingSleep, sse, startFakeServer, type FakeServer, type Handler } from './fakeServer.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failure(create: (origin: string) => Provider, handlers: Handler[]): Promise<ProviderError> {
  server = await startFakeServer(handlers);
  const error = await create(server.origin)
    .complete(conversation, { signal: neverAborted() })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const { sleep } = recordingSleep();
const openai = (origin: string): Provider => createOpenAIProvider({ model: 'm', baseURL: `${origin}/v1`, retry: { sleep } });
const anthropic = (origin: string): Provider => createAnthropicProvider({ model: 'm', baseURL: origin, retry: { sleep } });
const withoutLast = (text: string, events: number): string => text.split('\n\n').slice(0, -1 - events).join('\n\n') + '\n\n';

describe('malformed OpenAI responses', () => {
  it('rejects a stream event with malformed JSON, without retrying', async () => {
    const error = await failure(openai, [sse('data: {"choices":[{"delta":{"content":"Hel\n\n'), sse(fixture('openai/text.sse'))]);
    expect(error.message).toMatch(/malformed JSON/);
    expect(error.details?.attempts).toBe(1);
    expect(server?.requests).toHaveLength(1);
  });

  it('rejects a stream that ends before [DONE] and before a finish_reason', async () => {
    const cut = fixture('openai/text.sse').split('\n\n').slice(0, 5).join('\n\n') + '\n\n';
    const error = await failure(openai, [sse(cut)]);
    expect(error.message).toMatch(/ended before \[DONE\]/);
  });

  it('accepts a stream that has a finish_reason but no [DONE]', async () => {
    server = await startFakeServer([sse(withoutLast(fixture('openai/text.sse'), 1))]);
    const response = await openai(server.origin).complete(conversation, { signal: neverAborted() });
    expect(response.finishReason).toBe('stop');
    expect(response.usage?.totalTokens).toBe(31);
  });

  it('rejects an event stream that carries no events at all', async () => {
    const error = await failure(openai, [sse('<html>gateway timeout</html>')]);
    expect(error.message).toMatch(/ended before/);
  });

  it('rejects an error object sent inside the stream', async () => {
    const error = await failure(openai, [sse('data: {"error":{"message":"The server had an error","type":"server_error"}}\n\n')]);
    expect(error.message).toContain('The server had an error');
  });

  it('rejects a JSON body that does not parse, keeping an excerpt', async () => {
    const error = await failure(openai, [json(200, '{"id":"chatcmpl-1","choices":[')]);
    expect(error.message).toMatch(/not valid JSON/);
    expect(error.details).toMatchObject({ status: 200, body: '{"id":"chatcmpl-1","choices":[', attempts: 1 });
  });

  it('rejects a JSON body without choices', async () => {
    const error = await failure(openai, [json(200, { id: 'chatcmpl-1', choices: [] })]);
    expect(error.message).toMatch(/no choice/);
  });
});

describe('malformed Anthropic responses', () => {
  it('rejects a stream that ends before message_stop', async () => {
    const error = await failure(anthropic, [sse(withoutLast(fixture('anthropic/tool-use.sse'), 1))]);
    expect(error.message).toMatch(/ended before message_stop/);
  });

  it('rejects malformed JSON in an event', async () => {
    const error = await failure(anthropic, [sse('event: message_start\ndata: {"type":"message_start",\n\n')]);
    expect(error.message).toMatch(/malformed JSON/);
  });

  it('rejects an error event, with its type and message, without retrying a non-transient one', async () => {
    const event = 'event: error\ndata: {"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long"}}\n\n';
    const error = await failure(anthropic, [sse(event), sse(fixture('anthropic/text.sse'))]);
    expect(error.message).toContain('invalid_request_error: prompt is too long');
    expect(error.details?.attempts).toBe(1);
    expect(error.details?.body).toContain('prompt is too long');
  });

  it('does not retry an overloaded_error that arrives after text was delivered', async () => {
    const start = fixture('anthropic/text.sse').split('\n\n').slice(0, 4).join('\n\n') + '\n\n';
    const overloaded = 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const error = await failure(anthropic, [sse(start + overloaded), sse(fixture('anthropic/text.sse'))]);
    expect(error.message).toContain('overloaded_error');
    expect(error.details?.attempts).toBe(1);
    expect(server?.requests).toHaveLength(1);
  });

  it('rejects a JSON body without a content array', async () => {
    const error = await failure(anthropic, [json(200, { type: 'message', content: null })]);
    expect(error.message).toMatch(/no content array/);
  });
});
