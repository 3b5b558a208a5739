// A Run queued behind another on the same session can be aborted while it waits: it
// rejects at once with `cancelled`, and its input never reaches the session or the model.
import { describe, expect, it } from 'vitest';
import { createAgent, MemorySessionStore, RunError, type RunEvent } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { deferred, flush } from '../helpers/deferred.js';

function blockedSession() {
  const store = new MemorySessionStore();
  const gate = deferred<{ text: string }>();
  const provider = createScriptedProvider([() => gate.promise, { text: 'third' }]);
  const agent = createAgent({ provider, sessionStore: store });
  const first = agent.run('first', { sessionId: 's' });
  return { store, gate, provider, agent, first };
}

describe('aborting a Run queued on a busy session', () => {
  it('rejects at once with cancelled while the Run ahead is still running, and writes nothing of it', async () => {
    const { store, gate, provider, agent, first } = blockedSession();
    const controller = new AbortController();
    const queued = agent.run('second', { sessionId: 's', signal: controller.signal });
    await flush();
    const reason = new Error('user gave up');
    controller.abort(reason);
    const error = (await queued.catch((e: unknown) => e)) as RunError;
    expect(error).toBeInstanceOf(RunError);
    expect(error.code).toBe('cancelled');
    expect(error.cause).toBe(reason);
    expect(error.message).toContain('while it waited for session "s"');
    expect(error.output).toMatchObject({ status: 'cancelled', iterations: 0, messages: [], runId: expect.any(String) });
    expect(provider.calls).toBe(1); // the first Run is still waiting on its provider

    gate.resolve({ text: 'first answer' });
    await first;
    const third = await agent.run('third', { sessionId: 's' });
    expect(third.text).toBe('third');
    expect((await store.load('s')).map((m) => m.content)).toEqual(['first', 'first answer', 'third', 'third']);
    expect(provider.requests.flatMap((r) => r.messages.map((m) => m.content))).not.toContain('second');
  });

  it('rejects at once when the signal is already aborted', async () => {
    const { gate, agent, first } = blockedSession();
    const error = (await agent.run('second', { sessionId: 's', signal: AbortSignal.abort('late') }).catch((e: unknown) => e)) as RunError;
    expect(error.code).toBe('cancelled');
    expect(error.cause).toBe('late');
    gate.resolve({ text: 'a' });
    await first;
  });

  it('errors a queued stream with cancelled, and its Run never starts', async () => {
    const { store, gate, agent, first } = blockedSession();
    const controller = new AbortController();
    const seen: RunEvent[] = [];
    const failed = deferred<unknown>();
    agent.stream('second', { sessionId: 's', signal: controller.signal }).subscribe({ next: (e) => seen.push(e), error: failed.resolve });
    controller.abort();
    expect(await failed.promise).toMatchObject({ code: 'cancelled' });
    expect(seen).toEqual([]);
    gate.resolve({ text: 'a' });
    await first;
    expect((await store.load('s')).map((m) => m.content)).toEqual(['first', 'a']);
  });

  it('runs as the contract says when nothing is ahead of it: a Run cancelled at once, recorded', async () => {
    const store = new MemorySessionStore();
    const provider = createScriptedProvider([{ text: 'never' }]);
    const agent = createAgent({ provider, sessionStore: store });
    const error = (await agent.run('go', { sessionId: 's', signal: AbortSignal.abort('early') }).catch((e: unknown) => e)) as RunError;
    expect(error.code).toBe('cancelled');
    expect(error.cause).toBe('early');
    expect(provider.calls).toBe(0);
    expect(await store.load('s')).toEqual(error.output.messages);
  });
});
