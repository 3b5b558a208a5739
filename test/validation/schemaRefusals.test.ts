// Schemas refused at registration with invalid_tool_schema and a message that names the
// problem: patterns RE2 cannot run, unknown keywords (with
// `details.unknownKeywords` for the MCP module), unknown formats, reference cycles, and
// schemas too deep to compile. A valid recursive schema is still accepted.
import { describe, expect, it } from 'vitest';
import { ToolRegistrationError, type JsonSchemaObject, type Tool } from '../../src/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';

const toolWith = (parameters: unknown, name = 'probe'): Tool =>
  ({ name, description: 'Schema probe', parameters, execute: async () => 'ok' }) as Tool;

function refusal(parameters: unknown): ToolRegistrationError {
  const registry = new ToolRegistry();
  try {
    registry.register(toolWith(parameters));
  } catch (error) {
    expect(error).toBeInstanceOf(ToolRegistrationError);
    expect((error as ToolRegistrationError).code).toBe('invalid_tool_schema');
    expect(registry.has('probe')).toBe(false);
    return error as ToolRegistrationError;
  }
  throw new Error('register did not throw');
}

const withPattern = (pattern: string) => ({ type: 'object', properties: { s: { type: 'string', pattern } } });

describe('patterns run on a linear-time engine', () => {
  it.each([
    ['a backreference', '(a)\\1'],
    ['a lookahead', '^(?=a)\\w+$'],
    ['a negative lookahead', '^(?!x)'],
    ['a lookbehind', '(?<=a)b'],
    ['a negative lookbehind', '(?<!a)b'],
  ])('%s is refused, naming the pattern', (_label, pattern) => {
    const { message } = refusal(withPattern(pattern));
    expect(message).toContain(`Tool "probe": parameters pattern ${JSON.stringify(pattern)} is not supported`);
    expect(message).toContain('no backreferences and no lookahead or lookbehind');
  });

  it('patternProperties are checked the same way', () => {
    expect(refusal({ type: 'object', patternProperties: { '^(?=x)': { type: 'string' } } }).message).toContain('"^(?=x)" is not supported');
  });

  it('a pattern that is not an ECMAScript regular expression is refused as such', () => {
    expect(refusal(withPattern('(unclosed')).message).toContain('it is not a valid ECMAScript regular expression');
  });

  it('ordinary patterns keep their meaning: anchors, classes, Unicode, named groups', () => {
    const registry = new ToolRegistry([
      toolWith(withPattern('^[a-z]{2}-\\d{3}$'), 'code'),
      toolWith(withPattern('^\\p{Lu}'), 'upper'),
      toolWith(withPattern('^(?<year>\\d{4})-\\d{2}$'), 'month'),
      toolWith({ type: 'object', patternProperties: { '^x-': { type: 'number' } } }, 'ext'),
    ]);
    const check = (name: string, args: unknown) => registry.snapshot().lookup(name)!.validate(args).valid;
    expect([check('code', { s: 'ab-123' }), check('code', { s: 'ab-12' }), check('code', { s: 'xab-123' })]).toEqual([true, false, false]);
    expect([check('upper', { s: 'Élan' }), check('upper', { s: 'élan' })]).toEqual([true, false]);
    expect([check('month', { s: '2026-12' }), check('month', { s: '26-12' })]).toEqual([true, false]);
    expect([check('ext', { 'x-a': 1 }), check('ext', { 'x-a': 'one' }), check('ext', { y: 'one' })]).toEqual([true, false, true]);
  });
});

