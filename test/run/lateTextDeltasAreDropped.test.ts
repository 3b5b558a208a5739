// A provider that calls onTextDelta after its request settled must not produce
// text.delta events (they would be taken for the next request's text).
import { describe, expect, it } from 'vitest';
import type { ProviderCallOptions } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { flush } from '../helpers/deferred.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

describe('text deltas of a settled request', () => {
  it('are dropped', async () => {
    let firstOptions: ProviderCallOptions | undefined;
    const provider = createScriptedProvider((_request, index, options) => {
      if (index === 0) {
        firstOptions = options;
        options.onTextDelta?.('early');
        return { toolCalls: [call('c1', 'echo', { text: 'x' })] };
      }
      firstOptions?.onTextDelta?.('late');
      return new Promise((resolve) => setTimeout(() => resolve({ text: 'done' }), 5));
    });
    const run = startRun({ provider, tools: [echoTool()], input: 'go' });
    await flush();
    firstOptions?.onTextDelta?.('later');
    const output = await run.output;
    expect(output.status).toBe('completed');
    const deltas = run.events.flatMap((event) => (event.type === 'text.delta' ? [event.delta] : []));
    expect(deltas).toEqual(['early']);
  });
});
