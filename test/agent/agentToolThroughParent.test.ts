// A sub-agent's events and approvals go through its parent Run's actor (docs/agents-as-tools.md):
// its events are the parent actor's own (runEvents(actor) and the parent's inspector see them,
// whether the parent runs with agent.run or agent.stream), and its approval requests are
// answered as the parent's own calls are: by the parent's approver or by APPROVE/DENY sent to
// the parent's actor with the sub-agent's call id, whichever comes first.
import { describe, expect, it } from 'vitest';
import { lastValueFrom, toArray } from 'rxjs';
import type { InspectionEvent } from 'xstate';
import { agentTool, createAgent, MemorySessionStore, runEvents, type RunActor, type RunEvent, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';
import { deferred, flush } from '../helpers/deferred.js';
import { expectSessionInvariant } from '../helpers/invariants.js';

const ask = (id: string, input: string) => ({ text: '', toolCalls: [call(id, 'research', { input })] });
const guarded: Tool = { name: 'pay', description: 'Pays', parameters: { type: 'object' }, needsApproval: true, execute: async () => 'paid' };

/** The parent's Run actor, its events (through runEvents) and the events its inspector saw sent to it. */
function watchParent() {
  const events: RunEvent[] = [];
  const inspected: string[] = [];
  const actor = deferred<RunActor>();
  const roots: RunActor[] = [];
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.actor' && inspection.actorRef.sessionId === inspection.rootId) {
      const root = inspection.actorRef as RunActor;
      roots.push(root);
      runEvents(root).subscribe((event) => events.push(event));
      actor.resolve(root);
    }
    if (inspection.type === '@xstate.event' && inspection.actorRef.sessionId === inspection.rootId) inspected.push(inspection.event.type);
  };
  return { events, inspected, actor: actor.promise, inspect, roots };
}

/** The parent's approver: it answers only when told to, and reports that its question was withdrawn. */
function slowApprover() {
  const withdrawn = deferred<void>();
  const approve = (_request: unknown, { signal }: { signal: AbortSignal }) =>
    new Promise<boolean>(() => signal.addEventListener('abort', () => withdrawn.resolve(), { once: true }));
  return { approve, withdrawn: withdrawn.promise };
}

const childOf = () => createAgent({ provider: createScriptedProvider([{ text: '', toolCalls: [call('p1', 'pay')] }, { text: 'done' }]), tools: [guarded] });

/** A parent whose approver waits until its question is withdrawn, its sub-agent a child that pays. */
function parentWithSlowApprover() {
  const watch = watchParent();
  const slow = slowApprover();
  const parent = createAgent({
    provider: createScriptedProvider([ask('c1', 'pay it'), { text: 'ok' }]),
    tools: [agentTool(childOf(), { name: 'research', description: 'Researches' })],
    approve: slow.approve,
    inspect: watch.inspect,
  });
  return { watch, slow, parent };
}

