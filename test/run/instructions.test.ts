// createRunActor({ instructions }): the first (system) message of every provider request, a
// string or a function of the Run; never written to the session or the Run's messages.
import { describe, expect, it } from 'vitest';
import { MemorySessionStore, type ProviderRequest } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

function recordingProvider(requests: ProviderRequest[]) {
  return createScriptedProvider((request, index) => {
    requests.push(request);
    return index === 0 ? { toolCalls: [call('c1', 'echo', { text: 'x' })] } : { text: 'done' };
  });
}

describe('instructions', () => {
  it('a string is sent first in every request, before the history, and never stored', async () => {
    const requests: ProviderRequest[] = [];
    const store = new MemorySessionStore();
    const history = [{ role: 'user' as const, content: 'earlier' }, { role: 'assistant' as const, content: 'ok' }];
    await store.append('s', history);
    const run = startRun({ provider: recordingProvider(requests), tools: [echoTool()], input: 'go', history, session: { store, sessionId: 's' }, instructions: 'Be brief.' });
    const output = await run.output;
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
      expect(request.messages.slice(1, 3)).toEqual(history);
    }
    expect(output.messages.some((m) => m.role === 'system')).toBe(false);
    expect((await store.load('s')).some((m) => m.role === 'system')).toBe(false);
  });

  it('a function is asked for each request with the Run', async () => {
    const requests: ProviderRequest[] = [];
    const seen: unknown[] = [];
    const instructions = (run: { runId: string; input: string; iterations: number }) => {
      seen.push(run);
      return `Iteration ${run.iterations}`;
    };
    await startRun({ provider: recordingProvider(requests), tools: [echoTool()], input: 'go', runId: 'r1', instructions }).output;
    expect(requests.map((r) => r.messages[0])).toEqual([
      { role: 'system', content: 'Iteration 0' },
      { role: 'system', content: 'Iteration 1' },
    ]);
    expect(seen[0]).toEqual({ runId: 'r1', input: 'go', iterations: 0 });
  });

  it('without instructions, no system message is sent', async () => {
    const requests: ProviderRequest[] = [];
    await startRun({ provider: recordingProvider(requests), tools: [echoTool()], input: 'go' }).output;
    expect(requests[0]!.messages[0]).toEqual({ role: 'user', content: 'go' });
  });

  it('refuses instructions that are neither a string nor a function', () => {
    expect(() => startRun({ provider: recordingProvider([]), tools: [], input: 'go', instructions: 3 as never })).toThrow(/instructions/);
  });
});
