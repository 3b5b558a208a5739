import { describe, expect, it } from 'vitest';
import { prepareCall, type PreparedCall } from '../../src/tools/calls/prepareCall.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type { ToolCallRequest, ToolResult } from '../../src/index.js';
import { validTool } from '../helpers/validTool.js';

const tools = new ToolRegistry([
  validTool(),
  validTool({ name: 'open', parameters: { type: 'object' } }),
  validTool({
    name: 'batch',
    parameters: { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } }, required: ['ids'] },
  }),
]).snapshot();

const prepare = (name: string, args: unknown) => prepareCall({ id: 'c1', name, arguments: args } as ToolCallRequest, tools);

function failure(prepared: PreparedCall, code: string): string {
  if (prepared.ok) throw new Error(`expected ${code}, got ok`);
  expect(prepared.result).toEqual<ToolResult>({ content: expect.any(String) as string, isError: true, code });
  return prepared.result.content;
}

describe('prepareCall step 1: the tool must exist', () => {
  it('unknown_tool names the tools that exist', () => {
    expect(failure(prepare('lokup', '{}'), 'unknown_tool')).toBe('Unknown tool "lokup". Available tools: lookup, open, batch.');
  });

  it('unknown_tool says so when no tool exists', () => {
    const none = prepareCall({ id: 'c1', name: 'lookup', arguments: '{}' }, new ToolRegistry().snapshot());
    expect(failure(none, 'unknown_tool')).toBe('Unknown tool "lookup". No tools are available.');
  });

  it('comes before argument checks', () => {
    failure(prepare('nope', '{not json'), 'unknown_tool');
  });
});

describe('prepareCall step 2: arguments must be a JSON object', () => {
  it('invalid_json for text that is not JSON, with the parser’s reason', () => {
    const content = failure(prepare('lookup', '{"q": "x"'), 'invalid_json');
    expect(content).toMatch(/^Arguments for tool "lookup" are not valid JSON \(.+\); send a JSON object\.$/);
  });

  it.each([
    ['[1]', 'an array'],
    ['null', 'null'],
    ['42', 'a number (42)'],
    ['"q"', 'a string ("q")'],
    ['true', 'a boolean (true)'],
  ])('invalid_json for JSON that is not an object: %s', (raw, what) => {
    expect(failure(prepare('open', raw), 'invalid_json')).toBe(`Arguments for tool "open" must be a JSON object, got ${what}.`);
  });

  it.each<[string, unknown]>([
    ['an array', [1]],
    ['null', null],
    ['a Date', new Date(0)],
    ['a Map', new Map()],
    ['a class instance', new (class Args {})()],
    ['a number', 3],
  ])('invalid_json for already-parsed arguments that are not a plain object: %s', (_label, args) => {
    failure(prepare('open', args), 'invalid_json');
  });

  it.each(['', '   ', '\n\t '])('a blank string %j means {}', (raw) => {
    expect(prepare('open', raw)).toEqual({ ok: true, tool: tools.lookup('open'), args: {} });
    // ... and {} is then checked against the schema like any other arguments.
    failure(prepare('lookup', raw), 'invalid_arguments');
  });

  it('accepts already-parsed plain objects, giving execute a copy of its own', () => {
    const args = { q: 'x' };
    const prepared = prepare('lookup', args);
    expect(prepared.ok && prepared.args).toEqual(args);
    expect(prepared.ok && prepared.args).not.toBe(args);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { q: 'y' });
    expect(prepare('lookup', bare).ok).toBe(true);
  });

  it('comes before the schema', () => {
    failure(prepare('lookup', '[]'), 'invalid_json');
  });
});

describe('prepareCall step 3: arguments must match the schema', () => {
  it('invalid_arguments lists each issue’s path and message', () => {
    expect(failure(prepare('batch', '{"ids": [1, "two", 3.5]}'), 'invalid_arguments')).toBe(
      [
        'Arguments for tool "batch" do not match its parameters schema:',
        '- /ids/1: must be integer',
        '- /ids/2: must be integer',
        'Fix the arguments and call the tool again.',
      ].join('\n'),
    );
    expect(failure(prepare('lookup', {}), 'invalid_arguments')).toContain("- (root): must have required property 'q'");
  });

  it('lists at most 20 issues and counts the rest', () => {
    const content = failure(prepare('batch', { ids: Array.from({ length: 25 }, () => 'x') }), 'invalid_arguments');
    expect(content).toContain('- /ids/19: must be integer\n- … and 5 more\n');
    expect(content).not.toContain('/ids/20');
  });

  it('returns the tool and the parsed arguments when everything holds', () => {
    expect(prepare('batch', '{"ids":[1,2]}')).toEqual({ ok: true, tool: tools.lookup('batch'), args: { ids: [1, 2] } });
  });
});
