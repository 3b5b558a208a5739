// The spans of a Run, compared whole with what the GenAI conventions ask for: names, kinds,
// parents, attributes, status and span events, for a Run with tools, an error, a cancel and
// an approval (docs/tracing.md).
import { describe, expect, it } from 'vitest';
import { createAgent, ProviderError, traceIdOfRun, type Provider, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';
import { inMemoryTracing, steppingClock, summarize, hrToMs } from './traceHarness.js';

const info = { name: 'openai', model: 'gpt-test', temperature: 0.2, maxTokens: 256 };
const withInfo = (provider: Provider): Provider => Object.assign(provider, { info });

const lookup: Tool<{ key: string }> = {
  name: 'lookup',
  description: 'Looks a key up',
  parameters: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
  readOnly: true,
  execute: async ({ key }) => `value of ${key} `.repeat(10),
};

const common = { 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'gpt-test' };
const chatRequest = { 'gen_ai.operation.name': 'chat', ...common, 'gen_ai.request.temperature': 0.2, 'gen_ai.request.max_tokens': 256 };

describe('the spans of a Run', () => {
  it('a Run with tools: invoke_agent over chat and execute_tool spans', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const provider = withInfo(
      createScriptedProvider([
        {
          toolCalls: [call('c1', 'lookup', { key: 'a' }), call('c2', 'missing')],
          finishReason: 'tool_calls',
          usage: { inputTokens: 120, outputTokens: 20, totalTokens: 140, cacheReadTokens: 100, cacheWriteTokens: 0 },
        },
        { text: 'done', finishReason: 'stop', usage: { inputTokens: 200, outputTokens: 5, totalTokens: 205 } },
      ]),
    );
    const agent = createAgent({ name: 'helper', provider, tools: [lookup], now: steppingClock(), limits: { maxOutputChars: 60 }, telemetry: { tracer } });
    const output = await agent.run('look it up', { sessionId: 'session-1' });

    const spans = exporter.getFinishedSpans();
    expect(summarize(spans)).toEqual([
      {
        name: 'invoke_agent helper',
        kind: 'INTERNAL',
        parent: '(anchor)',
        attributes: {
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.agent.name': 'helper',
          'gen_ai.conversation.id': 'session-1',
          'tinyagent.run.id': output.runId,
          ...common,
          'tinyagent.run.status': 'completed',
          'tinyagent.run.iterations': 1,
          'gen_ai.usage.input_tokens': 320,
          'gen_ai.usage.output_tokens': 25,
        },
      },
      {
        name: 'chat gpt-test',
        kind: 'CLIENT',
        parent: 'invoke_agent helper',
        attributes: {
          ...chatRequest,
          'tinyagent.iteration': 1,
          'gen_ai.response.finish_reasons': ['tool_calls'],
          'gen_ai.usage.input_tokens': 120,
          'gen_ai.usage.output_tokens': 20,
          'gen_ai.usage.cache_read.input_tokens': 100,
          'gen_ai.usage.cache_creation.input_tokens': 0,
        },
      },
      {
        name: 'execute_tool lookup',
        kind: 'INTERNAL',
        parent: 'invoke_agent helper',
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'lookup',
          'gen_ai.tool.call.id': 'c1',
          'gen_ai.tool.type': 'function',
          'gen_ai.tool.description': 'Looks a key up',
          'tinyagent.iteration': 1,
        },
        events: [{ name: 'tinyagent.output.truncated', attributes: { 'tinyagent.output.chars': 60 } }],
      },
      {
        name: 'execute_tool missing',
        kind: 'INTERNAL',
        parent: 'invoke_agent helper',
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'missing',
          'gen_ai.tool.call.id': 'c2',
          'gen_ai.tool.type': 'function',
          'tinyagent.iteration': 1,
          'error.type': 'unknown_tool',
        },
        status: { code: 'ERROR', message: 'The call ended with an error result (unknown_tool)' },
      },
      {
        name: 'chat gpt-test',
        kind: 'CLIENT',
        parent: 'invoke_agent helper',
        attributes: {
          ...chatRequest,
          'tinyagent.iteration': 2,
          'gen_ai.response.finish_reasons': ['stop'],
          'gen_ai.usage.input_tokens': 200,
          'gen_ai.usage.output_tokens': 5,
        },
      },
    ]);
    // One trace, the Run's derived one; every span ends at or after its start.
    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(new Set([traceIdOfRun(output.runId)]));
    for (const span of spans) expect(hrToMs(span.endTime)).toBeGreaterThanOrEqual(hrToMs(span.startTime));
  });

  it('a failed provider request: the chat span and the Run carry error.type provider_error', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const provider = withInfo(
      createScriptedProvider([
        () => {
          throw new ProviderError('upstream said 500');
        },
      ]),
    );
    const agent = createAgent({ provider, telemetry: { tracer } });
    await expect(agent.run('hi')).rejects.toMatchObject({ code: 'provider_error' });

    const [root, chat] = summarize(exporter.getFinishedSpans());
    expect(root).toMatchObject({
      name: 'invoke_agent tinyagent',
      attributes: { 'error.type': 'provider_error', 'tinyagent.run.status': 'failed' },
      status: { code: 'ERROR' },
    });
    expect(root!.status!.message).toContain('upstream said 500');
    expect(chat).toMatchObject({ name: 'chat gpt-test', kind: 'CLIENT', parent: 'invoke_agent tinyagent', attributes: { 'error.type': 'provider_error' }, status: { code: 'ERROR' } });
    expect(chat!.attributes).not.toHaveProperty('gen_ai.response.finish_reasons');
  });

  it('a cancelled Run: the running call and the Run end with error.type cancelled', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const controller = new AbortController();
    const waits: Tool = {
      name: 'waits',
      description: 'Waits until cancelled',
      parameters: { type: 'object' },
      execute: (_args, ctx) =>
        new Promise((_resolve, reject) => {
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error), { once: true });
          controller.abort(new Error('user pressed stop'));
        }),
    };
    const provider = withInfo(createScriptedProvider([{ toolCalls: [call('c1', 'waits')] }]));
    const agent = createAgent({ provider, tools: [waits], telemetry: { tracer } });
    await expect(agent.run('wait', { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });

    const summaries = summarize(exporter.getFinishedSpans());
    expect(summaries.map((span) => span.name)).toEqual(['invoke_agent tinyagent', 'chat gpt-test', 'execute_tool waits']);
    expect(summaries[0]).toMatchObject({ attributes: { 'error.type': 'cancelled', 'tinyagent.run.status': 'cancelled' }, status: { code: 'ERROR' } });
    expect(summaries[1]!.status).toBeUndefined();
    expect(summaries[2]).toMatchObject({ parent: 'invoke_agent tinyagent', attributes: { 'error.type': 'cancelled' }, status: { code: 'ERROR' } });
  });

  it('a cancel during the provider request ends that chat span with error.type cancelled', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const controller = new AbortController();
    const provider = withInfo(
      createScriptedProvider([
        (_request, { signal }) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
            controller.abort(new Error('stop'));
          }),
      ]),
    );
    const agent = createAgent({ provider, telemetry: { tracer } });
    await expect(agent.run('hi', { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
    const [root, chat] = summarize(exporter.getFinishedSpans());
    expect(root).toMatchObject({ attributes: { 'error.type': 'cancelled' }, status: { code: 'ERROR' } });
    expect(chat).toMatchObject({ name: 'chat gpt-test', attributes: { 'error.type': 'cancelled' }, status: { code: 'ERROR' } });
  });

  it('an approval: the wait and the answer are span events of the call; a refusal is error.type denied', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const guarded: Tool<{ path: string }> = {
      name: 'remove',
      description: 'Removes a file',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      needsApproval: true,
      execute: async () => 'removed',
    };
    const provider = withInfo(createScriptedProvider([{ toolCalls: [call('c1', 'remove', { path: 'a' }), call('c2', 'remove', { path: 'b' })] }, { text: 'ok' }]));
    const approve = ({ arguments: args }: { arguments: Record<string, unknown> }) =>
      args.path === 'a' ? { approved: true } : { approved: false, reason: 'not that one' };
    const agent = createAgent({ provider, tools: [guarded], approve, telemetry: { tracer } });
    await agent.run('clean up');

    const calls = summarize(exporter.getFinishedSpans()).filter((span) => span.name === 'execute_tool remove');
    expect(calls).toEqual([
      expect.objectContaining({
        attributes: expect.objectContaining({ 'gen_ai.tool.call.id': 'c1' }),
        events: [{ name: 'tinyagent.approval.requested' }, { name: 'tinyagent.approval.resolved', attributes: { 'tinyagent.approval.approved': true } }],
      }),
      expect.objectContaining({
        attributes: expect.objectContaining({ 'gen_ai.tool.call.id': 'c2', 'error.type': 'denied' }),
        status: { code: 'ERROR', message: 'The call ended with an error result (denied)' },
        events: [
          { name: 'tinyagent.approval.requested' },
          { name: 'tinyagent.approval.resolved', attributes: { 'tinyagent.approval.approved': false, 'tinyagent.approval.reason': 'not that one' } },
        ],
      }),
    ]);
    expect(calls[0]!.status).toBeUndefined();
  });

  it('hook and rule decisions: span events of the call, a refused call is error.type denied', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const provider = withInfo(createScriptedProvider([{ toolCalls: [call('c1', 'lookup', { key: 'a' }), call('c2', 'lookup', { key: 'secret' })] }, { text: 'ok' }]));
    const agent = createAgent({
      provider,
      tools: [lookup],
      permissions: { allow: ['lookup'] },
      hooks: { beforeToolCall: (request) => (request.arguments.key === 'secret' ? { decision: 'deny', reason: 'Not that key' } : undefined) },
      telemetry: { tracer },
    });
    await agent.run('look');

    const calls = summarize(exporter.getFinishedSpans()).filter((span) => span.name === 'execute_tool lookup');
    expect(calls.map((span) => span.events)).toEqual([
      [
        { name: 'tinyagent.hook.decided', attributes: { 'tinyagent.hook.name': 'beforeToolCall', 'tinyagent.hook.decision': 'none' } },
        {
          name: 'tinyagent.hook.decided',
          attributes: { 'tinyagent.hook.name': 'permissions', 'tinyagent.hook.decision': 'allow', 'tinyagent.hook.reason': 'Allowed by the allow rule "lookup"' },
        },
      ],
      [{ name: 'tinyagent.hook.decided', attributes: { 'tinyagent.hook.name': 'beforeToolCall', 'tinyagent.hook.decision': 'deny', 'tinyagent.hook.reason': 'Not that key' } }],
    ]);
    expect(calls[1]!.attributes).toMatchObject({ 'error.type': 'denied' });
  });
});
