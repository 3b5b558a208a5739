// Message text, tool arguments and results reach spans only with captureContent: true.
import { describe, expect, it } from 'vitest';
import { createAgent, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';
import { inMemoryTracing, summarize } from './traceHarness.js';

const secretTool: Tool = {
  name: 'read_secret',
  description: 'Reads the secret',
  parameters: { type: 'object', properties: { name: { type: 'string' } } },
  execute: async () => 'the secret is 42',
};
const failing: Tool = { name: 'fails', description: 'Fails', parameters: { type: 'object' }, execute: async () => ({ content: 'disk /home/me is full', isError: true, code: 'disk_full' }) };

const script = () =>
  createScriptedProvider([{ text: 'Reading.', toolCalls: [call('c1', 'read_secret', { name: 'x' }), call('c2', 'fails')] }, { text: 'It is 42.' }]);

const contentKeys = ['gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result'];

describe('content on spans', () => {
  it('is left out by default, and error statuses do not quote a result', async () => {
    const { exporter, tracer } = inMemoryTracing();
    await createAgent({ provider: script(), tools: [secretTool, failing], telemetry: { tracer } }).run('what is the secret?', { sessionId: 's' });
    const spans = summarize(exporter.getFinishedSpans());
    expect(spans).toHaveLength(5);
    for (const span of spans) for (const key of contentKeys) expect(span.attributes).not.toHaveProperty(key);
    expect(JSON.stringify(spans)).not.toMatch(/secret is 42|what is the secret|disk \/home/);
  });

  it('is recorded with captureContent: true, in the conventions’ message shape', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const provider = createScriptedProvider([
      { text: 'hello' },
      { text: 'Reading.', toolCalls: [call('c1', 'read_secret', { name: 'x' }), call('c2', 'fails')] },
      { text: 'It is 42.' },
    ]);
    const agent = createAgent({ provider, tools: [secretTool, failing], telemetry: { tracer, captureContent: true } });
    await agent.run('warm up', { sessionId: 'h' });
    exporter.reset();
    // The second Run of the session: its first request carries the session's history before the input.
    await agent.run('what is the secret?', { sessionId: 'h' });
    const [root, firstChat, readCall, failCall, secondChat] = summarize(exporter.getFinishedSpans());
    const user = { role: 'user', parts: [{ type: 'text', content: 'what is the secret?' }] };
    expect(JSON.parse(root!.attributes['gen_ai.input.messages'] as string)).toEqual([user]);
    expect(JSON.parse(root!.attributes['gen_ai.output.messages'] as string)).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: 'It is 42.' }] }]);
    const history = [
      { role: 'user', parts: [{ type: 'text', content: 'warm up' }] },
      { role: 'assistant', parts: [{ type: 'text', content: 'hello' }] },
    ];
    expect(JSON.parse(firstChat!.attributes['gen_ai.input.messages'] as string)).toEqual([...history, user]);
    expect(JSON.parse(firstChat!.attributes['gen_ai.output.messages'] as string)).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: 'Reading.' }] }]);
    expect(readCall!.attributes).toMatchObject({ 'gen_ai.tool.call.arguments': '{"name":"x"}', 'gen_ai.tool.call.result': 'the secret is 42' });
    expect(failCall!.status).toEqual({ code: 'ERROR', message: 'disk /home/me is full' });
    expect(JSON.parse(secondChat!.attributes['gen_ai.input.messages'] as string)).toEqual([
      ...history,
      user,
      {
        role: 'assistant',
        parts: [
          { type: 'text', content: 'Reading.' },
          { type: 'tool_call', id: 'c1', name: 'read_secret', arguments: { name: 'x' } },
          { type: 'tool_call', id: 'c2', name: 'fails', arguments: {} },
        ],
      },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: 'the secret is 42' }] },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c2', response: 'disk /home/me is full' }] },
    ]);
  });
});
