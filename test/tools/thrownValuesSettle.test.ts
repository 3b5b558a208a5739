// Describing whatever a tool throws never throws,
// so every call settles with a tool_error result whose text says what was thrown.
import { describe, expect, it } from 'vitest';
import type { Tool, ToolContext } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { runTool } from '../../src/tools/calls/runTool.js';
import { startRun } from '../helpers/runHarness.js';

const ctx: ToolContext = { runId: 'r1', callId: 'c1', toolName: 'thrower', iteration: 1, signal: new AbortController().signal, idempotencyKey: 'key' };

const throwing = (thrown: () => unknown): Tool => ({
  name: 'thrower',
  description: 'Throws what it is given',
  parameters: { type: 'object' },
  execute: async () => {
    throw thrown();
  },
});

function symbolMessageError(): Error {
  const error = new Error('placeholder');
  Object.defineProperty(error, 'message', { value: Symbol('boom') });
  return error;
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const hostile: [string, () => unknown, string][] = [
  ['an Error whose message is a Symbol', symbolMessageError, 'Tool "thrower" failed: Error'],
  ['an Error whose name and message are Symbols', () => Object.defineProperties(new Error(), { message: { value: Symbol('m') }, name: { value: Symbol('n') } }), 'Tool "thrower" failed: it threw an object'],
  ['an object whose toString throws', () => ({ toString: () => { throw new Error('no'); } }), 'Tool "thrower" failed: it threw an object'],
  ['an object whose message getter throws', () => ({ get message(): string { throw new Error('no'); } }), 'Tool "thrower" failed: it threw an object'],
  ['a revoked proxy', revokedProxy, 'Tool "thrower" failed: it threw an object'],
  ['a Symbol', () => Symbol('s'), 'Tool "thrower" failed: it threw a symbol'],
  ['null', () => null, 'Tool "thrower" failed: it threw null'],
  ['an empty string', () => '', 'Tool "thrower" failed: it threw a string ("")'],
  ['an error-like object', () => ({ message: 'x' }), 'Tool "thrower" failed: x'],
  ['an Error', () => new Error('disk full'), 'Tool "thrower" failed: disk full'],
];

describe('whatever a tool throws', () => {
  it.each(hostile)('%s settles as tool_error', async (_label, thrown, content) => {
    expect(await runTool(throwing(thrown), {}, ctx)).toEqual({ content, isError: true, code: 'tool_error' });
  });

  it('a thrown Symbol-message Error ends a Run normally, with the call failed', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ id: 'c1', name: 'thrower', arguments: '{}' }] }, { text: 'ok' }]);
    const output = await startRun({ provider, tools: [throwing(symbolMessageError)], input: 'go' }).output;
    expect(output.status).toBe('completed');
    expect(output.messages[2]).toMatchObject({ role: 'tool', toolCallId: 'c1', isError: true, code: 'tool_error' });
  });
});
