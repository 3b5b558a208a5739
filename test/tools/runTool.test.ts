import { describe, expect, it } from 'vitest';
import { runTool } from '../../src/tools/calls/runTool.js';
import type { Tool, ToolContext, ToolResult } from '../../src/index.js';

const ctx: ToolContext = { runId: 'r1', callId: 'c1', toolName: 'probe', iteration: 1, signal: new AbortController().signal, idempotencyKey: 'key' };

function probe(execute: (args: Record<string, unknown>, context: ToolContext) => unknown): Tool {
  return { name: 'probe', description: 'Test double', parameters: { type: 'object' }, execute } as Tool;
}

const run = (execute: () => unknown) => runTool(probe(execute), {}, ctx);
const toolError = (content: string): ToolResult => ({ content, isError: true, code: 'tool_error' });

describe('runTool: results', () => {
  it('passes the arguments and context through', async () => {
    const args = { q: 1 };
    let seen: unknown[] = [];
    await runTool(probe(async (a, c) => ((seen = [a, c]), 'ok')), args, ctx);
    expect(seen[0]).toBe(args);
    expect(seen[1]).toBe(ctx);
  });

  it('turns a string into { content }', async () => {
    expect(await run(async () => 'sunny')).toEqual({ content: 'sunny' });
  });

  it('accepts a non-async execute returning a plain value', async () => {
    expect(await run(() => 'sync')).toEqual({ content: 'sync' });
    expect(await run(() => ({ content: 'sync object' }))).toEqual({ content: 'sync object' });
  });

  it('copies a ToolResult with only the known fields; truncated is the runtime’s', async () => {
    const returned = { content: 'c', extra: 1, truncated: true };
    const result = await run(async () => returned);
    expect(result).toEqual({ content: 'c' });
    expect(result).not.toBe(returned);
  });

  it('keeps a tool’s own error code', async () => {
    expect(await run(async () => ({ content: 'no such city', isError: true, code: 'not_found' }))).toEqual({
      content: 'no such city',
      isError: true,
      code: 'not_found',
    });
  });

  it('gives an error without a code the code tool_error', async () => {
    expect(await run(async () => ({ content: 'bad', isError: true }))).toEqual(toolError('bad'));
    expect(await run(async () => ({ content: 'bad', isError: true, code: '' }))).toEqual(toolError('bad'));
  });

  it('drops a code from a result that is not an error', async () => {
    expect(await run(async () => ({ content: 'fine', isError: false, code: 'ok' }))).toEqual({ content: 'fine' });
  });
});

describe('runTool: anything else is tool_error, saying what came back', () => {
  it.each<[string, unknown, string]>([
    ['a number', 42, 'a number (42)'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['an array', ['x'], 'an array'],
    ['an object without content', { text: 'x' }, 'an object whose content is undefined'],
    ['non-string content', { content: 5 }, 'an object whose content is a number (5)'],
    ['a non-boolean isError', { content: 'x', isError: 'yes' }, 'an object whose isError is a string ("yes")'],
    ['a non-string code', { content: 'x', isError: true, code: 7 }, 'an object whose code is a number (7)'],
  ])('%s', async (_label, returned, what) => {
    expect(await run(async () => returned)).toEqual(toolError(`Tool "probe" returned ${what}; expected a string or { content: string }.`));
  });
});

describe('runTool: failures never reject', () => {
  it.each<[string, () => unknown, string]>([
    ['a synchronous throw', () => { throw new TypeError('bad input'); }, 'bad input'],
    ['a rejected promise', () => Promise.reject(new Error('offline')), 'offline'],
    ['an async throw', async () => { throw new Error('boom'); }, 'boom'],
    ['an Error without a message', () => { throw new RangeError(); }, 'RangeError'],
    ['a thrown string', () => { throw 'plain text'; }, 'plain text'],
    ['a thrown undefined', () => { throw undefined; }, 'it threw undefined'],
    ['a thrown object', () => Promise.reject({ status: 500 }), 'it threw an object'],
    ['a thrown number', () => { throw 7; }, 'it threw a number (7)'],
  ])('%s', async (_label, execute, message) => {
    expect(await run(execute)).toEqual(toolError(`Tool "probe" failed: ${message}`));
  });

  it('survives hostile values: a throwing getter, a revoked proxy', async () => {
    const getter = { get content(): string { throw new Error('getter'); } };
    expect(await run(async () => getter)).toEqual(toolError('Tool "probe" failed: getter'));
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect((await run(() => { throw proxy; })).code).toBe('tool_error');
    expect((await run(async () => proxy)).code).toBe('tool_error');
  });
});
