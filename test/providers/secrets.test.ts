import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider, createOpenAIProvider, ProviderError, type Provider } from '../../src/index.js';
import { conversation, neverAborted } from './conversation.js';
import { json, startFakeServer, type FakeServer } from './fakeServer.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const KEY = 'sk-live-7f3a9c2e1b4d8f6a0c5e';

/** Everything an error exposes, as text. */
function everything(error: ProviderError): string {
  return [error.message, error.stack, JSON.stringify(error.details), String(error.cause), JSON.stringify(error)].join('\n');
}

const echoKey = json(401, { error: { message: `Incorrect API key provided: ${KEY}. You can find your API key at ...` } });

describe('credentials never reach an error', () => {
  const cases: [string, (origin: string) => Provider][] = [
    ['OpenAI apiKey', (origin) => createOpenAIProvider({ model: 'm', apiKey: KEY, baseURL: `${origin}/v1` })],
    ['Anthropic apiKey', (origin) => createAnthropicProvider({ model: 'm', apiKey: KEY, baseURL: origin })],
    ['a key in a custom header', (origin) => createOpenAIProvider({ model: 'm', baseURL: `${origin}/v1`, headers: { 'api-key': KEY } })],
  ];

  it.each(cases)('%s: a 401 that echoes the key keeps status and body, but not the key', async (_name, create) => {
    server = await startFakeServer([echoKey]);
    const error = (await create(server.origin).complete(conversation, { signal: neverAborted() }).catch((e: unknown) => e)) as ProviderError;

    expect(error).toBeInstanceOf(ProviderError);
    expect(error.details?.status).toBe(401);
    expect(error.details?.body).toContain('Incorrect API key provided: [redacted]');
    expect(everything(error)).not.toContain(KEY);
  });

  it('a network error does not carry the key either', async () => {
    server = await startFakeServer([]);
    const origin = server.origin;
    await server.close();
    server = undefined;
    const provider = createOpenAIProvider({ model: 'm', apiKey: KEY, baseURL: `${origin}/v1`, retry: { maxRetries: 0 } });

    const error = (await provider.complete(conversation, { signal: neverAborted() }).catch((e: unknown) => e)) as ProviderError;

    expect(error).toBeInstanceOf(ProviderError);
    expect(everything(error)).not.toContain(KEY);
  });
});
