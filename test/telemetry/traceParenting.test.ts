// The trace context a running call hands on: toolCallTraceparent(ctx) names its execute_tool
// span while it runs (for MCP's _meta.traceparent), and a sub-agent's Run given it as
// `traceparent` nests under that call, in the parent's trace.
import { describe, expect, it } from 'vitest';
import { agentTool, createAgent, toolCallTraceparent, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';
import { inMemoryTracing, summarize } from './traceHarness.js';

/** One trace: the lead's Run, its call of `tool`, and the researcher's Run nested under that call. */
function expectOneTraceNestedUnder(spans: Parameters<typeof summarize>[0], tool: string): void {
  expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);
  expect(summarize(spans).map(({ name, parent }) => [name, parent])).toEqual([
    ['invoke_agent lead', '(anchor)'],
    ['chat', 'invoke_agent lead'],
    [`execute_tool ${tool}`, 'invoke_agent lead'],
    ['invoke_agent researcher', `execute_tool ${tool}`],
    ['chat', 'invoke_agent researcher'],
    ['chat', 'invoke_agent lead'],
  ]);
}

describe('trace context for what a tool calls', () => {
  it('toolCallTraceparent is the call’s span while it runs, and nothing afterwards or without telemetry', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const seen: (string | undefined)[] = [];
    let context: { runId: string; callId: string } | undefined;
    const probe: Tool = {
      name: 'probe',
      description: 'Reads its trace context',
      parameters: { type: 'object' },
      execute: async (_args, ctx) => {
        context = { runId: ctx.runId, callId: ctx.callId };
        seen.push(toolCallTraceparent(ctx));
        return 'ok';
      },
    };
    const script = () => createScriptedProvider([{ toolCalls: [call('c1', 'probe')] }, { text: 'done' }]);
    await createAgent({ provider: script(), tools: [probe], telemetry: { tracer } }).run('go');
    const span = exporter.getFinishedSpans().find((s) => s.name === 'execute_tool probe')!;
    const { traceId, spanId } = span.spanContext();
    expect(seen).toEqual([`00-${traceId}-${spanId}-01`]);
    expect(toolCallTraceparent(context!)).toBeUndefined();

    await createAgent({ provider: script(), tools: [probe] }).run('go');
    expect(seen[1]).toBeUndefined();
  });

  it('agentTool: the sub-agent’s invoke_agent nests under the parent’s execute_tool, in one trace', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const helper = createAgent({ name: 'researcher', provider: createScriptedProvider([{ text: 'found it' }]), telemetry: { tracer } });
    const main = createAgent({
      name: 'lead',
      provider: createScriptedProvider([{ toolCalls: [call('c1', 'research', { input: 'look' })] }, { text: 'done' }]),
      tools: [agentTool(helper, { name: 'research', description: 'Researches' })],
      telemetry: { tracer },
    });
    await main.run('go');
    expectOneTraceNestedUnder(exporter.getFinishedSpans(), 'research');
  });

  it('a sub-agent run with the call’s traceparent nests under the call, in one trace', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const helper = createAgent({ name: 'researcher', provider: createScriptedProvider([{ text: 'found it' }]), telemetry: { tracer } });
    const delegate: Tool<{ task: string }> = {
      name: 'delegate',
      description: 'Hands a task to the researcher',
      parameters: { type: 'object', properties: { task: { type: 'string' } }, required: ['task'] },
      execute: async ({ task }, ctx) => (await helper.run(task, { traceparent: toolCallTraceparent(ctx) })).text ?? '',
    };
    const main = createAgent({
      name: 'lead',
      provider: createScriptedProvider([{ toolCalls: [call('c1', 'delegate', { task: 'look' })] }, { text: 'done' }]),
      tools: [delegate],
      telemetry: { tracer },
    });
    await main.run('go');
    expectOneTraceNestedUnder(exporter.getFinishedSpans(), 'delegate');
  });

  it('refuses a traceparent that is not one', async () => {
    const agent = createAgent({ provider: createScriptedProvider([{ text: 'hi' }]) });
    await expect(agent.run('hi', { traceparent: 'not-a-traceparent' })).rejects.toMatchObject({ name: 'ConfigurationError', message: expect.stringContaining('traceparent') });
  });
});
