// limits.maxCallsPerResponse (calls beyond it get an error result and never run)
// and limits.maxTextChars (a longer answer fails the Run with provider_error; streamed text
// beyond it is not emitted).
import { describe, expect, it } from 'vitest';
import { createScriptedProvider } from '../../src/testing.js';
import { expectEventInvariant, expectSessionInvariant } from '../helpers/invariants.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

describe('limits.maxCallsPerResponse', () => {
  it('runs the first calls and gives the others an error result without running them', async () => {
    const ran: string[] = [];
    const tool = echoTool({ execute: async (args: Record<string, unknown>) => (ran.push(String(args.text)), 'ok') });
    const calls = ['a', 'b', 'c', 'd'].map((id) => call(id, 'echo', { text: id }));
    const provider = createScriptedProvider([{ toolCalls: calls }, { text: 'done' }]);
    const run = startRun({ provider, tools: [tool], input: 'go', limits: { maxCallsPerResponse: 2 } });
    const output = await run.output;
    expect(ran).toEqual(['a', 'b']);
    const results = output.messages.filter((m) => m.role === 'tool');
    expect(results.map((m) => [m.toolCallId, m.isError])).toEqual([
      ['a', false],
      ['b', false],
      ['c', true],
      ['d', true],
    ]);
    expect(results[2]!.content).toMatch(/more than the 2/);
    expect(results.slice(2).map((m) => m.code)).toEqual(['tool_call_limit', 'tool_call_limit']);
    expectSessionInvariant(output.messages);
    expectEventInvariant(run.events, output.messages);
  });
});

describe('limits.maxTextChars', () => {
  it('fails the Run with provider_error when the answer is longer', async () => {
    const provider = createScriptedProvider([{ text: 'x'.repeat(11) }]);
    const output = await startRun({ provider, tools: [], input: 'go', limits: { maxTextChars: 10 } }).output;
    expect(output.status).toBe('failed');
    expect(output.error?.code).toBe('provider_error');
    expect(output.error?.message).toMatch(/maxTextChars/);
  });

  it('stops emitting streamed text beyond the limit', async () => {
    const provider = createScriptedProvider((_request, _index, options) => {
      for (const piece of ['abcd', 'efgh', 'ijkl']) options.onTextDelta?.(piece);
      return { text: 'abcdefghij' };
    });
    const run = startRun({ provider, tools: [], input: 'go', limits: { maxTextChars: 10 } });
    const output = await run.output;
    expect(output.status).toBe('completed');
    expect(run.events.flatMap((event) => (event.type === 'text.delta' ? [event.delta] : [])).join('')).toBe('abcdefghij');
  });
});
