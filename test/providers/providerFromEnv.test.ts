import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, providerFromEnv } from '../../src/index.js';
import { conversation, neverAborted } from './conversation.js';
import { fixture, json, startFakeServer, type FakeServer } from './fakeServer.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('providerFromEnv', () => {
  it('returns undefined when nothing is configured', () => {
    expect(providerFromEnv({})).toBeUndefined();
    expect(providerFromEnv({ OPENAI_API_KEY: '  ', TINYAGENT_MODEL: 'x' })).toBeUndefined();
  });

  it('uses OPENAI_BASE_URL alone (a keyless local server), with TINYAGENT_MODEL', async () => {
    server = await startFakeServer([json(200, fixture('openai/text.json'))]);
    const provider = providerFromEnv({ OPENAI_BASE_URL: `${server.origin}/v1`, TINYAGENT_MODEL: 'llama3.2' });

    await provider?.complete(conversation, { signal: neverAborted() });

    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.body.model).toBe('llama3.2');
  });

  it('uses ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL, with the default model', async () => {
    server = await startFakeServer([json(200, fixture('anthropic/text.json'))]);
    const provider = providerFromEnv({ ANTHROPIC_API_KEY: 'sk-ant-1', ANTHROPIC_BASE_URL: server.origin });

    await provider?.complete(conversation, { signal: neverAborted() });

    expect(server.requests[0]?.path).toBe('/v1/messages');
    expect(server.requests[0]?.headers['x-api-key']).toBe('sk-ant-1');
    expect(server.requests[0]?.body.model).toBe('claude-sonnet-4-5');
  });

  it('prefers Anthropic when both are configured, unless TINYAGENT_PROVIDER says openai', async () => {
    server = await startFakeServer([json(200, fixture('anthropic/text.json')), json(200, fixture('openai/text.json'))]);
    const both = { ANTHROPIC_API_KEY: 'a-key', ANTHROPIC_BASE_URL: server.origin, OPENAI_API_KEY: 'o-key', OPENAI_BASE_URL: `${server.origin}/v1` };

    await providerFromEnv(both)?.complete(conversation, { signal: neverAborted() });
    await providerFromEnv({ ...both, TINYAGENT_PROVIDER: 'OpenAI' })?.complete(conversation, { signal: neverAborted() });

    expect(server.requests.map((request) => request.path)).toEqual(['/v1/messages', '/v1/chat/completions']);
    expect(server.requests[1]?.body.model).toBe('gpt-4o-mini');
  });

  it.each([
    [{ TINYAGENT_PROVIDER: 'gemini', OPENAI_API_KEY: 'k' }, /must be "openai" or "anthropic"/],
    [{ TINYAGENT_PROVIDER: 'anthropic', OPENAI_API_KEY: 'k' }, /ANTHROPIC_API_KEY is not set/],
    [{ TINYAGENT_PROVIDER: 'openai', ANTHROPIC_API_KEY: 'k' }, /neither OPENAI_API_KEY nor OPENAI_BASE_URL/],
    [{ OPENAI_BASE_URL: 'not a url' }, /baseURL is not a URL/],
  ])('refuses %j', (env, message) => {
    expect(() => providerFromEnv(env)).toThrow(ConfigurationError);
    expect(() => providerFromEnv(env)).toThrow(message);
  });
});
