// agent.resume / agent.resumeStream in one process: a Run whose actor was stopped continues from
// its session (its id, iterations and usage kept, a started idempotent call run again with the
// same key), `run.resumed` comes first, a session with nothing unfinished is refused, and a
// second Run on a session whose Run is alive neither asks its model nor writes.
import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createAgent, createRunActor, MemorySessionStore, SessionError, type Tool, type ToolContext } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { deferred, flush } from '../helpers/deferred.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { call } from '../helpers/runHarness.js';

const usage = { inputTokens: 1, outputTokens: 2, totalTokens: 3 };
const script = () =>
  createScriptedProvider((request) =>
    request.messages.at(-1)?.role === 'tool' ? { text: 'stored', usage } : { toolCalls: [call('c1', 'put', { key: 'k' })], usage },
  );

/** An idempotent tool whose first attempt never returns; it records every attempt's key. */
function hangingOnce() {
  const keys: string[] = [];
  const started = deferred();
  const tool: Tool = {
    name: 'put',
    description: 'Stores a value',
    parameters: { type: 'object', properties: { key: { type: 'string' } } },
    effects: 'idempotent',
    execute: (_args, ctx: ToolContext) => {
      keys.push(ctx.idempotencyKey);
      if (keys.length > 1) return Promise.resolve('put');
      started.resolve();
      return new Promise<string>(() => {});
    },
  };
  return { tool, keys, started: started.promise };
}

async function stoppedInsideTheTool(store: MemorySessionStore, tool: Tool, started: Promise<void>) {
  const actor = createRunActor({ provider: script(), tools: [tool], input: 'store k', history: [], session: { store, sessionId: 's' }, runId: 'run-1' });
  actor.start();
  await started;
  actor.stop();
  await flush();
}

describe('agent.resume', () => {
  it('continues a stopped Run: same Run id, the idempotent call again with the same key, counters kept', async () => {
    const store = new MemorySessionStore();
    const { tool, keys, started } = hangingOnce();
    await stoppedInsideTheTool(store, tool, started);
    const agent = createAgent({ provider: script(), tools: [tool], sessionStore: store });
    const output = await agent.resume('s');
    expect(output).toMatchObject({ runId: 'run-1', status: 'completed', text: 'stored', iterations: 1 });
    expect(output.usage).toEqual({ inputTokens: 2, outputTokens: 4, totalTokens: 6 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const stored = await store.load('s');
    expectSessionInvariant(stored);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    await expect(agent.resume('s')).rejects.toMatchObject({ code: 'nothing_to_resume' });
  });

  it('resumeStream: run.resumed first, then the usual events', async () => {
    const store = new MemorySessionStore();
    const { tool, started } = hangingOnce();
    await stoppedInsideTheTool(store, tool, started);
    const agent = createAgent({ provider: script(), tools: [tool], sessionStore: store });
    const events = await lastValueFrom(agent.resumeStream('s').pipe(toArray()));
    expect(events.map((event) => event.type)).toEqual(['run.resumed', 'tool.started', 'tool.completed', 'provider.requested', 'provider.responded', 'run.completed']);
    expect(events[0]).toMatchObject({ runId: 'run-1', iterations: 1, interruptedCalls: [] });
  });

  it('refuses a session with nothing unfinished with nothing_to_resume', async () => {
    const store = new MemorySessionStore();
    const agent = createAgent({ provider: script(), sessionStore: store });
    const error = await agent.resume('never-used').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SessionError);
    expect(error).toMatchObject({ code: 'nothing_to_resume' });
  });

  it('a second Run on a session whose Run is alive fails session_locked without asking its model or writing', async () => {
    const store = new MemorySessionStore({ lockTimeoutMs: 0 });
    const { tool, started } = hangingOnce();
    const first = createAgent({ provider: script(), tools: [tool], sessionStore: store });
    void first.run('store k', { sessionId: 's' });
    await started;
    const before = await store.load('s');
    let asked = 0;
    const second = createAgent({ provider: createScriptedProvider(() => (asked++, { text: 'never' })), sessionStore: store });
    await expect(second.run('hello', { sessionId: 's' })).rejects.toMatchObject({ code: 'session_locked' });
    expect(asked).toBe(0);
    expect(await store.load('s')).toEqual(before);
  });
});
