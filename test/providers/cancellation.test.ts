import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider, createOpenAIProvider, type Provider } from '../../src/index.js';
import { sleep } from '../../src/providers/http/abort.js';
import { conversation } from './conversation.js';
import { deferred, fixture, json, openStream, recordingSleep, startFakeServer, type FakeServer, type Handler } from './fakeServer.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const firstEvents = (name: string, count: number): string => fixture(name).split('\n\n').slice(0, count).join('\n\n') + '\n\n';

/** Sends the start of a stream and then never finishes it. */
const slowStream = (text: string): Handler => (_request, response) => openStream(response, text);

const adapters: [string, (baseURL: string, retry: object) => Provider, string][] = [
  ['OpenAI', (origin, retry) => createOpenAIProvider({ model: 'm', baseURL: `${origin}/v1`, retry }), firstEvents('openai/text.sse', 2)],
  ['Anthropic', (origin, retry) => createAnthropicProvider({ model: 'm', baseURL: origin, retry }), firstEvents('anthropic/text.sse', 4)],
];

describe('cancellation', () => {
  it.each(adapters)('%s: aborting mid-stream closes the connection and rejects with the abort reason, no retry', async (_name, create, start) => {
    const { sleep: fakeSleep, delays } = recordingSleep();
    server = await startFakeServer([slowStream(start), slowStream(start)]);
    const provider = create(server.origin, { sleep: fakeSleep });
    const controller = new AbortController();
    const reason = new DOMException('user cancelled', 'AbortError');

    const outcome = provider
      .complete(conversation, { signal: controller.signal, onTextDelta: () => controller.abort(reason) })
      .catch((e: unknown) => e);

    expect(await outcome).toBe(reason);
    expect(await server.requests[0]?.closed).toEqual({ beforeEnd: true });
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('aborting while the server has not answered yet rejects with the reason and closes the request', async () => {
    const received = deferred();
    server = await startFakeServer([() => received.resolve()]);
    const controller = new AbortController();
    const provider = createOpenAIProvider({ model: 'm', baseURL: `${server.origin}/v1` });

    const outcome = provider.complete(conversation, { signal: controller.signal }).catch((e: unknown) => e);
    await received.promise;
    controller.abort('stop now');

    expect(await outcome).toBe('stop now');
    expect(await server.requests[0]?.closed).toEqual({ beforeEnd: true });
  });

  it('aborting during the wait between retries rejects at once with the reason', async () => {
    const sleeping = deferred();
    server = await startFakeServer([json(503, 'busy'), json(200, fixture('openai/text.json'))]);
    const controller = new AbortController();
    const provider = createOpenAIProvider({
      model: 'm',
      baseURL: `${server.origin}/v1`,
      retry: {
        // A sleep that never ends by itself: only the abort can end the wait.
        sleep: () => {
          sleeping.resolve();
          return new Promise<void>(() => undefined);
        },
      },
    });

    const outcome = provider.complete(conversation, { signal: controller.signal }).catch((e: unknown) => e);
    await sleeping.promise;
    const reason = new Error('cancelled by test');
    controller.abort(reason);

    expect(await outcome).toBe(reason);
    expect(server.requests).toHaveLength(1);
  });

  it('does not send anything when the signal is already aborted', async () => {
    server = await startFakeServer([json(200, fixture('openai/text.json'))]);
    const controller = new AbortController();
    controller.abort('too late');

    const outcome = createOpenAIProvider({ model: 'm', baseURL: `${server.origin}/v1` })
      .complete(conversation, { signal: controller.signal })
      .catch((e: unknown) => e);

    expect(await outcome).toBe('too late');
    expect(server.requests).toHaveLength(0);
  });

  it('the default sleep rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal).catch((e: unknown) => e);
    controller.abort('wake up');
    expect(await waiting).toBe('wake up');
  });
});
