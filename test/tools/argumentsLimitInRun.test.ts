// Through a whole Run: limits.maxArgumentsChars reaches prepareCall, and a
// call over it gets invalid_arguments without its tool running; the Run goes on.
import { describe, expect, it } from 'vitest';
import type { ToolMessage } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

describe('limits.maxArgumentsChars in a Run', () => {
  it('refuses longer arguments with invalid_arguments, runs shorter ones', async () => {
    let runs = 0;
    const echo = echoTool({
      execute: async (args) => {
        runs++;
        return String(args.text);
      },
    });
    const provider = createScriptedProvider([
      { toolCalls: [call('long', 'echo', { text: 'x'.repeat(100) }), call('short', 'echo', { text: 'hi' })] },
      { text: 'done' },
    ]);
    const output = await startRun({ provider, tools: [echo], input: 'go', limits: { maxArgumentsChars: 50 } }).output;
    expect(output.status).toBe('completed');
    const results = output.messages.filter((m): m is ToolMessage => m.role === 'tool');
    expect(results[0]).toMatchObject({ toolCallId: 'long', isError: true, code: 'invalid_arguments' });
    expect(results[0]!.content).toContain('the limit is 50 (limits.maxArgumentsChars)');
    expect(results[1]).toMatchObject({ toolCallId: 'short', content: 'hi' });
    expect(runs).toBe(1);
  });
});
