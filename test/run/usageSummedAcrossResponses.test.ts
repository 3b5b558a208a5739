// RunOutput.usage is the sum of the token counts of every provider response of the Run
// that reported usage (each count on its own), whatever way the Run ends; without any
// reported usage the output has none. Each provider.responded event carries its own.
import { describe, expect, it } from 'vitest';
import type { ProviderResponse, Usage } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

const usage = (inputTokens: number, outputTokens: number, totalTokens: number): Usage => ({ inputTokens, outputTokens, totalTokens });
const echoCall = (id: string): ProviderResponse => ({ text: '', toolCalls: [call(id, 'echo', { text: id })] });

describe('usage', () => {
  it('is summed over every response, count by count, skipping responses without usage', async () => {
    const run = startRun({
      provider: createScriptedProvider([
        { ...echoCall('a'), usage: usage(100, 10, 110) },
        echoCall('b'),
        { ...echoCall('c'), usage: usage(2000, 300, 2300) },
        { text: 'done', usage: usage(40000, 5000, 45000) },
      ]),
      tools: [echoTool()],
      input: 'go',
    });
    const output = await run.output;
    expect(output.status).toBe('completed');
    expect(output.usage).toEqual(usage(42100, 5310, 47410));
    const responded = run.events.flatMap((event) => (event.type === 'provider.responded' ? [event.usage] : []));
    expect(responded).toEqual([usage(100, 10, 110), undefined, usage(2000, 300, 2300), usage(40000, 5000, 45000)]);
    const terminal = run.events.at(-1)!;
    expect(terminal.type === 'run.completed' && terminal.output.usage).toEqual(usage(42100, 5310, 47410));
  });

  it('counts the first response alone when it is the only one with usage', async () => {
    const run = startRun({
      provider: createScriptedProvider([{ ...echoCall('a'), usage: usage(7, 8, 15) }, { text: 'done' }]),
      tools: [echoTool()],
      input: 'go',
    });
    expect((await run.output).usage).toEqual(usage(7, 8, 15));
  });

  it('is absent when no response reported usage', async () => {
    const run = startRun({ provider: createScriptedProvider([echoCall('a'), { text: 'done' }]), tools: [echoTool()], input: 'go' });
    const output = await run.output;
    expect(output.status).toBe('completed');
    expect(output).not.toHaveProperty('usage');
  });

  it('includes the response that hit the iteration limit', async () => {
    const run = startRun({
      provider: createScriptedProvider([
        { ...echoCall('a'), usage: usage(1, 2, 3) },
        { ...echoCall('b'), usage: usage(10, 20, 30) },
      ]),
      tools: [echoTool()],
      input: 'go',
      limits: { maxIterations: 1 },
    });
    const output = await run.output;
    expect(output.status).toBe('limit_reached');
    expect(output.usage).toEqual(usage(11, 22, 33));
  });
});
