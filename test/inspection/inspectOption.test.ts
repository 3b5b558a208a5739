// `inspect` accepts any XState inspector (a plain observer here, as @statelyai/inspect's would
// be), on createRunActor and createAgent alike; without it no inspector is attached at all.
import { describe, expect, it, vi } from 'vitest';
import type * as XState from 'xstate';
import type { InspectionEvent } from 'xstate';
import { createAgent, createRunActor } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';

const createActorSpy = vi.hoisted(() => ({ calls: [] as { logic: unknown; options: Record<string, unknown> | undefined }[] }));
vi.mock('xstate', async (importOriginal) => {
  const xstate = await importOriginal<typeof XState>();
  return {
    ...xstate,
    createActor: (logic: Parameters<typeof xstate.createActor>[0], options?: Record<string, unknown>) => {
      createActorSpy.calls.push({ logic, options });
      return xstate.createActor(logic, options);
    },
  };
});

// Runs use the Run machine bound to their environment (machine.provide): a copy with its id.
const isRunMachine = (logic: unknown) => (logic as { id?: unknown } | undefined)?.id === 'run';
const runOptionsOf = () => createActorSpy.calls.filter((call) => isRunMachine(call.logic)).map((call) => call.options);

describe('the inspect option', () => {
  it('is off by default: the Run actor gets no inspector, not even a no-op one', async () => {
    createActorSpy.calls.length = 0;
    const agent = createAgent({ provider: createScriptedProvider([{ text: 'a' }]) });
    await agent.run('go');
    createRunActor({ provider: createScriptedProvider([]), tools: [], input: 'go' });
    expect(runOptionsOf()).toHaveLength(2);
    for (const options of runOptionsOf()) expect(options?.inspect).toBeUndefined();
  });

  it('createAgent({ inspect }) passes any XState inspector to every Run', async () => {
    const seen: InspectionEvent[] = [];
    const inspector = { next: (event: InspectionEvent) => seen.push(event) };
    const agent = createAgent({ provider: createScriptedProvider([{ text: 'a' }, { text: 'b' }]), inspect: inspector });
    await agent.run('one');
    await agent.run('two');
    const roots = seen.filter((event) => event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId);
    expect(roots).toHaveLength(2);
    const finals = seen.filter((event) => event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId && event.snapshot.status === 'done');
    expect(finals).toHaveLength(2);
  });

  it('createRunActor({ inspect }) accepts a plain function', async () => {
    const types = new Set<string>();
    const actor = createRunActor({ provider: createScriptedProvider([{ text: 'a' }]), tools: [], input: 'go', inspect: (event) => types.add(event.type) });
    actor.start();
    await new Promise((resolve) => actor.subscribe({ complete: () => resolve(undefined) }));
    expect([...types]).toEqual(expect.arrayContaining(['@xstate.actor', '@xstate.event', '@xstate.snapshot', '@xstate.microstep']));
  });
});
