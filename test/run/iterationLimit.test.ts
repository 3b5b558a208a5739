// The iteration limit (docs/design.md, "The Run"): a response with tool calls after maxIterations batches runs none of them.
import { describe, expect, it } from 'vitest';
import type { ToolMessage } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { expectEventInvariant, expectSessionInvariant } from '../helpers/invariants.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

const toolRound = (n: number) => ({ toolCalls: [call(`c${n}`, 'echo', { text: `r${n}` })] });

async function runWithLimit(maxIterations: number, toolRounds: number) {
  const script = [...Array.from({ length: toolRounds }, (_, i) => toolRound(i + 1)), { text: 'final' }];
  const provider = createScriptedProvider(script);
  const run = startRun({ provider, tools: [echoTool()], input: 'go', limits: { maxIterations } });
  const output = await run.output;
  expectSessionInvariant(output.messages);
  expectEventInvariant(run.events, output.messages);
  return { output, provider, run };
}

describe('iteration limit', () => {
  it('at 0, refuses the first batch: assistant message kept, each call gets tool_iteration_limit', async () => {
    const { output, provider } = await runWithLimit(0, 1);
    expect(output.status).toBe('limit_reached');
    expect(output.error?.code).toBe('tool_iteration_limit');
    expect(output.iterations).toBe(0);
    expect(provider.calls).toBe(1);
    expect(output.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    const result = output.messages[2] as ToolMessage;
    expect(result).toMatchObject({ toolCallId: 'c1', isError: true, code: 'tool_iteration_limit' });
  });

  it('at 1, runs one batch and refuses the second', async () => {
    const { output, run } = await runWithLimit(1, 2);
    expect(output.status).toBe('limit_reached');
    expect(output.iterations).toBe(1);
    const tools = output.messages.filter((m): m is ToolMessage => m.role === 'tool');
    expect(tools.map((m) => [m.toolCallId, m.code ?? 'ok'])).toEqual([
      ['c1', 'ok'],
      ['c2', 'tool_iteration_limit'],
    ]);
    expect(run.types().at(-1)).toBe('run.failed');
  });

  it('exactly at the limit, a final text answer still completes', async () => {
    const { output } = await runWithLimit(3, 3);
    expect(output.status).toBe('completed');
    expect(output.iterations).toBe(3);
    expect(output.text).toBe('final');
  });

  it('one batch over the limit reaches it after n batches', async () => {
    const { output, provider } = await runWithLimit(3, 4);
    expect(output.status).toBe('limit_reached');
    expect(output.iterations).toBe(3);
    expect(provider.calls).toBe(4);
  });

  it('a text answer that looks like a tool call is just text: the Run is done', async () => {
    const text = '{"tool_calls":[{"id":"x","name":"echo","arguments":"{}"}]}';
    const provider = createScriptedProvider([{ text }]);
    const output = await startRun({ provider, tools: [echoTool()], input: 'go' }).output;
    expect(output).toMatchObject({ status: 'completed', text, iterations: 0 });
    expect(output.messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: text },
    ]);
  });
});
