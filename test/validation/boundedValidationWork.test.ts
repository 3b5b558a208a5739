// The work validation does is bounded by what
// it reports and linear in the model's input and in the schema. Work is counted (property
// reads through getters), not timed: the pairwise comparisons Ajv used to make are n²/2.
import { describe, expect, it } from 'vitest';
import { prepareCall, type PreparedCall } from '../../src/tools/calls/prepareCall.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { createToolSet } from '../../src/tools/toolSet.js';
import { compileSchema, MAX_DESCRIBED_ISSUES } from '../../src/tools/validation/schemaValidator.js';
import type { JsonSchemaObject, Tool, ToolCallRequest } from '../../src/index.js';

const tool = (name: string, parameters: Record<string, unknown>): Tool => ({ name, description: `${name} tool`, parameters: parameters as JsonSchemaObject, execute: async () => 'ok' });
const call = (name: string, args: unknown): ToolCallRequest => ({ id: 'c1', name, arguments: args as ToolCallRequest['arguments'] });

function errorContent(prepared: PreparedCall, code: string): string {
  if (prepared.ok) throw new Error(`expected ${code}, got ok`);
  expect(prepared.result.code).toBe(code);
  return prepared.result.content;
}

/** Objects whose one property counts its reads. */
function countingObjects(n: number, value: (i: number) => unknown = (i) => i) {
  const counter = { reads: 0 };
  const objects = Array.from({ length: n }, (_, i) => ({
    get id() {
      counter.reads++;
      return value(i);
    },
  }));
  return { objects, counter };
}

describe('item 14: failed validation describes at most 20 issues, never a whole enum', () => {
  const values = Array.from({ length: 10_000 }, (_, i) => `value-${i}`);
  const validate = compileSchema({ type: 'object', properties: { xs: { type: 'array', items: { enum: values } } } });

  it('keeps 20 issues and counts the rest', () => {
    const outcome = validate({ xs: Array.from({ length: 5_000 }, () => 'nope') });
    if (outcome.valid) throw new Error('expected issues');
    expect(outcome.errors).toHaveLength(MAX_DESCRIBED_ISSUES);
    expect(outcome.issueCount).toBe(5_000);
  });

  it('lists 10 allowed values and how many more', () => {
    const outcome = validate({ xs: ['nope'] });
    expect(outcome.valid || outcome.errors[0]!.message).toBe(
      `must be equal to one of the allowed values: [${values.slice(0, 10).map((v) => JSON.stringify(v)).join(',')},…] (9990 more)`,
    );
  });

  it('a megabyte of arguments against a 10,000-value enum gives a short result', () => {
    const tools = new ToolRegistry([tool('pick', { type: 'object', properties: { xs: { type: 'array', items: { enum: values } } } })]).snapshot();
    const args = JSON.stringify({ xs: Array.from({ length: 150_000 }, () => 'nope') });
    expect(args.length).toBeGreaterThan(1_000_000);
    const content = errorContent(prepareCall(call('pick', args), tools, { maxArgumentsChars: 2_000_000 }), 'invalid_arguments');
    expect(content.length).toBeLessThan(8_000);
    expect(content).toContain('- … and 149980 more');
  });

  it('a huge const is quoted cut short', () => {
    const outcome = compileSchema({ type: 'object', properties: { k: { const: 'k'.repeat(100_000) } } })({ k: 'x' });
    expect(outcome.valid || outcome.errors[0]!.message.length).toBeLessThan(300);
  });
});

