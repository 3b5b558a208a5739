// Budgets (docs/budgets.md): each limit of `limits` ends the Run at the point the rules give,
// `limit_reached` with code `budget_exceeded` naming the limit; the calls of a response that
// passes a budget get an error result and never run; the session stays whole; a tool's
// reported spending (a sub-agent's) counts; a restored Run keeps what it spent.
import { toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  createAgent,
  createRunActor,
  MemorySessionStore,
  ConfigurationError,
  RunError,
  type ProviderResponse,
  type RunOutput,
  type Tool,
  type Usage,
} from '../../src/index.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';
import { deferred } from '../helpers/deferred.js';
import { createScriptedProvider } from '../../src/testing.js';

const usage = (inputTokens: number, outputTokens: number): Usage => ({ inputTokens, outputTokens, totalTokens: inputTokens + outputTokens });
const echoCalls = (...ids: string[]): ProviderResponse => ({ text: '', toolCalls: ids.map((id) => call(id, 'echo', { text: id })) });

function expectBudgetEnd(output: RunOutput, limit: string) {
  expect(output.status).toBe('limit_reached');
  expect(output.error?.code).toBe('budget_exceeded');
  expect(output.error?.message).toContain(`limits.${limit}`);
  expectSessionInvariant(output.messages);
}