async function approvalRequested(events: RunEvent[]): Promise<RunEvent> {
  for (;;) {
    const found = events.find((event) => event.type === 'tool.approval_requested');
    if (found) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("a sub-agent's events and approvals through its parent's actor", () => {
  it("agent.run: the child's events are the parent actor's own, for runEvents and the inspector", async () => {
    const watch = watchParent();
    const child = createAgent({ provider: createScriptedProvider([{ text: 'Paris' }]) });
    const parent = createAgent({
      provider: createScriptedProvider([ask('c1', 'Capital?'), { text: 'It is Paris.' }]),
      tools: [agentTool(child, { name: 'research', description: 'Researches' })],
      inspect: watch.inspect,
    });
    const output = await parent.run('Where?');
    const childEvents = watch.events.filter((event) => event.parentRunId !== undefined);
    expect(childEvents.map((event) => event.type)).toEqual(['run.started', 'provider.requested', 'provider.responded', 'run.completed']);
    for (const event of childEvents) expect(event).toMatchObject({ parentRunId: output.runId, parentCallId: 'c1' });
    // The child's end did not end the parent's stream: the parent's own end is its last event.
    expect(watch.events.at(-1)).toMatchObject({ type: 'run.completed', runId: output.runId });
    expect(watch.inspected.filter((type) => type === 'subagent.event')).toHaveLength(4);
  });

  it("agent.run: APPROVE sent to the parent's actor with the child's call id answers the child's request", async () => {
    const { watch, slow, parent } = parentWithSlowApprover();
    const run = parent.run('go');
    const actor = await watch.actor;
    const requested = await approvalRequested(watch.events);
    const parentRunId = actor.getSnapshot().context.runId;
    expect(requested).toMatchObject({ callId: 'p1', toolName: 'pay', parentRunId, parentCallId: 'c1' });
    expect(requested.runId).not.toBe(parentRunId);
    actor.send({ type: 'APPROVE', callId: 'p1' });
    const output = await run;
    await slow.withdrawn;
    expect(watch.events.find((event) => event.type === 'tool.approval_resolved')).toMatchObject({ runId: requested.runId, callId: 'p1', approved: true, parentRunId, parentCallId: 'c1' });
    expect(watch.events.find((event) => event.type === 'tool.completed' && event.callId === 'p1')).toMatchObject({ runId: requested.runId, result: { content: 'paid' } });
    expect(output.messages.find((m) => m.role === 'tool')?.content).toContain('done');
  });

  it("agent.stream: DENY sent to the parent's actor denies the child's call, with its reason", async () => {
    const { watch, parent } = parentWithSlowApprover();
    const streamed: RunEvent[] = [];
    const ended = lastValueFrom(parent.stream('go').pipe(toArray()));
    const done = ended.then((events) => streamed.push(...events));
    const actor = await watch.actor;
    await approvalRequested(watch.events);
    actor.send({ type: 'DENY', callId: 'p1', reason: 'too much' });
    await done;
    const resolved = streamed.find((event) => event.type === 'tool.approval_resolved');
    expect(resolved).toMatchObject({ callId: 'p1', approved: false, reason: 'too much', parentCallId: 'c1' });
    expect(streamed.filter((event) => event.type === 'tool.approval_requested')).toHaveLength(1);
    const denied = streamed.find((event) => event.type === 'tool.failed' && event.callId === 'p1');
    expect(denied).toMatchObject({ code: 'denied', parentCallId: 'c1' });
    expect(streamed.at(-1)).toMatchObject({ type: 'run.completed', runId: actor.getSnapshot().context.runId });
  });

  it("the parent's approver answers when it is quicker; its answer is the one resolved", async () => {
    const watch = watchParent();
    const parent = createAgent({
      provider: createScriptedProvider([ask('c1', 'pay it'), { text: 'ok' }]),
      tools: [agentTool(childOf(), { name: 'research', description: 'Researches' })],
      approve: () => ({ approved: false, reason: 'policy' }),
      inspect: watch.inspect,
    });
    await parent.run('go');
    expect(watch.events.filter((event) => event.type === 'tool.approval_resolved')).toEqual([expect.objectContaining({ callId: 'p1', approved: false, reason: 'policy', parentCallId: 'c1' })]);
  });
});

describe("an approval pending inside a sub-agent survives the parent's resume", () => {
  it("the resumed parent call resumes the child's Run (no new child Run), whose request is asked again through the resumed parent", async () => {
    const store = new MemorySessionStore();
    const paid: string[] = [];
    const pay: Tool = { ...guarded, execute: async (_args, ctx) => (paid.push(ctx.runId), 'paid') };
    const childActor = deferred<RunActor>();
    const child = createAgent({
      provider: createScriptedProvider((request) => (request.messages.at(-1)?.role === 'tool' ? { text: 'done' } : { text: '', toolCalls: [call('p1', 'pay')] })),
      tools: [pay],
      sessionStore: store,
      inspect: (inspection) => {
        if (inspection.type === '@xstate.actor' && inspection.actorRef.sessionId === inspection.rootId) childActor.resolve(inspection.actorRef as RunActor);
      },
    });
    const parentProvider = () => createScriptedProvider((request) => (request.messages.at(-1)?.role === 'tool' ? { text: 'ok' } : ask('c1', 'pay it')));
    const parentOf = (watch: ReturnType<typeof watchParent>) =>
      createAgent({ provider: parentProvider(), tools: [agentTool(child, { name: 'research', description: 'Researches' })], sessionStore: store, approve: slowApprover().approve, inspect: watch.inspect });

    // The first process: the child's request waits on the parent, then both actors go away.
    const before = watchParent();
    void parentOf(before).run('go', { sessionId: 'p' }).catch(() => undefined);
    const firstRequest = await approvalRequested(before.events);
    const childRunId = firstRequest.runId;
    (await childActor.promise).stop();
    (await before.actor).stop();
    await flush();

    // The second: the parent resumes; its call resumes the child's Run, asked again through the parent.
    const after = watchParent();
    const resumed = parentOf(after).resume('p');
    const actor = await after.actor;
    const again = await approvalRequested(after.events);
    expect(again).toMatchObject({ runId: childRunId, callId: 'p1', parentRunId: actor.getSnapshot().context.runId, parentCallId: 'c1' });
    expect(after.events.find((event) => event.parentRunId !== undefined)).toMatchObject({ type: 'run.resumed', runId: childRunId });
    actor.send({ type: 'APPROVE', callId: 'p1' });
    const output = await resumed;
    expect(output.status).toBe('completed');
    expect(paid).toEqual([childRunId]);
    const childSession = await store.load('p.c1');
    expectSessionInvariant(childSession);
    expect(childSession.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['pay it']);
    expect(childSession.at(-1)).toMatchObject({ role: 'assistant', content: 'done' });
  });
});
