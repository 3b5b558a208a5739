// The Run's snapshots are data (docs/design.md, "Snapshots"): an old snapshot never changes, a
// deferred inspector sees each snapshot as it was, `transition()`/`getNextSnapshot()` on a live
// snapshot change nothing in the live Run, and a persisted snapshot restores through JSON.
import { describe, expect, it } from 'vitest';
import { getNextSnapshot, transition } from 'xstate';
import { createRunActor, MemorySessionStore, runEvents, runMachine, type ProviderResponse, type RunEvent } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { runToPromise } from '../../src/run/runEvents.js';
import { deferred, flush } from '../helpers/deferred.js';
import { call } from '../helpers/runHarness.js';
import { echoTool, gatedTool } from '../helpers/tools.js';

describe('a deferred inspector', () => {
  it('serialising after the Run ended, sees every root snapshot as it was when it was taken', async () => {
    const seen: { snapshot: unknown; now: string }[] = [];
    const provider = createScriptedProvider([
      { toolCalls: [call('c1', 'echo', { text: 'a' })] },
      { toolCalls: [call('c2', 'echo', { text: 'b' })] },
      { text: 'done' },
    ]);
    const actor = createRunActor({
      provider,
      tools: [echoTool()],
      input: 'go',
      inspect: (event) => {
        if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId) seen.push({ snapshot: event.snapshot, now: JSON.stringify(event.snapshot) });
      },
    });
    actor.start();
    await runToPromise(actor);
    expect(seen.length).toBeGreaterThanOrEqual(6);
    for (const { snapshot, now } of seen) expect(JSON.stringify(snapshot)).toBe(now);
  });
});

describe('pure transitions on a live snapshot', () => {
  it('transition() and getNextSnapshot() with CANCEL mid-batch change nothing in the live Run', async () => {
    const tool = gatedTool();
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' }), call('b', 'gated', { id: 'b' })] }, { text: 'done' }]);
    const actor = createRunActor({ provider, tools: [tool], input: 'go', runId: 'r' });
    const events: RunEvent[] = [];
    runEvents(actor).subscribe((event) => events.push(event));
    actor.start();
    await tool.waitForStarts(1);
    const live = actor.getSnapshot();
    const before = JSON.stringify(live);
    const [next] = transition(runMachine, live, { type: 'CANCEL' });
    const other = getNextSnapshot(runMachine, live, { type: 'CANCEL' });
    expect(next.context.cancelRequested).toBe(true);
    expect(other.context.cancelRequested).toBe(true);
    expect(JSON.stringify(live)).toBe(before);
    expect(JSON.stringify(actor.getSnapshot())).toBe(before);
    tool.gate('a').resolve('A');
    await tool.waitForStarts(2);
    tool.gate('b').resolve('B');
    const output = await runToPromise(actor);
    expect(output.status).toBe('completed');
    expect(output.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['A', 'B']);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  });

  it('an old snapshot keeps its batch after a call settles', async () => {
    const tool = gatedTool();
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' }), call('b', 'gated', { id: 'b' })] }, { text: 'done' }]);
    const actor = createRunActor({ provider, tools: [tool], input: 'go' });
    actor.start();
    await tool.waitForStarts(1);
    const old = actor.getSnapshot();
    const batchBefore = JSON.stringify(old.context.batch);
    tool.gate('a').resolve('A');
    await tool.waitForStarts(2);
    expect(JSON.stringify(old.context.batch)).toBe(batchBefore);
    expect(actor.getSnapshot().context).not.toBe(old.context);
    tool.gate('b').resolve('B');
    await runToPromise(actor);
  });
});

describe('a tool that changes its arguments', () => {
  it('changes neither the recorded call nor any snapshot', async () => {
    const mutator = { ...echoTool(), execute: async (args: Record<string, unknown>) => ((args.text = 'changed'), (args.extra = [1]), 'ok') };
    const provider = createScriptedProvider([{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'sent' } }] }, { text: 'done' }]);
    const toolCallContexts: string[] = [];
    const actor = createRunActor({
      provider,
      tools: [mutator as never],
      input: 'go',
      inspect: (event) => {
        if (event.type !== '@xstate.snapshot') return;
        const snapshot = event.snapshot as { machine?: { id?: string }; context?: unknown };
        if (snapshot.machine?.id === 'toolCall') toolCallContexts.push(JSON.stringify(snapshot.context));
      },
    });
    actor.start();
    const output = await runToPromise(actor);
    expect(output.messages[1]).toMatchObject({ toolCalls: [{ arguments: { text: 'sent' } }] });
    expect(toolCallContexts.length).toBeGreaterThan(0);
    for (const context of toolCallContexts) expect(context).not.toContain('changed');
  });
});

describe('restoring a Run from its persisted snapshot', () => {
  it('in awaitingProvider, makes the request again and completes', async () => {
    const first = deferred<ProviderResponse>();
    let requests = 0;
    const provider = createScriptedProvider(() => (++requests === 1 ? first.promise : { text: 'again' }));
    const actor = createRunActor({ provider, tools: [echoTool()], input: 'go', instructions: 'Be brief.' });
    actor.start();
    await flush();
    const saved = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as never;
    actor.stop();
    const restored = createRunActor({ provider, tools: [echoTool()], input: '', snapshot: saved, instructions: 'Be brief.' });
    restored.start();
    const output = await runToPromise(restored);
    expect(requests).toBe(2);
    expect(output).toMatchObject({ status: 'completed', text: 'again' });
    expect(output.messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: 'again' },
    ]);
  });

  it('mid-batch, gives the running call `interrupted` (never re-run), runs the rest and keeps the session invariant', async () => {
    const tool = gatedTool();
    const store = new MemorySessionStore();
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' }), call('b', 'gated', { id: 'b' })] }, { text: 'done' }]);
    const session = { store, sessionId: 's1' };
    const actor = createRunActor({ provider, tools: [tool], input: 'go', history: [], session });
    actor.start();
    await tool.waitForStarts(1);
    const saved = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as never;
    // The process "dies": the actor is dropped without stopping it.
    const restored = createRunActor({ provider, tools: [tool], input: '', session, snapshot: saved });
    const events: RunEvent[] = [];
    runEvents(restored).subscribe((event) => events.push(event));
    restored.start();
    await tool.waitForStarts(2);
    expect(tool.started).toEqual(['a', 'b']);
    tool.gate('b').resolve('B');
    const output = await runToPromise(restored);
    expect(output.status).toBe('completed');
    const results = output.messages.filter((m) => m.role === 'tool');
    expect(results.map((m) => [m.toolCallId, m.code ?? 'ok'])).toEqual([
      ['a', 'interrupted'],
      ['b', 'ok'],
    ]);
    expect(await store.load('s1')).toEqual(output.messages);
    expect(events[0]).toMatchObject({ type: 'tool.failed', callId: 'a', code: 'interrupted' });
  });

  it('refuses a snapshot that is not a running Run', () => {
    const provider = createScriptedProvider([{ text: 'x' }]);
    expect(() => createRunActor({ provider, tools: [], input: '', snapshot: { status: 'done' } as never })).toThrow(/getPersistedSnapshot/);
  });
});
