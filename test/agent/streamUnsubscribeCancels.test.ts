// Leaving agent.stream() early cancels its Run however the subscription ends: RxJS
// operators, firstValueFrom, or an unsubscribe before the Run's actor even exists.
import { filter, firstValueFrom, take, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createAgent, MemorySessionStore, type Message, type RunEvent } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { deferred, flush } from '../helpers/deferred.js';
import { call } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

/** An agent whose first response calls a tool that runs until its signal aborts, then answers. */
function setup(options: { plainStore?: boolean } = {}) {
  const tool = gatedTool();
  const memory = new MemorySessionStore();
  // A plain store records no call starts: the tool starts in the same step as its tool.started.
  const store = options.plainStore ? { load: (id: string) => memory.load(id), append: (id: string, messages: readonly Message[]) => memory.append(id, messages) } : memory;
  const providerSignals: AbortSignal[] = [];
  const provider = createScriptedProvider((request, index, { signal }) => {
    providerSignals.push(signal);
    if (request.messages.at(-1)?.content === 'next') return { text: 'next done' };
    return { toolCalls: [call(`c${index}`, 'gated', { id: 'x' })] };
  });
  const agent = createAgent({ provider, tools: [tool], sessionStore: store });
  /** Resolves once the stream's Run has ended: a later Run on the session gets its turn. */
  const runEnded = () => agent.run('next', { sessionId: 's' });
  return { agent, tool, store, provider, providerSignals, runEnded };
}

const streamOf = (agent: ReturnType<typeof setup>['agent']): Observable<RunEvent> => agent.stream('go', { sessionId: 's' });

/** Subscribes with filter + take(1) on tool.started; resolves once the stream was left there. */
async function leaveAtFirstToolStarted(agent: ReturnType<typeof setup>['agent']): Promise<void> {
  const started = deferred<RunEvent>();
  streamOf(agent)
    .pipe(
      filter((event) => event.type === 'tool.started'),
      take(1),
    )
    .subscribe(started.resolve);
  await started.promise;
}

describe('leaving agent.stream() early cancels its Run', () => {
  it('with take(1), which leaves during the synchronous run.started', async () => {
    const { agent, tool, runEnded, store } = setup();
    const seen: string[] = [];
    streamOf(agent).pipe(take(1)).subscribe((event) => seen.push(event.type));
    await runEnded();
    expect(seen).toEqual(['run.started']);
    expect(tool.started).toEqual([]);
    expect((await store.load('s')).map((m) => m.content)).not.toContain('x');
  });

  it('with filter + take(1) on tool.started: the running tool is aborted', async () => {
    const { agent, tool, runEnded, store } = setup({ plainStore: true });
    await leaveAtFirstToolStarted(agent);
    await tool.waitForStarts(1);
    expect(tool.contexts.get('x')!.signal.aborted).toBe(true);
    await runEnded();
    const stored = await store.load('s');
    expect(stored.find((m) => m.role === 'tool')).toMatchObject({ isError: true, code: 'cancelled' });
  });

  it('with filter + take(1) on tool.started, on a durable store: the call is cancelled before its start is recorded, and never runs', async () => {
    const { agent, tool, runEnded, store } = setup();
    await leaveAtFirstToolStarted(agent);
    await runEnded();
    expect(tool.started).toEqual([]);
    const stored = await store.load('s');
    expect(stored.find((m) => m.role === 'tool')).toMatchObject({ isError: true, code: 'cancelled' });
  });

  it('with firstValueFrom', async () => {
    const { agent, runEnded, providerSignals } = setup();
    const first = await firstValueFrom(streamOf(agent));
    expect(first.type).toBe('run.started');
    await runEnded();
    expect(providerSignals.slice(0, -1).every((signal) => signal.aborted)).toBe(true);
  });

  it('when unsubscribed right after subscribe, before the Run exists: it never starts', async () => {
    const { agent, provider, store, runEnded } = setup();
    streamOf(agent).subscribe().unsubscribe();
    await flush();
    expect(provider.calls).toBe(0);
    await runEnded();
    expect((await store.load('s')).map((m) => m.content)).toEqual(['next', 'next done']);
  });

  it('when unsubscribed while the tool runs', async () => {
    const { agent, tool, runEnded } = setup();
    const subscription = streamOf(agent).subscribe();
    await tool.waitForStarts(1);
    subscription.unsubscribe();
    expect(tool.contexts.get('x')!.signal.aborted).toBe(true);
    await runEnded();
  });

  it('when unsubscribed while it waits behind another Run on its session: it never starts', async () => {
    const { agent, tool, store } = setup();
    const ahead = agent.stream('ahead', { sessionId: 's' }).subscribe();
    await tool.waitForStarts(1);
    const queued = streamOf(agent).subscribe();
    queued.unsubscribe();
    ahead.unsubscribe();
    await flush();
    const next = await agent.run('next', { sessionId: 's' });
    expect(next.text).toBe('next done');
    expect((await store.load('s')).map((m) => m.content)).not.toContain('go');
  });
});
