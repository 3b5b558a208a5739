// createAgent (docs/design.md, "RunOutput and RunError"): run resolves only when completed, rejects with RunError otherwise;
// the registry is the only way to add tools; sessions load history and append the Run.
import { describe, expect, it } from 'vitest';
import {
  createAgent,
  MemorySessionStore,
  RunError,
  ToolRegistry,
  type AgentOptions,
  type Message,
  type ProviderResponse,
} from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { deferred } from '../helpers/deferred.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { call } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

describe('agent.run', () => {
  it('resolves the RunOutput of a completed Run', async () => {
    const agent = createAgent({ provider: createScriptedProvider([{ toolCalls: [call('a', 'echo', { text: 'x' })] }, { text: 'done' }]) });
    agent.tools.register(echoTool());
    const output = await agent.run('go');
    expect(output).toMatchObject({ status: 'completed', text: 'done', iterations: 1 });
    expect(output.messages).toHaveLength(4);
  });

  it.each<[string, Partial<AgentOptions>, ProviderResponse[]]>([
    ['tool_iteration_limit', { limits: { maxIterations: 0 } }, [{ toolCalls: [call('a', 'echo', { text: 'x' })] }]],
    ['provider_error', {}, []],
  ])('rejects with a RunError whose code is %s and whose output is the RunOutput', async (code, options, script) => {
    const agent = createAgent({ provider: createScriptedProvider([...script]), tools: [echoTool()], ...options });
    const error = await agent.run('go').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunError);
    expect((error as RunError).code).toBe(code);
    expect((error as RunError).output.status).not.toBe('completed');
    expectSessionInvariant((error as RunError).output.messages);
  });

  it('keeps the provider error as the RunError cause', async () => {
    const boom = new Error('boom');
    const agent = createAgent({
      provider: createScriptedProvider([
        () => {
          throw boom;
        },
      ]),
    });
    const error = (await agent.run('go').catch((e: unknown) => e)) as RunError;
    expect(error.cause).toBe(boom);
  });

  it('rejects with code cancelled when its signal aborts', async () => {
    const controller = new AbortController();
    const agent = createAgent({ provider: createScriptedProvider([() => new Promise(() => {})]) });
    const pending = agent.run('go', { signal: controller.signal });
    controller.abort();
    const error = (await pending.catch((e: unknown) => e)) as RunError;
    expect(error.code).toBe('cancelled');
    expect(error.output.status).toBe('cancelled');
  });

  it('offers the tools registered when the Run started', async () => {
    const started = deferred();
    const release = deferred<{ text: string }>();
    const provider = createScriptedProvider([
      () => {
        started.resolve();
        return release.promise;
      },
    ]);
    const agent = createAgent({ provider, tools: new ToolRegistry([echoTool()]) });
    const pending = agent.run('go');
    await started.promise;
    agent.tools.register(echoTool({ name: 'later' }));
    release.resolve({ text: 'ok' });
    await pending;
    expect(provider.requests[0]!.tools.map((t) => t.name)).toEqual(['echo']);
  });
});

describe('agent sessions', () => {
  it('sends the session history before the new input and appends the Run', async () => {
    const store = new MemorySessionStore();
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'echo', { text: 'x' })] }, { text: 'first' }, { text: 'second' }]);
    const agent = createAgent({ provider, tools: [echoTool()], sessionStore: store });
    await agent.run('one', { sessionId: 's1' });
    await agent.run('two', { sessionId: 's1' });
    const secondRequest = provider.requests[2]!.messages;
    expect(secondRequest.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect(secondRequest.at(-1)).toEqual({ role: 'user', content: 'two' });
    const stored = await store.load('s1');
    expect(stored).toHaveLength(6);
    expectSessionInvariant(stored);
  });

  it('runs two Runs on one session one after the other, never interleaved', async () => {
    const store = new MemorySessionStore();
    const gate = deferred<{ text: string }>();
    const provider = createScriptedProvider([() => gate.promise, { text: 'b' }]);
    const agent = createAgent({ provider, sessionStore: store });
    const first = agent.run('A', { sessionId: 's' });
    const second = agent.run('B', { sessionId: 's' });
    gate.resolve({ text: 'a' });
    await Promise.all([first, second]);
    const stored: Message[] = await store.load('s');
    expect(stored.map((m) => m.content)).toEqual(['A', 'a', 'B', 'b']);
  });

  it('refuses a session id that could escape the store', async () => {
    const agent = createAgent({ provider: createScriptedProvider([{ text: 'x' }]) });
    await expect(agent.run('go', { sessionId: '../etc' })).rejects.toMatchObject({ code: 'invalid_session_id' });
  });

  it('fails the Run with session_error when the store cannot append, never reporting success', async () => {
    const store = { load: async () => [], append: async () => Promise.reject(new Error('disk full')) };
    const agent = createAgent({ provider: createScriptedProvider([{ toolCalls: [call('a', 'echo', { text: 'x' })] }]), tools: [echoTool()], sessionStore: store });
    const error = (await agent.run('go', { sessionId: 's' }).catch((e: unknown) => e)) as RunError;
    expect(error.code).toBe('session_error');
    expect(error.message).toContain('disk full');
    expectSessionInvariant(error.output.messages);
  });
});
