// A provider's call is refused as a whole (provider_error) only when
// its result could not be attributed — a missing, empty or repeated id, or no name. Its
// arguments never do: an already-parsed value that is not an object gets the same
// invalid_json result as its JSON text, and the Run goes on. (A string is always the text
// form: providers hand over arguments either as JSON text or as the parsed object.)
import { describe, expect, it } from 'vitest';
import type { ToolMessage } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { normalizeResponse } from '../../machines/run/normalizeResponse.js';
import { startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

async function resultFor(args: unknown): Promise<ToolMessage> {
  const provider = createScriptedProvider([{ toolCalls: [{ id: 'c1', name: 'echo', arguments: args as string }] }, { text: 'ok' }]);
  const output = await startRun({ provider, tools: [echoTool()], input: 'go' }).output;
  expect(output.status).toBe('completed');
  return output.messages.find((m): m is ToolMessage => m.role === 'tool')!;
}

describe('arguments in either form get the same result', () => {
  it.each<[string, unknown]>([
    ['an array', [1, 2]],
    ['a number', 7],
    ['null', null],
    ['a boolean', true],
  ])('%s, parsed or as text: invalid_json with the same content', async (_label, value) => {
    const parsed = await resultFor(value);
    const text = await resultFor(JSON.stringify(value));
    expect(parsed).toMatchObject({ isError: true, code: 'invalid_json' });
    expect(parsed.content).toBe(text.content);
  });

  it('the recorded call keeps the value as JSON text', () => {
    expect(normalizeResponse({ toolCalls: [{ id: 'c1', name: 'echo', arguments: [1, 2] }] }).toolCalls[0]!.arguments).toBe('[1,2]');
  });

  it('arguments that are no JSON value at all (a function, a bigint) are the provider’s fault', () => {
    expect(() => normalizeResponse({ toolCalls: [{ id: 'c1', name: 'echo', arguments: () => 1 }] })).toThrow(/arguments that are not JSON \(got a function\)/);
    expect(() => normalizeResponse({ toolCalls: [{ id: 'c1', name: 'echo', arguments: 1n }] })).toThrow(/arguments that are not JSON \(got a bigint \(1\)\)/);
  });
});

describe('calls whose results could not be attributed fail the response', () => {
  it.each<[string, unknown[], RegExp]>([
    ['a missing id', [{ name: 'echo', arguments: '{}' }], /^Tool call 0 has no id \(got undefined\); its result could not be attributed$/],
    ['an empty id', [{ id: '', name: 'echo', arguments: '{}' }], /^Tool call 0 has no id \(got a string \(""\)\)/],
    ['a repeated id', [{ id: 'a', name: 'echo' }, { id: 'a', name: 'echo' }], /^Two tool calls share the id "a"; their results could not be told apart$/],
    ['no name', [{ id: 'a', arguments: '{}' }], /^Tool call "a" has no name \(got undefined\)$/],
  ])('%s: ProviderError (the Run fails with provider_error)', (_label, toolCalls, message) => {
    expect(() => normalizeResponse({ toolCalls })).toThrow(message);
  });
});
