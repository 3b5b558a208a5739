import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider, createOpenAIProvider, ProviderError } from '../../src/index.js';
import { conversation, neverAborted } from './conversation.js';
import { deferred, fixture, json, recordingSleep, sse, startFakeServer, type FakeServer, type Handler } from './fakeServer.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function openai(handlers: Handler[], retry: Parameters<typeof createOpenAIProvider>[0]['retry'] = {}) {
  server = await startFakeServer(handlers);
  return createOpenAIProvider({ model: 'm', apiKey: 'k', baseURL: `${server.origin}/v1`, retry });
}

/** Writes part of a stream, waits for it to be flushed (and for `gate`), then destroys the socket. */
function resetAfter(text: string, gate: Promise<void> = Promise.resolve()): Handler {
  return async (_request, response) => {
    await new Promise<void>((resolve) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(text, () => resolve());
    });
    await gate;
    response.socket?.destroy();
  };
}

const firstTwoChunks = fixture('openai/text.sse').split('\n\n').slice(0, 2).join('\n\n') + '\n\n';
const toolCallStart = fixture('openai/tool-call.sse').split('\n\n').slice(0, 3).join('\n\n') + '\n\n';

describe('retries', () => {
  it('waits the retry-after of a 429, then succeeds', async () => {
    const { sleep, delays } = recordingSleep();
    const provider = await openai([json(429, { error: { message: 'Rate limit' } }, { 'retry-after': '3' }), sse(fixture('openai/text.sse'))], { sleep });

    const response = await provider.complete(conversation, { signal: neverAborted() });

    expect(response.finishReason).toBe('stop');
    expect(delays).toEqual([3000]);
    expect(server?.requests).toHaveLength(2);
  });

  it('prefers retry-after-ms, and caps a wait at maxDelayMs', async () => {
    const { sleep, delays } = recordingSleep();
    const provider = await openai(
      [
        json(429, {}, { 'retry-after-ms': '1500', 'retry-after': '2' }),
        json(503, {}, { 'retry-after': '120' }),
        sse(fixture('openai/text.sse')),
      ],
      { sleep, maxDelayMs: 10_000 },
    );

    await provider.complete(conversation, { signal: neverAborted() });

    expect(delays).toEqual([1500, 10_000]);
  });

  it('backs off exponentially with jitter after a 500, then succeeds', async () => {
    const { sleep, delays } = recordingSleep();
    const provider = await openai([json(500, 'oops'), json(502, 'bad gateway'), sse(fixture('openai/text.sse'))], {
      sleep,
      baseDelayMs: 1000,
      random: () => 0.5,
    });

    await provider.complete(conversation, { signal: neverAborted() });

    // 1000 and 2000, each cut by 0.25 * 0.5
    expect(delays).toEqual([875, 1750]);
  });

  it('gives up after maxRetries with the last status, body excerpt and attempt count', async () => {
    const { sleep, delays } = recordingSleep();
    const provider = await openai([json(529, 'overloaded'), json(529, 'overloaded'), json(529, 'still overloaded')], { sleep });

    const error = await provider.complete(conversation, { signal: neverAborted() }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).details).toEqual({ status: 529, body: 'still overloaded', attempts: 3 });
    expect((error as ProviderError).message).toContain('529');
    expect(delays).toHaveLength(2);
  });

  it('does not retry a 400, and keeps a short excerpt of its body', async () => {
    const { sleep, delays } = recordingSleep();
    const longBody = JSON.stringify({ error: { message: `Invalid 'messages': ${'x'.repeat(2000)}` } });
    const provider = await openai([json(400, longBody)], { sleep });

    const error = (await provider.complete(conversation, { signal: neverAborted() }).catch((e: unknown) => e)) as ProviderError;

    expect(error).toBeInstanceOf(ProviderError);
    expect(error.code).toBe('provider_error');
    expect(error.details?.status).toBe(400);
    expect(error.details?.attempts).toBe(1);
    expect(error.details?.body?.startsWith('{"error":{"message":"Invalid \'messages\'')).toBe(true);
    expect(error.details?.body?.length).toBeLessThanOrEqual(500);
    expect(error.message).toContain('HTTP 400');
    expect(delays).toEqual([]);
    expect(server?.requests).toHaveLength(1);
  });

  it('retries a connection reset that happens before any text was delivered', async () => {
    const { sleep } = recordingSleep();
    const provider = await openai([resetAfter(toolCallStart), sse(fixture('openai/tool-call.sse'))], { sleep });

    const response = await provider.complete(conversation, { signal: neverAborted() });

    expect(response.toolCalls?.[0]?.arguments).toBe('{"city":"Paris","unit":"celsius"}');
    expect(server?.requests).toHaveLength(2);
  });

  it('never retries once text deltas reached the caller: a reset mid-stream is a ProviderError', async () => {
    const { sleep, delays } = recordingSleep();
    const firstDelta = deferred();
    const provider = await openai([resetAfter(firstTwoChunks, firstDelta.promise), sse(fixture('openai/text.sse'))], { sleep });
    const deltas: string[] = [];
    const onTextDelta = (delta: string): void => {
      deltas.push(delta);
      firstDelta.resolve();
    };

    const error = (await provider
      .complete(conversation, { signal: neverAborted(), onTextDelta })
      .catch((e: unknown) => e)) as ProviderError;

    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toContain('network error');
    expect(error.details?.attempts).toBe(1);
    expect(deltas).toEqual(['Hello']);
    expect(delays).toEqual([]);
    expect(server?.requests).toHaveLength(1);
  });

  it('retries a refused connection, then reports it as a network error', async () => {
    const { sleep, delays } = recordingSleep();
    server = await startFakeServer([]);
    const baseURL = `${server.origin}/v1`;
    await server.close();
    server = undefined;
    const provider = createOpenAIProvider({ model: 'm', baseURL, retry: { sleep, maxRetries: 1 } });

    const error = (await provider.complete(conversation, { signal: neverAborted() }).catch((e: unknown) => e)) as ProviderError;

    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toMatch(/network error.*ECONNREFUSED/);
    expect(error.details?.attempts).toBe(2);
    expect(delays).toHaveLength(1);
  });

  it('retries an Anthropic overloaded_error event that arrives before any text', async () => {
    const { sleep } = recordingSleep();
    const overloaded = 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    server = await startFakeServer([sse(overloaded), sse(fixture('anthropic/text.sse'))]);
    const provider = createAnthropicProvider({ model: 'm', baseURL: server.origin, retry: { sleep } });

    const response = await provider.complete(conversation, { signal: neverAborted() });

    expect(response.finishReason).toBe('stop');
    expect(server.requests).toHaveLength(2);
  });
});
