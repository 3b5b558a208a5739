// Stopping a Run actor (not a CANCEL: `actor.stop()`) stops its ToolCall actors, and a tool
// still running then has its signal aborted: nobody waits for it any more.
import { describe, expect, it } from 'vitest';
import { createScriptedProvider } from '../../src/testing.js';
import { flush } from '../helpers/deferred.js';
import { call, startRun } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

describe('stopping the Run actor', () => {
  it('aborts the signal of each tool still running', async () => {
    const tool = gatedTool({ parallelSafe: true });
    const provider = createScriptedProvider([{ toolCalls: ['a', 'b'].map((id) => call(id, 'gated', { id })) }]);
    const run = startRun({ provider, tools: [tool], input: 'go' });
    await tool.waitForStarts(2);
    tool.gate('a').resolve('A');
    await flush();
    run.actor.stop();
    await flush();
    expect(tool.contexts.get('a')!.signal.aborted).toBe(false);
    const b = tool.contexts.get('b')!.signal;
    expect(b.aborted).toBe(true);
    expect((b.reason as DOMException).name).toBe('AbortError');
  });
});
