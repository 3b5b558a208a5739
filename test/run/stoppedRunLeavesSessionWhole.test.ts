// `actor.stop()` in the middle of a batch must not leave a session the next Run cannot use. On a
// plain store the Run's session writer writes `cancelled` results for persisted calls without
// one, once the writes in flight are done. On a durable store it releases its lease instead:
// the Run stays resumable, and the next new Run repairs its calls as `interrupted`.
import { describe, expect, it } from 'vitest';
import { createRunActor, MemorySessionStore, type SessionStore } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { flush } from '../helpers/deferred.js';
import { call } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

const plain = (store: MemorySessionStore): SessionStore => ({ load: (id) => store.load(id), append: (id, messages) => store.append(id, messages) });

describe('actor.stop() mid-batch', () => {
  it('writes a cancelled result for every persisted call without one (plain store)', async () => {
    const tool = gatedTool();
    const memory = new MemorySessionStore();
    const store = plain(memory);
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' }), call('b', 'gated', { id: 'b' })] }]);
    const actor = createRunActor({ provider, tools: [tool], input: 'go', history: [], session: { store, sessionId: 's' } });
    actor.start();
    await tool.waitForStarts(1);
    expect((await store.load('s')).at(-1)).toMatchObject({ role: 'assistant' });
    actor.stop();
    await flush(20);
    const stored = await store.load('s');
    expectSessionInvariant(stored);
    expect(stored.slice(-2).map((m) => (m.role === 'tool' ? [m.toolCallId, m.code] : m.role))).toEqual([
      ['a', 'cancelled'],
      ['b', 'cancelled'],
    ]);
    expect(tool.contexts.get('a')?.signal.aborted).toBe(true);
  });

  it('releases the session of a durable store: the Run stays resumable, the next new Run repairs its calls', async () => {
    const tool = gatedTool();
    const store = new MemorySessionStore({ onRepair: () => undefined });
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' }), call('b', 'gated', { id: 'b' })] }]);
    const actor = createRunActor({ provider, tools: [tool], input: 'go', history: [], session: { store, sessionId: 's' } });
    actor.start();
    await tool.waitForStarts(1);
    actor.stop();
    await flush(20);
    expect(tool.contexts.get('a')?.signal.aborted).toBe(true);
    const state = await store.loadRunState('s');
    expect(state).toMatchObject({ released: true, openCalls: [{ id: 'a' }, { id: 'b' }] });
    expect(Object.keys(state!.startedCalls)).toEqual(['a']);
    const next = await store.acquire('s', { runId: 'next' });
    expect(next.repaired.map((m) => [m.toolCallId, m.code])).toEqual([
      ['a', 'interrupted'],
      ['b', 'interrupted'],
    ]);
    await next.finish('completed');
    expectSessionInvariant(await store.load('s'));
  });

  it('writes nothing more when the Run ended on its own', async () => {
    const store = new MemorySessionStore();
    const provider = createScriptedProvider([{ text: 'hi' }]);
    const actor = createRunActor({ provider, tools: [], input: 'go', history: [], session: { store, sessionId: 's' } });
    actor.start();
    await flush(20);
    actor.stop();
    await flush(20);
    expect((await store.load('s')).map((m) => m.role)).toEqual(['user', 'assistant']);
  });
});
