// docs/design.md, "One call", through a whole Run: each call error code reaches the tool message, the
// events and the model, and output is cut before it goes anywhere.
import { describe, expect, it } from 'vitest';
import type { ToolMessage, ToolCallRequest, Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { expectEventInvariant, expectSessionInvariant } from '../helpers/invariants.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

async function runCalls(calls: ToolCallRequest[], tools: Tool[] = [echoTool()], maxOutputChars?: number) {
  const provider = createScriptedProvider([{ toolCalls: calls }, { text: 'done' }]);
  const run = startRun({ provider, tools, input: 'go', limits: maxOutputChars === undefined ? {} : { maxOutputChars } });
  const output = await run.output;
  expectSessionInvariant(output.messages);
  expectEventInvariant(run.events, output.messages);
  const results = output.messages.filter((m): m is ToolMessage => m.role === 'tool');
  return { output, run, results, provider };
}

describe('call errors in a Run', () => {
  it('gives each error its code, keeps the Run going, and shows the model every result', async () => {
    const thrower = echoTool({ name: 'thrower', execute: async () => Promise.reject(new Error('disk on fire')) });
    const { results, run, provider, output } = await runCalls(
      [
        call('a', 'missing'),
        call('b', 'echo', '{not json'),
        call('c', 'echo', '[1,2]'),
        call('d', 'echo', { text: 5 }),
        call('e', 'thrower', { text: 'x' }),
        call('f', 'echo', ''),
        call('g', 'echo', { text: 'fine' }),
      ],
      [echoTool(), thrower],
    );
    expect(output.status).toBe('completed');
    expect(results.map((m) => m.code ?? 'ok')).toEqual([
      'unknown_tool',
      'invalid_json',
      'invalid_json',
      'invalid_arguments',
      'tool_error',
      'invalid_arguments', // '' means {}, and `text` is required
      'ok',
    ]);
    expect(results[0]!.content).toContain('echo');
    expect(results[3]!.content).toContain('/text');
    expect(results[4]!.content).toContain('disk on fire');
    const failed = run.events.flatMap((e) => (e.type === 'tool.failed' ? [e.code] : []));
    expect(failed).toEqual(['unknown_tool', 'invalid_json', 'invalid_json', 'invalid_arguments', 'tool_error', 'invalid_arguments']);
    // the second request carries every result to the model
    const sent = provider.requests[1]!.messages.filter((m): m is ToolMessage => m.role === 'tool');
    expect(sent).toEqual(results);
  });

  it('never calls execute when the arguments are invalid', async () => {
    let calls = 0;
    const counted = echoTool({ execute: async () => String(++calls) });
    await runCalls([call('a', 'echo', { text: 1 }), call('b', 'echo', '{')], [counted]);
    expect(calls).toBe(0);
  });

  it('cuts long output to maxOutputChars in the message, the event and the session', async () => {
    const long = echoTool({ name: 'long', execute: async () => 'x'.repeat(500) });
    const { results, run } = await runCalls([call('a', 'long', { text: '' })], [long], 100);
    expect(results[0]!.content.length).toBeLessThanOrEqual(100);
    expect(results[0]!.truncated).toBe(true);
    const completed = run.events.find((e) => e.type === 'tool.completed');
    expect(completed?.type === 'tool.completed' && completed.result.content).toBe(results[0]!.content);
  });

  it('accepts arguments the provider already parsed into an object', async () => {
    const { results } = await runCalls([{ id: 'a', name: 'echo', arguments: { text: 'obj' } }]);
    expect(results[0]!.content).toBe('obj');
  });

  it('passes the tool context: ids, iteration and a live signal', async () => {
    const seen: unknown[] = [];
    const spy = echoTool({
      execute: async (_args, ctx) => {
        seen.push({ runId: ctx.runId, callId: ctx.callId, toolName: ctx.toolName, iteration: ctx.iteration, aborted: ctx.signal.aborted });
        return 'ok';
      },
    });
    await runCalls([call('a', 'echo', { text: '' })], [spy]);
    expect(seen).toEqual([{ runId: 'run-1', callId: 'a', toolName: 'echo', iteration: 1, aborted: false }]);
  });
});
