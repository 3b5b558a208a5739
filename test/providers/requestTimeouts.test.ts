// HTTP providers bound every request: an idle timeout (no bytes from the server) per attempt and
// an overall timeout over the whole request, retries included. Before, a server that went silent,
// or sent only keep-alive comments, held the request (and its Run) forever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, createAnthropicProvider, createOpenAIProvider, ProviderError, type Provider } from '../../src/index.js';
import type { HttpProviderOptions } from '../../src/providers/options.js';
import { conversation, neverAborted } from './conversation.js';
import { json, openStream, recordingSleep, startFakeServer, type FakeServer, type Handler } from './fakeServer.js';

// Each test has its own server, so the tests (which wait for timeouts) run concurrently.
const servers: FakeServer[] = [];
async function serve(handlers: Handler[]): Promise<FakeServer> {
  const server = await startFakeServer(handlers);
  servers.push(server);
  return server;
}
// The first fetch of a process loads its HTTP client; do that before timing anything.
beforeAll(async () => {
  const warm = await serve([json(200, {})]);
  await fetch(`${warm.origin}/`).then((response) => response.text());
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

type Options = Omit<HttpProviderOptions, 'model' | 'baseURL'>;
const adapters: [string, (origin: string, options: Options) => Provider][] = [
  ['OpenAI', (origin, options) => createOpenAIProvider({ model: 'm', baseURL: `${origin}/v1`, ...options })],
  ['Anthropic', (origin, options) => createAnthropicProvider({ model: 'm', baseURL: origin, ...options })],
];

/** Answers 200 with an event stream, then never sends another byte. */
const silentStream: Handler = (_request, response) => openStream(response, '');
/** Never answers at all. */
const noAnswer: Handler = () => undefined;
/** Answers 200 with an event stream of keep-alive comments only, every 20 ms, forever. */
const keepAliveOnly: Handler = (_request, response) => {
  openStream(response, ': keep-alive\n\n');
  const timer = setInterval(() => response.write(': keep-alive\n\n'), 20);
  response.on('close', () => clearInterval(timer));
};

/** The client closed the connection of the server's first request before the response ended. */
async function expectClosed(server: FakeServer): Promise<void> {
  expect(server.requests).toHaveLength(1);
  expect(await server.requests[0]?.closed).toEqual({ beforeEnd: true });
}

async function failure(provider: Provider): Promise<ProviderError> {
  const error: unknown = await provider.complete(conversation, { signal: neverAborted() }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe.concurrent('request timeouts', () => {
  describe.each(adapters)('%s', (_name, create) => {
    it('a stream that goes silent after its headers fails with the idle timeout, and the connection is closed', { timeout: 5_000 }, async () => {
      const server = await serve([silentStream]);
      const error = await failure(create(server.origin, { idleTimeoutMs: 1000, retry: { maxRetries: 0 } }));

      expect(error.message).toContain('no bytes from the server for 1000 ms (idleTimeoutMs)');
      expect(error.details).toMatchObject({ attempts: 1 });
      await expectClosed(server);
    });

    it('a server that sends only keep-alive comments fails with the overall timeout, and the connection is closed', { timeout: 5_000 }, async () => {
      const server = await serve([keepAliveOnly]);
      const error = await failure(create(server.origin, { idleTimeoutMs: 10_000, timeoutMs: 1000 }));

      expect(error.message).toContain('timed out after 1 attempt: no complete answer within 1000 ms (timeoutMs)');
      await expectClosed(server);
    });
  });

  it('a streamed request whose server never answers fails with the idle timeout', { timeout: 5_000 }, async () => {
    const server = await serve([noAnswer]);
    const error = await failure(createOpenAIProvider({ model: 'm', baseURL: `${server.origin}/v1`, idleTimeoutMs: 50, retry: { maxRetries: 0 } }));
    expect(error.message).toContain('(idleTimeoutMs)');
  });

  it('an idle attempt is retried like a dropped connection, and the error counts the attempts', { timeout: 5_000 }, async () => {
    const { sleep, delays } = recordingSleep();
    const server = await serve([silentStream, silentStream]); // (an attempt may end before the server sees it)
    const error = await failure(createOpenAIProvider({ model: 'm', baseURL: `${server.origin}/v1`, idleTimeoutMs: 50, retry: { maxRetries: 1, sleep } }));

    expect(delays).toHaveLength(1);
    expect(error.message).toContain('after 2 attempts: no bytes from the server for 50 ms (idleTimeoutMs)');
    expect(error.details).toMatchObject({ attempts: 2 });
  });

  it('an unstreamed request may wait for its whole answer beyond the idle timeout: only the overall timeout ends it', { timeout: 5_000 }, async () => {
    const server = await serve([noAnswer]);
    const provider = createOpenAIProvider({ model: 'm', baseURL: `${server.origin}/v1`, stream: false, idleTimeoutMs: 20, timeoutMs: 300 });
    const error = await failure(provider);
    expect(error.message).toContain('no complete answer within 300 ms (timeoutMs)');
    expect(error.message).not.toContain('idleTimeoutMs');
  });

  it('never starts a retry whose wait would pass the overall timeout', async () => {
    const { sleep, delays } = recordingSleep();
    const server = await serve([json(503, { error: { message: 'overloaded' } }, { 'retry-after': '10' }), json(200, {})]);
    const error = await failure(createOpenAIProvider({ model: 'm', baseURL: `${server.origin}/v1`, timeoutMs: 5_000, retry: { maxRetries: 2, sleep } }));

    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expect(error.message).toContain('gave up after 1 attempt: waiting 10000 ms to retry would pass the overall timeout of 5000 ms (timeoutMs)');
    expect(error.message).toContain('last failure: HTTP 503');
    expect(error.details).toMatchObject({ attempts: 1 });
  });

  it('retries, however many are allowed, end at the overall timeout', { timeout: 5_000 }, async () => {
    const busy = json(503, { error: { message: 'busy' } }, { 'retry-after-ms': '20' });
    const server = await serve(Array.from({ length: 1000 }, () => busy));
    const error = await failure(createOpenAIProvider({ model: 'm', baseURL: `${server.origin}/v1`, timeoutMs: 300, retry: { maxRetries: 999 } }));

    expect(error.message).toContain('300 ms (timeoutMs)');
    expect(server.requests.length).toBeLessThan(1000);
  });
});

describe('timeout options', () => {
  it.each([0, -1, 1.5, Number.NaN, 2 ** 31])('refuse %s', (value) => {
    for (const create of [createOpenAIProvider, createAnthropicProvider]) {
      expect(() => create({ model: 'm', idleTimeoutMs: value })).toThrow(ConfigurationError);
      expect(() => create({ model: 'm', timeoutMs: value })).toThrow(/timeoutMs must be a whole number of milliseconds/);
    }
  });

  it('accept Infinity, which turns a bound off', () => {
    expect(() => createOpenAIProvider({ model: 'm', idleTimeoutMs: Infinity, timeoutMs: Infinity })).not.toThrow();
  });
});
