// Provider failure (docs/design.md, "The Run"): thrown errors, rejections and unmappable responses end the
// Run in `failed` with `provider_error`, and nothing half-built is appended.
import { describe, expect, it } from 'vitest';
import { ProviderError, type ProviderResponse } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { expectEventInvariant } from '../helpers/invariants.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

async function failWith(second: ProviderResponse | (() => never) | (() => Promise<never>)) {
  const provider = createScriptedProvider([{ toolCalls: [call('c1', 'echo', { text: 'a' })] }, second as ProviderResponse]);
  const run = startRun({ provider, tools: [echoTool()], input: 'go' });
  const output = await run.output;
  expect(output.status).toBe('failed');
  expect(output.error?.code).toBe('provider_error');
  // the first batch is complete; nothing of the failed response is appended
  expect(output.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  expectEventInvariant(run.events, output.messages);
  expect(run.types().slice(-2)).toEqual(['provider.requested', 'run.failed']);
  return { output, run };
}

describe('provider failure', () => {
  it('a thrown error', async () => {
    const { output } = await failWith(() => {
      throw new Error('socket hang up');
    });
    expect(output.error?.message).toContain('socket hang up');
  });

  it('a rejected request', async () => {
    await failWith(() => Promise.reject(new ProviderError('HTTP 500', { details: { status: 500 } })));
  });

  it('a tool call without an id', async () => {
    const { output } = await failWith({ toolCalls: [{ id: '', name: 'echo', arguments: '{}' }] });
    expect(output.error?.message).toContain('no id');
  });

  it('two calls with the same id', async () => {
    const { output } = await failWith({ toolCalls: [call('x', 'echo'), call('x', 'echo')] });
    expect(output.error?.message).toContain('share the id');
  });

  it('a response that is not an object', async () => {
    await failWith('nonsense' as unknown as ProviderResponse);
  });

  // Arguments that are a JSON value but not an object are the model's mistake, not the
  // provider's: they get invalid_json like their text (test/tools/argumentsForms.test.ts).
  it('text that is not a string', async () => {
    await failWith({ text: 42 } as unknown as ProviderResponse);
  });

  it('a scripted provider asked for more responses than it has', async () => {
    const provider = createScriptedProvider([{ toolCalls: [call('c1', 'echo', { text: 'a' })] }]);
    const output = await startRun({ provider, tools: [echoTool()], input: 'go' }).output;
    expect(output.status).toBe('failed');
    expect(output.error?.message).toContain('called 2 times but has only 1 responses');
  });
});