describe('token budgets', () => {
  it('maxTotalTokens: the response that passes it ends the Run, its calls refused', async () => {
    const executed: string[] = [];
    const run = startRun({
      provider: createScriptedProvider([
        { ...echoCalls('a'), usage: usage(40, 10) },
        { ...echoCalls('b'), usage: usage(60, 10) },
        { text: 'never asked' },
      ]),
      tools: [echoTool({ execute: async ({ text }) => (executed.push(String(text)), String(text)) })],
      input: 'go',
      limits: { maxTotalTokens: 100 },
    });
    const output = await run.output;
    expectBudgetEnd(output, 'maxTotalTokens');
    expect(executed).toEqual(['a']);
    const refused = output.messages.at(-1);
    expect(refused).toMatchObject({ role: 'tool', toolCallId: 'b', isError: true, code: 'budget_exceeded' });
    expect(output.spent).toMatchObject({ inputTokens: 100, outputTokens: 20, totalTokens: 120, toolCalls: 1 });
    expect(run.types().filter((type) => type === 'provider.requested')).toHaveLength(2);
  });

  it('maxInputTokens: used up by one response, the next request is never made', async () => {
    const provider = createScriptedProvider([{ ...echoCalls('a'), usage: usage(50, 1) }, { text: 'never asked' }]);
    const output = await startRun({ provider, tools: [echoTool()], input: 'go', limits: { maxInputTokens: 50 } }).output;
    expectBudgetEnd(output, 'maxInputTokens');
    expect(provider.calls).toBe(1);
    // The batch ran in full before the budget stopped the next request.
    expect(output.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it("maxOutputTokens: the provider's maxTokens counts as what the request may spend", async () => {
    const provider = createScriptedProvider([{ text: 'never asked' }]);
    const limited = { ...provider, complete: provider.complete.bind(provider), info: { name: 'openai', maxTokens: 4096 } };
    const output = await startRun({ provider: limited, tools: [], input: 'go', limits: { maxOutputTokens: 1000 } }).output;
    expectBudgetEnd(output, 'maxOutputTokens');
    expect(output.error?.message).toContain('may spend 4096');
    expect(provider.calls).toBe(0);
    expect(output.messages).toEqual([{ role: 'user', content: 'go' }]);
  });

  it('a response within every budget completes the Run', async () => {
    const output = await startRun({
      provider: createScriptedProvider([{ text: 'done', usage: usage(10, 10) }]),
      tools: [],
      input: 'go',
      limits: { maxTotalTokens: 20, maxInputTokens: 10, maxOutputTokens: 10, maxToolCalls: 0 },
    }).output;
    expect(output.status).toBe('completed');
  });
});

describe('maxToolCalls', () => {
  it('a response whose calls would pass the limit runs none of them', async () => {
    const executed: string[] = [];
    const run = startRun({
      provider: createScriptedProvider([echoCalls('a', 'b'), echoCalls('c', 'd'), { text: 'never asked' }]),
      tools: [echoTool({ execute: async ({ text }) => (executed.push(String(text)), String(text)) })],
      input: 'go',
      limits: { maxToolCalls: 3 },
    });
    const output = await run.output;
    expectBudgetEnd(output, 'maxToolCalls');
    expect(output.error?.message).toBe('Budget limits.maxToolCalls (3) exceeded: 2 tool calls run, and the response asks for 2 more');
    expect(executed).toEqual(['a', 'b']);
    const codes = output.messages.flatMap((m) => (m.role === 'tool' ? [`${m.toolCallId}:${m.code ?? 'ok'}`] : []));
    expect(codes).toEqual(['a:ok', 'b:ok', 'c:budget_exceeded', 'd:budget_exceeded']);
    expect(run.types().filter((type) => type === 'tool.failed')).toHaveLength(2);
  });
});

describe('maxDurationMs', () => {
  it('is checked against the clock before each request', async () => {
    let time = 0;
    const provider = createScriptedProvider([echoCalls('a'), { text: 'never asked' }]);
    const slow = echoTool({ execute: async () => ((time += 500), 'slow') });
    const output = await startRun({ provider, tools: [slow], input: 'go', now: () => time, limits: { maxDurationMs: 400 } }).output;
    expectBudgetEnd(output, 'maxDurationMs');
    expect(provider.calls).toBe(1);
  });
});

describe('maxCostUsd', () => {
  it('prices each response with `pricing` and stops when the cost passes the limit', async () => {
    const priced: Usage[] = [];
    const pricing = (u: Usage) => (priced.push(u), u.inputTokens * 0.001 + u.outputTokens * 0.002);
    const output = await startRun({
      provider: createScriptedProvider([
        { ...echoCalls('a'), usage: usage(100, 10) },
        { ...echoCalls('b'), usage: usage(100, 10) },
      ]),
      tools: [echoTool()],
      input: 'go',
      pricing,
      limits: { maxCostUsd: 0.2 },
    }).output;
    expectBudgetEnd(output, 'maxCostUsd');
    expect(priced).toHaveLength(2);
    expect(output.spent?.costUsd).toBeCloseTo(0.24);
  });

  it('prices responses the same when provider hooks are set', async () => {
    const output = await startRun({
      provider: createScriptedProvider([{ ...echoCalls('a'), usage: usage(100, 10) }]),
      tools: [echoTool()],
      input: 'go',
      hooks: { afterProviderResponse: () => {} },
      pricing: (u) => u.totalTokens * 0.01,
      limits: { maxCostUsd: 1 },
    }).output;
    expectBudgetEnd(output, 'maxCostUsd');
    expect(output.spent?.costUsd).toBeCloseTo(1.1);
  });

  it('without pricing is a ConfigurationError at once', () => {
    expect(() => createAgent({ provider: createScriptedProvider([]), limits: { maxCostUsd: 1 } })).toThrow(ConfigurationError);
    expect(() => createAgent({ provider: createScriptedProvider([]), limits: { maxTotalTokens: -1 } })).toThrow(/limits.maxTotalTokens must be an integer >= 0/);
  });

  it('a pricing that returns no number fails the Run', async () => {
    const output = await startRun({
      provider: createScriptedProvider([{ text: 'hi', usage: usage(1, 1) }]),
      tools: [],
      input: 'go',
      pricing: () => Number.NaN,
    }).output;
    expect(output.status).toBe('failed');
    expect(output.error?.message).toContain('pricing(usage) must return a non-negative number');
  });
});

describe("a tool's reported spending", () => {
  it("counts toward the Run's usage and budgets (a sub-agent pushes its parent over)", async () => {
    const child: Tool = {
      name: 'child',
      description: 'Spends tokens on the Run’s behalf',
      parameters: { type: 'object' },
      execute: async () => ({ content: 'child answer', spent: { usage: usage(900, 100), toolCalls: 2 } }),
    };
    const provider = createScriptedProvider([
      { text: '', toolCalls: [call('k', 'child')], usage: usage(10, 5) },
      { text: 'never asked' },
    ]);
    const output = await startRun({ provider, tools: [child], input: 'go', limits: { maxTotalTokens: 1000 } }).output;
    expectBudgetEnd(output, 'maxTotalTokens');
    expect(provider.calls).toBe(1);
    expect(output.usage).toEqual(usage(910, 105));
    expect(output.spent).toMatchObject({ totalTokens: 1015, toolCalls: 3 });
    // The spending never reaches the session.
    expect(output.messages.at(-1)).toEqual({ role: 'tool', toolCallId: 'k', content: 'child answer', isError: false });
  });
});

describe('agent.run', () => {
  it('rejects with a RunError whose code is budget_exceeded, the session whole', async () => {
    const sessionStore = new MemorySessionStore();
    const agent = createAgent({
      provider: createScriptedProvider([{ ...echoCalls('a', 'b'), usage: usage(1, 1) }]),
      tools: [echoTool()],
      sessionStore,
      limits: { maxToolCalls: 1 },
    });
    const error = await agent.run('go', { sessionId: 's1' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(RunError);
    expect((error as RunError).code).toBe('budget_exceeded');
    const stored = await sessionStore.load('s1');
    expectSessionInvariant(stored);
    expect(stored.filter((m) => m.role === 'tool').map((m) => m.role === 'tool' && m.code)).toEqual(['budget_exceeded', 'budget_exceeded']);
  });
});

describe('a restored Run', () => {
  it('keeps what it spent: the figures travel in its snapshot', async () => {
    const gate = deferred<string>();
    const blocking = echoTool({ execute: () => gate.promise });
    const provider = createScriptedProvider([
      { ...echoCalls('a'), usage: usage(60, 10) },
      { ...echoCalls('b'), usage: usage(30, 10) },
      { text: 'never asked' },
    ]);
    const limits = { maxTotalTokens: 100 };
    const first = startRun({ provider, tools: [blocking], input: 'go', limits });
    await new Promise((resolve) => setImmediate(resolve));
    const snapshot = JSON.parse(JSON.stringify(first.actor.getPersistedSnapshot()));
    expect(snapshot.context.spent).toMatchObject({ totalTokens: 70, toolCalls: 1 });
    first.actor.stop();
    const restored = createRunActor({ provider, tools: [echoTool()], input: 'go', snapshot, now: () => 10 });
    restored.start();
    const output = await toPromise(restored);
    expectBudgetEnd(output, 'maxTotalTokens');
    expect(output.spent).toMatchObject({ totalTokens: 110, toolCalls: 1 });
  });
});
