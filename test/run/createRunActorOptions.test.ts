// Bad options to createRunActor are refused up front with typed errors, before any Run starts.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createRunActor, MemorySessionStore, type CreateRunActorOptions } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';

const provider = createScriptedProvider([{ text: 'ok' }]);
const base: CreateRunActorOptions = { provider, tools: [], input: 'go' };

describe('createRunActor options', () => {
  it.each<[string, Partial<CreateRunActorOptions>, string]>([
    ['a provider without complete()', { provider: {} as never }, 'invalid_option'],
    ['an input that is not a string', { input: 42 as never }, 'invalid_option'],
    ['tools that are neither a registry nor an array', { tools: {} as never }, 'invalid_option'],
    ['a negative limit', { limits: { maxIterations: -1 } }, 'invalid_option'],
    ['a fractional limit', { limits: { maxConcurrency: 1.5 } }, 'invalid_option'],
    ['a zero concurrency', { limits: { maxConcurrency: 0 } }, 'invalid_option'],
    ['a session without its history', { session: { store: new MemorySessionStore(), sessionId: 's' } }, 'invalid_option'],
    ['a session id with a slash', { history: [], session: { store: new MemorySessionStore(), sessionId: 'a/b' } }, 'invalid_session_id'],
  ])('refuses %s', (_name, overrides, code) => {
    expect(() => createRunActor({ ...base, ...overrides })).toThrow(expect.objectContaining({ code }));
  });

  it('uses ConfigurationError for option errors', () => {
    expect(() => createRunActor({ ...base, limits: { cancelGraceMs: -5 } })).toThrow(ConfigurationError);
  });
});
