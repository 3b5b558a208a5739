// Agents as tools (docs/agents-as-tools.md): a call of agentTool runs a Run of the sub-agent
// as part of the parent's ToolCall. Its events reach the parent's stream tagged with the
// parent's ids, its usage is rolled into the parent's, its messages go to a session of its
// own linked from the result; the parent's cancel reaches the child's tools; approvals inside
// it go through the parent's approver; depth and concurrency are refused with codes.
import { describe, expect, it } from 'vitest';
import { lastValueFrom, toArray } from 'rxjs';
import type {
  RunError} from '../../src/index.js';
import {
  agentTool,
  createAgent,
  MemorySessionStore,
  type ApprovalRequest,
  type RunEvent,
  type Tool,
  type Usage,
} from '../../src/index.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { call } from '../helpers/runHarness.js';
import { deferred } from '../helpers/deferred.js';
import { createScriptedProvider } from '../../src/testing.js';

const usage = (inputTokens: number, outputTokens: number): Usage => ({ inputTokens, outputTokens, totalTokens: inputTokens + outputTokens });
const ask = (id: string, input: string) => ({ text: '', toolCalls: [call(id, 'research', { input })] });

describe('agentTool', () => {
  it("runs the sub-agent: its events in the parent's stream, its usage rolled up, its own session linked", async () => {
    const sessionStore = new MemorySessionStore();
    const child = createAgent({ provider: createScriptedProvider([{ text: 'Paris', usage: usage(5, 2) }]), sessionStore });
    const parentProvider = createScriptedProvider([{ ...ask('c1', 'Capital of France?'), usage: usage(10, 3) }, { text: 'It is Paris.', usage: usage(20, 4) }]);
    const parent = createAgent({ provider: parentProvider, tools: [agentTool(child, { name: 'research', description: 'Researches' })], sessionStore });
    const events = await lastValueFrom(parent.stream('Where?', { sessionId: 'main' }).pipe(toArray()));
    const parentRunId = events[0]!.runId;
    const childEvents = events.filter((event) => event.parentRunId !== undefined);
    expect(childEvents.map((event) => event.type)).toEqual(['run.started', 'provider.requested', 'provider.responded', 'run.completed']);
    for (const event of childEvents) {
      expect(event).toMatchObject({ parentRunId, parentCallId: 'c1' });
      expect(event.runId).not.toBe(parentRunId);
    }
    const end = events.at(-1)!;
    expect(end.type).toBe('run.completed');
    const output = (end as Extract<RunEvent, { type: 'run.completed' }>).output;
    expect(output.usage).toEqual(usage(35, 9));
    const result = output.messages.find((m) => m.role === 'tool');
    expect(result?.content).toContain('Paris');
    expect(result?.content).toContain('sub-agent session "main.c1"');
    const childSession = await sessionStore.load('main.c1');
    expect(childSession.map((m) => m.content)).toEqual(['Capital of France?', 'Paris']);
    expect((await sessionStore.load('main')).some((m) => m.content === 'Paris')).toBe(false);
  });

  it("the parent's cancel reaches the child's tool; the result is cancelled and both sessions stay whole", async () => {
    const sessionStore = new MemorySessionStore();
    const started = deferred<AbortSignal>();
    const slow: Tool = {
      name: 'slow',
      description: 'Waits for its signal',
      parameters: { type: 'object' },
      execute: (_args, ctx) =>
        new Promise((_resolve, reject) => {
          started.resolve(ctx.signal);
          ctx.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
        }),
    };
    const child = createAgent({ provider: createScriptedProvider([{ text: '', toolCalls: [call('s1', 'slow')] }]), tools: [slow], sessionStore });
    const parent = createAgent({ provider: createScriptedProvider([ask('c1', 'go')]), tools: [agentTool(child, { name: 'research', description: 'Researches' })], sessionStore });
    const controller = new AbortController();
    const run = parent.run('go', { sessionId: 'p', signal: controller.signal });
    const signal = await started.promise;
    controller.abort(new Error('user left'));
    const error = (await run.catch((thrown: unknown) => thrown)) as RunError;
    expect(signal.aborted).toBe(true);
    expect(error.code).toBe('cancelled');
    const parentSession = await sessionStore.load('p');
    expectSessionInvariant(parentSession);
    expect(parentSession.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'c1', code: 'cancelled' });
    const childSession = await sessionStore.load('p.c1');
    expectSessionInvariant(childSession);
    expect(childSession.at(-1)).toMatchObject({ role: 'tool', toolCallId: 's1', code: 'cancelled' });
  });

  it("an approval inside the child is asked through the parent's approver, its event in the parent's stream", async () => {
    const asked: ApprovalRequest[] = [];
    const guarded: Tool = { name: 'pay', description: 'Pays', parameters: { type: 'object' }, needsApproval: true, execute: async () => 'paid' };
    const child = createAgent({ provider: createScriptedProvider([{ text: '', toolCalls: [call('p1', 'pay')] }, { text: 'done' }]), tools: [guarded] });
    const parent = createAgent({
      provider: createScriptedProvider([ask('c1', 'pay it'), { text: 'ok' }]),
      tools: [agentTool(child, { name: 'research', description: 'Researches' })],
      approve: (request) => (asked.push(request), true),
    });
    const events = await lastValueFrom(parent.stream('go').pipe(toArray()));
    expect(asked.map((request) => request.toolName)).toEqual(['pay']);
    const requested = events.find((event) => event.type === 'tool.approval_requested');
    expect(requested).toMatchObject({ callId: 'p1', toolName: 'pay', parentRunId: events[0]!.runId, parentCallId: 'c1' });
    expect(requested!.runId).toBe(asked[0]!.runId);
    const childResult = events.find((event) => event.type === 'tool.completed' && event.callId === 'p1');
    expect(childResult).toBeDefined();
  });

  it('refuses a sub-agent nested deeper than maxDepth (an agent that runs itself)', async () => {
    const provider = createScriptedProvider((request) =>
      request.messages.at(-1)?.role === 'tool' ? { text: 'stop' } : { text: '', toolCalls: [call(`c${request.messages.length}`, 'research', { input: 'deeper' })] },
    );
    const registry = createAgent({ provider });
    registry.tools.register(agentTool(registry, { name: 'research', description: 'Itself', maxDepth: 2 }));
    const output = await registry.run('go');
    expect(output.status).toBe('completed');
    // Runs at depth 0, 1 and 2 made two requests each; the Run at depth 2 was refused a third.
    expect(provider.calls).toBe(6);
    const refused = provider.requests.flatMap((request) => request.messages).filter((m) => m.role === 'tool' && m.code === 'agent_depth_limit');
    expect(refused).toHaveLength(1);
  });

  it('refuses more than maxConcurrent Runs of the tool at once, across parents', async () => {
    const gate = deferred<ReturnType<typeof Object>>();
    const child = createAgent({ provider: createScriptedProvider(() => gate.promise.then(() => ({ text: 'late' }))) });
    const tool = agentTool(child, { name: 'research', description: 'Researches', maxConcurrent: 1 });
    const parentOf = () => createAgent({ provider: createScriptedProvider([ask('c1', 'x'), { text: 'done' }]), tools: [tool] });
    const first = parentOf().run('one');
    await new Promise((resolve) => setImmediate(resolve));
    const second = await parentOf().run('two');
    expect(second.messages.find((m) => m.role === 'tool')).toMatchObject({ code: 'agent_concurrency_limit', isError: true });
    gate.resolve({});
    expect((await first).status).toBe('completed');
  });

  it("a sub-agent's spending pushes its parent over a budget", async () => {
    const child = createAgent({ provider: createScriptedProvider([{ text: 'big', usage: usage(900, 100) }]) });
    const parentProvider = createScriptedProvider([{ ...ask('c1', 'x'), usage: usage(10, 1) }, { text: 'never asked' }]);
    const parent = createAgent({ provider: parentProvider, tools: [agentTool(child, { name: 'research', description: 'Researches' })], limits: { maxTotalTokens: 1000 } });
    const error = (await parent.run('go').catch((thrown: unknown) => thrown)) as RunError;
    expect(error.code).toBe('budget_exceeded');
    expect(error.message).toContain('limits.maxTotalTokens');
    expect(parentProvider.calls).toBe(1);
  });
});
