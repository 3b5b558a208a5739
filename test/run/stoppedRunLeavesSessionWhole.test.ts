// `actor.stop()` in the middle of a batch must not leave a persisted call without
// a result. The Run's session writer writes `cancelled` results for such calls once the writes in
// flight are done, so the next Run on the session sends the model a whole conversation.
import { describe, expect, it } from 'vitest';
import { createRunActor, MemorySessionStore } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { flush } from '../helpers/deferred.js';
import { call } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

describe('actor.stop() mid-batch', () => {
  it('writes a cancelled result for every persisted call without one', async () => {
    const tool = gatedTool();
    const store = new MemorySessionStore();
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