describe('item 15: arguments are bounded before they are read', () => {
  let validated = 0;
  const tools = createToolSet([
    {
      tool: tool('echo', { type: 'object' }),
      spec: { name: 'echo', description: 'echo tool', parameters: { type: 'object' } },
      validate: (data) => (validated++, { valid: true, data: data as Record<string, unknown> }),
      parallelSafe: false,
      effects: 'once',
    },
  ]);

  it('longer than maxArgumentsChars: invalid_arguments naming the limit, never parsed or validated', () => {
    validated = 0;
    const text = JSON.stringify({ text: 'x'.repeat(100) });
    const content = errorContent(prepareCall(call('echo', text), tools, { maxArgumentsChars: 50 }), 'invalid_arguments');
    expect(content).toBe(
      `Arguments for tool "echo" are ${text.length} characters long; the limit is 50 (limits.maxArgumentsChars). They were not read. Send shorter arguments.`,
    );
    expect(validated).toBe(0);
    expect(prepareCall(call('echo', text), tools, { maxArgumentsChars: text.length }).ok).toBe(true);
  });

  it('object-form arguments are measured as JSON', () => {
    errorContent(prepareCall(call('echo', { text: 'x'.repeat(100) }), tools, { maxArgumentsChars: 50 }), 'invalid_arguments');
  });

  it('the default is limits.maxArgumentsChars’ default, 200,000', () => {
    const at = JSON.stringify({ t: 'x'.repeat(200_000 - 8) });
    expect(at.length).toBe(200_000);
    expect(prepareCall(call('echo', at), tools).ok).toBe(true);
    errorContent(prepareCall(call('echo', `${at} `), tools), 'invalid_arguments');
  });

  it('uniqueItems over objects reads each item once (Ajv compared pairs: n²/2 reads)', () => {
    const validate = compileSchema({ type: 'object', properties: { list: { type: 'array', uniqueItems: true } } });
    const { objects, counter } = countingObjects(2_000);
    expect(validate({ list: objects }).valid).toBe(true);
    expect(counter.reads).toBeLessThanOrEqual(2_000);
  });

  it('uniqueItems still finds duplicates, whatever the key order', () => {
    const validate = compileSchema({ type: 'object', properties: { list: { type: 'array', uniqueItems: true } } });
    expect(validate({ list: [{ a: 1, b: [2] }, 'x', { b: [2], a: 1 }] })).toEqual({
      valid: false,
      errors: [{ path: '/list', message: 'must NOT have duplicate items (items ## 0 and 2 are identical)' }],
      issueCount: 1,
    });
    expect(validate({ list: [1, '1', [1], { 1: 1 }, null, 'null', 0, -0.5] }).valid).toBe(true);
    expect(validate({ list: [0, -0] }).valid).toBe(false);
  });

  it('200 KB of distinct objects under uniqueItems validate (linear work)', () => {
    const tools = new ToolRegistry([tool('list', { type: 'object', properties: { list: { type: 'array', uniqueItems: true } } })]).snapshot();
    const args = JSON.stringify({ list: Array.from({ length: 16_000 }, (_, i) => ({ a: i })) });
    expect(args.length).toBeGreaterThan(150_000);
    expect(prepareCall(call('list', args), tools).ok).toBe(true);
  });
});

describe('item 16: registering a large enum is linear', () => {
  it('reads each enum value a bounded number of times (Ajv’s duplicate check compared pairs)', () => {
    const { objects, counter } = countingObjects(2_000);
    compileSchema({ type: 'object', properties: { pick: { enum: objects } } });
    expect(counter.reads).toBeLessThanOrEqual(3 * 2_000);
  });

  it('a 40,000-value enum registers and validates', () => {
    const values = Array.from({ length: 40_000 }, (_, i) => `v${i}`);
    const registry = new ToolRegistry([tool('pick', { type: 'object', properties: { v: { enum: values } }, required: ['v'] })]);
    const validate = registry.snapshot().lookup('pick')!.validate;
    expect([validate({ v: 'v39999' }).valid, validate({ v: 'v40000' }).valid]).toEqual([true, false]);
  });

  it('enum keeps JSON equality: key order ignored, types distinct', () => {
    const validate = compileSchema({ type: 'object', properties: { v: { enum: [{ a: 1, b: 2 }, 1, 'null', [1, 2]] } } });
    const valid = (v: unknown) => validate({ v }).valid;
    expect([valid({ b: 2, a: 1 }), valid(1), valid(1.0), valid('null'), valid([1, 2])]).toEqual([true, true, true, true, true]);
    expect([valid('1'), valid(null), valid([2, 1]), valid({ a: 1 })]).toEqual([false, false, false, false]);
  });
});

describe('arguments too deep for a recursive schema', () => {
  it('get invalid_arguments (the tool never ran), not tool_error', () => {
    const tools = new ToolRegistry([tool('tree', { type: 'object', properties: { child: { $ref: '#' } } })]).snapshot();
    let args = '{}';
    for (let i = 0; i < 50_000; i++) args = `{"child":${args}}`;
    const content = errorContent(prepareCall(call('tree', args), tools, { maxArgumentsChars: 1_000_000 }), 'invalid_arguments');
    expect(content).toContain('- (root): is nested too deeply to validate; send flatter arguments');
  });
});
