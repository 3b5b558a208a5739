import { describe, expect, it } from 'vitest';
import { TinyAgentError, ToolRegistrationError, type Tool } from '../../src/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { validTool } from '../helpers/validTool.js';

function refusal(registry: ToolRegistry, tool: unknown): ToolRegistrationError {
  const before = registry.list();
  const snapshot = registry.snapshot();
  try {
    registry.register(tool as Tool);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolRegistrationError);
    // Unchanged: same tools, and the cached snapshot was not even invalidated.
    expect(registry.list()).toEqual(before);
    expect(registry.snapshot()).toBe(snapshot);
    return error as ToolRegistrationError;
  }
  throw new Error('register did not throw');
}

const withExisting = () => new ToolRegistry([validTool({ name: 'existing' })]);

describe('ToolRegistry: accepted tools', () => {
  it('registers, finds and lists tools in registration order', () => {
    const a = validTool({ name: 'b_tool' });
    const b = validTool({ name: 'a-tool' });
    const registry = new ToolRegistry().register(a).register(b);
    expect(registry.list()).toEqual([a, b]);
    expect(registry.get('a-tool')).toBe(b);
    expect(registry.has('b_tool')).toBe(true);
    expect(registry.has('nope')).toBe(false);
    expect(registry.get('nope')).toBeUndefined();
  });

  it('accepts tools through its constructor, any iterable', () => {
    const registry = new ToolRegistry(new Set([validTool({ name: 'one' }), validTool({ name: 'two' })]));
    expect(registry.list().map((tool) => tool.name)).toEqual(['one', 'two']);
  });

  it('accepts typed tools, optional flags and a 64-character name', () => {
    interface WeatherArgs {
      city: string;
    }
    const weather: Tool<WeatherArgs> = {
      name: 'w'.repeat(64),
      description: 'Weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
      readOnly: true,
      concurrencySafe: false,
      execute: async ({ city }) => city,
    };
    expect(new ToolRegistry([weather]).register(validTool()).has('w'.repeat(64))).toBe(true);
  });

  it('list() returns a copy', () => {
    const registry = withExisting();
    registry.list().pop();
    expect(registry.list()).toHaveLength(1);
  });
});

describe('ToolRegistry: refused tools leave it unchanged', () => {
  it.each([['', 'empty'], ['has space', 'space'], ['dot.name', 'dot'], ['é', 'non-ASCII'], ['x'.repeat(65), '65 characters']])(
    'invalid_tool_name: %j (%s)',
    (name) => {
      const error = refusal(withExisting(), validTool({ name }));
      expect(error.code).toBe('invalid_tool_name');
      expect(error.message).toContain(JSON.stringify(name));
    },
  );

  it.each([undefined, 42, null])('invalid_tool_name: a name that is %s', (name) => {
    expect(refusal(withExisting(), validTool({ name })).code).toBe('invalid_tool_name');
  });

  it('duplicate_tool: nothing replaces a registered tool', () => {
    const registry = withExisting();
    const original = registry.get('existing');
    const error = refusal(registry, validTool({ name: 'existing', description: 'Another' }));
    expect(error.code).toBe('duplicate_tool');
    expect(error.message).toContain('"existing"');
    expect(error.details).toEqual({ toolName: 'existing' });
    expect(registry.get('existing')).toBe(original);
  });

  it('duplicate_tool: registering the very same object twice', () => {
    const tool = validTool();
    const registry = new ToolRegistry([tool]);
    expect(refusal(registry, tool).code).toBe('duplicate_tool');
  });

  it.each<[string, unknown]>([
    ['missing', undefined],
    ['null', null],
    ['an array', [{ type: 'object' }]],
    ['a boolean schema', true],
    ['of type string', { type: 'string' }],
    ['without a type', { properties: {} }],
    ['not compiling', { type: 'object', properties: { a: { type: 'wat' } } }],
    ['with a dangling local $ref', { type: 'object', properties: { a: { $ref: '#/$defs/none' } } }],
    ['with a remote $ref', { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }],
    ['with an unsupported $schema', { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' }],
    ['not JSON (a BigInt)', { type: 'object', maxProperties: 10n }],
  ])('invalid_tool_schema: parameters %s', (_label, parameters) => {
    const error = refusal(withExisting(), validTool({ name: 'bad', parameters }));
    expect(error.code).toBe('invalid_tool_schema');
    expect(error.message).toMatch(/^Tool "bad": parameters /);
  });

  it('invalid_tool_schema: a cyclic schema object', () => {
    const parameters: Record<string, unknown> = { type: 'object' };
    parameters.properties = { self: parameters };
    expect(refusal(withExisting(), validTool({ parameters })).code).toBe('invalid_tool_schema');
  });

  it('invalid_tool_schema: says why Ajv refused it, with the cause attached', () => {
    const error = refusal(withExisting(), validTool({ parameters: { type: 'object', required: 'q' } }));
    expect(error.message).toContain('does not compile: schema is invalid: data/required must be array');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'lookup'],
    ['an array', [validTool()]],
  ])('invalid_tool_definition: a tool that is %s', (_label, tool) => {
    expect(refusal(withExisting(), tool).code).toBe('invalid_tool_definition');
  });

  it.each<[string, Record<string, unknown>]>([
    ['description missing', { description: undefined }],
    ['description empty', { description: '' }],
    ['description blank', { description: '  \n' }],
    ['description not a string', { description: 7 }],
    ['execute missing', { execute: undefined }],
    ['execute not a function', { execute: 'run' }],
    ['readOnly not a boolean', { readOnly: 'yes' }],
    ['concurrencySafe not a boolean', { concurrencySafe: 1 }],
  ])('invalid_tool_definition: %s', (_label, overrides) => {
    const error = refusal(withExisting(), validTool({ name: 'bad', ...overrides }));
    expect(error.code).toBe('invalid_tool_definition');
    expect(error.message).toMatch(/^Tool "bad": /);
    expect(error).toBeInstanceOf(TinyAgentError);
  });
});

describe('ToolRegistry: check order when several things are wrong', () => {
  it('name before the other fields', () => {
    expect(refusal(withExisting(), validTool({ name: 'a b', description: '' })).code).toBe('invalid_tool_name');
  });

  it('other fields before duplicate', () => {
    expect(refusal(withExisting(), validTool({ name: 'existing', execute: null })).code).toBe('invalid_tool_definition');
  });

  it('duplicate before schema', () => {
    expect(refusal(withExisting(), validTool({ name: 'existing', parameters: { type: 'array' } })).code).toBe('duplicate_tool');
  });
});

describe('ToolRegistry: schemas compile once, at registration', () => {
  it('later changes to the caller’s schema object change neither validation nor the spec', () => {
    const parameters = { type: 'object' as const, properties: { q: { type: 'string' } }, required: ['q'] };
    const registry = new ToolRegistry([validTool({ parameters })]);
    parameters.required = [];
    parameters.properties.q.type = 'number';
    const registered = registry.snapshot().lookup('lookup')!;
    expect(registered.validate({}).valid).toBe(false);
    expect(registered.validate({ q: 'text' }).valid).toBe(true);
    expect(registered.spec.parameters).toEqual({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
  });
});