describe('unknown keywords', () => {
  it('a typo is refused, naming the keyword, with details.unknownKeywords', () => {
    const error = refusal({ type: 'object', propertees: { q: { type: 'string' } } });
    expect(error.message).toBe(
      'Tool "probe": parameters uses an unknown keyword "propertees", which draft-07 does not define (a typo? keywords are case-sensitive)',
    );
    expect(error.details).toEqual({ toolName: 'probe', unknownKeywords: ['propertees'] });
  });

  it('lists every unknown keyword, nested ones too, once each', () => {
    const error = refusal({
      type: 'object',
      propertees: {},
      properties: { a: { type: 'string', minLenght: 1 }, b: { type: 'array', items: { type: 'string', minLenght: 2 } } },
    });
    expect(error.details?.unknownKeywords).toEqual(['propertees', 'minLenght']);
    expect(error.message).toContain('uses unknown keywords "propertees", "minLenght"');
  });

  it('the 2020-12 dialect is strict the same way', () => {
    const error = refusal({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', requried: ['q'] });
    expect(error.details?.unknownKeywords).toEqual(['requried']);
  });

  it('annotations, $comment, $defs and formats JSON Schema defines are accepted', () => {
    const schema = {
      type: 'object',
      title: 'T',
      description: 'D',
      $comment: 'c',
      examples: [{}],
      properties: { when: { type: 'string', format: 'date-time', default: '2026-01-01T00:00:00Z', readOnly: true, deprecated: true } },
      $defs: { unused: { type: 'string' } },
    };
    expect(new ToolRegistry([toolWith(schema)]).has('probe')).toBe(true);
  });

  it('a caller that must accept third-party schemas can remove what details names and register again', () => {
    const schema: Record<string, unknown> = { type: 'object', propertyOrder: ['q'], properties: { q: { type: 'string' } } };
    const registry = new ToolRegistry();
    let unknown: string[] = [];
    try {
      registry.register(toolWith(schema));
    } catch (error) {
      unknown = (error as ToolRegistrationError).details?.unknownKeywords ?? [];
    }
    expect(unknown).toEqual(['propertyOrder']);
    const lenient = Object.fromEntries(Object.entries(schema).filter(([key]) => !unknown.includes(key))) as JsonSchemaObject;
    registry.register(toolWith(lenient));
    expect(registry.has('probe')).toBe(true);
  });
});

describe('formats, cycles and depth', () => {
  it('an unknown format is refused, naming it and where it is', () => {
    const error = refusal({ type: 'object', properties: { mail: { type: 'string', format: 'emial' } } });
    expect(error.message).toContain('uses an unknown format "emial" at #/properties/mail');
    expect(error.details).toEqual({ toolName: 'probe' });
  });

  it.each([
    ['a $ref to itself', { type: 'object', definitions: { a: { $ref: '#/definitions/a' } }, properties: { x: { $ref: '#/definitions/a' } } }, '#/definitions/a -> #/definitions/a'],
    ['two definitions referring to each other', { type: 'object', definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } } }, '#/definitions/a -> #/definitions/b -> #/definitions/a'],
    ['the root applied to itself through allOf', { type: 'object', allOf: [{ $ref: '#' }] }, '# -> #/allOf/0 -> #'],
    ['a cycle through anyOf in $defs (2020-12)', { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', $defs: { n: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/n' }] } } }, '#/$defs/n -> #/$defs/n/anyOf/1 -> #/$defs/n'],
    ['the root applied to itself by its absolute $id', { $id: 'https://x.org/root', type: 'object', allOf: [{ $ref: 'https://x.org/root' }] }, '# -> #/allOf/0 -> #'],
    [
      'two embedded resources referring to each other by relative ids',
      { $id: 'https://x.org/root', type: 'object', definitions: { a: { $id: 'a.json', anyOf: [{ $ref: 'b.json' }] }, b: { $id: 'b.json', allOf: [{ $ref: 'a.json' }] } } },
      '#/definitions/a -> #/definitions/a/anyOf/0 -> #/definitions/b -> #/definitions/b/allOf/0 -> #/definitions/a',
    ],
    ['a 2020-12 $anchor applied to itself', { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', $defs: { a: { $anchor: 'x', allOf: [{ $ref: '#x' }] } } }, '#/$defs/a -> #/$defs/a/allOf/0 -> #/$defs/a'],
  ])('a reference cycle is refused saying "cycle": %s', (_label, schema, cycle) => {
    const { message } = refusal(schema);
    expect(message).toContain(`has a reference cycle: ${cycle}`);
    expect(message).not.toMatch(/stack/i);
  });

  it('recursion through properties or items consumes data and is accepted', () => {
    const tree = { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } } };
    const registry = new ToolRegistry([toolWith(tree)]);
    const validate = registry.snapshot().lookup('probe')!.validate;
    expect(validate({ label: 'a', children: [{ label: 'b', children: [] }] }).valid).toBe(true);
    expect(validate({ children: [{ label: 3 }] }).valid).toBe(false);
  });

  it('a schema too deep to compile is refused with a clear message, not a RangeError', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20_000; i++) schema = { type: 'object', properties: { n: schema } };
    const { message } = refusal(schema);
    expect(message).toBe('Tool "probe": parameters is nested too deeply to read (the stack overflowed)');
  });
});
