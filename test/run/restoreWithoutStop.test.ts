// A restore in the same process without `actor.stop()`: the restored actor takes the session over
// from the old one, whose later writes are refused (`session_superseded`) and never reach the
// store, so the session keeps one result per call. And a snapshot taken while a call waits for
// approval restores waiting: a later APPROVE runs it.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createRunActor, MemorySessionStore, runEvents, type RunEvent, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { flush } from '../helpers/deferred.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { call } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

async function until(condition: () => boolean): Promise<void> {
  for (let round = 0; round < 100 && !condition(); round++) await flush();
  expect(condition()).toBe(true);
}

const answerAfterResults = () =>
  createScriptedProvider((request) => (request.messages.at(-1)?.role === 'tool' ? { text: 'end' } : { toolCalls: [call('call_30_0', 'gated', { id: 'x' })] }));

describe('createRunActor({ snapshot }) of a Run whose old actor still runs', () => {
  it("refuses the old actor's writes: one result per call", async () => {
    const store = new MemorySessionStore();
    const session = { store, sessionId: 's' };
    const tool = gatedTool();
    const old = createRunActor({ provider: answerAfterResults(), tools: [tool], input: 'go', history: [], session });
    old.start();
    await tool.waitForStarts(1);
    const snapshot = JSON.parse(JSON.stringify(old.getPersistedSnapshot())) as ReturnType<typeof old.getPersistedSnapshot>;

    const restored = createRunActor({ provider: answerAfterResults(), tools: [tool], input: '', session, snapshot });
    restored.start();
    const output = await toPromise(restored);
    expect(output.status).toBe('completed');

    // The old actor's tool finishes now; its result and answer must not reach the store.
    tool.gate('x').resolve('late result');
    const oldOutput = await toPromise(old);
    expect(oldOutput.status).toBe('failed');
    expect(oldOutput.error?.message).toMatch(/refused; nothing reached the store/);
    await flush();

    const stored = await store.load('s');
    expectSessionInvariant(stored);
    expect(stored.map((m) => (m.role === 'tool' ? `tool ${m.toolCallId} ${m.code ?? 'ok'}` : m.role))).toEqual(['user', 'assistant', 'tool call_30_0 interrupted', 'assistant']);
    expect(await store.loadRunState('s')).toBeUndefined();
  });

  it('restores a call waiting for approval as waiting; APPROVE then runs it once', async () => {
    const store = new MemorySessionStore();
    const session = { store, sessionId: 's' };
    let runs = 0;
    const guarded: Tool = { name: 'gated', description: 'needs a yes', parameters: { type: 'object', properties: {} }, needsApproval: true, execute: async () => `ran ${++runs}` };
    const old = createRunActor({ provider: answerAfterResults(), tools: [guarded], input: 'go', history: [], session });
    const asked: RunEvent[] = [];
    runEvents(old).subscribe((event) => event.type === 'tool.approval_requested' && asked.push(event));
    old.start();
    await until(() => asked.length > 0);
    const snapshot = JSON.parse(JSON.stringify(old.getPersistedSnapshot())) as ReturnType<typeof old.getPersistedSnapshot>;
    old.stop();

    const restored = createRunActor({ provider: answerAfterResults(), tools: [guarded], input: '', session, snapshot });
    const askedAgain: RunEvent[] = [];
    runEvents(restored).subscribe((event) => event.type === 'tool.approval_requested' && askedAgain.push(event));
    restored.start();
    await flush();
    expect(restored.getSnapshot().status).toBe('active');
    expect(runs).toBe(0);
    restored.send({ type: 'APPROVE', callId: 'call_30_0' });
    const output = await toPromise(restored);
    expect(output.status).toBe('completed');
    expect(runs).toBe(1);
    const stored = await store.load('s');
    expectSessionInvariant(stored);
    expect(stored.filter((m) => m.role === 'tool')).toMatchObject([{ toolCallId: 'call_30_0', content: 'ran 1', isError: false }]);
  });
});
