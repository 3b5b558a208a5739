import { describe, expect, it } from 'vitest';
import { compileSchema, SchemaCompileError, type SchemaValidator } from '../../src/tools/validation/schemaValidator.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

function compileError(schema: unknown): string {
  try {
    compileSchema(schema);
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaCompileError);
    return (error as Error).message;
  }
  throw new Error('compileSchema did not throw');
}

const issues = (validate: SchemaValidator, data: unknown) => {
  const outcome = validate(data);
  return outcome.valid ? [] : outcome.errors;
};

describe('compileSchema: validating', () => {
  const validate = compileSchema({
    type: 'object',
    properties: {
      name: { type: 'string' },
      count: { type: 'integer', default: 1 },
      items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
      mode: { enum: ['fast', 'slow'] },
    },
    required: ['name'],
    additionalProperties: false,
  });

  it('returns the very same object when valid, unchanged (no defaults, no coercion)', () => {
    const args = { name: 'x' };
    const outcome = validate(args);
    expect(outcome).toEqual({ valid: true, data: { name: 'x' } });
    expect(outcome.valid && outcome.data).toBe(args);
    expect(args).toEqual({ name: 'x' });
  });

  it('does not coerce: a numeric string is not an integer', () => {
    const args = { name: 'x', count: '2' };
    expect(issues(validate, args)).toEqual([{ path: '/count', message: 'must be integer' }]);
    expect(args.count).toBe('2');
  });

  it('reports every issue, each with a JSON pointer path ("" for the root)', () => {
    expect(issues(validate, { items: [{ name: 3 }], extra: true, mode: 'medium' })).toEqual([
      { path: '', message: "must have required property 'name'" },
      { path: '', message: 'must NOT have additional properties: "extra"' },
      { path: '/items/0/name', message: 'must be string' },
      { path: '/mode', message: 'must be equal to one of the allowed values: ["fast","slow"]' },
    ]);
  });

  it('rejects non-objects', () => {
    for (const data of [null, [], 'x', 3]) expect(validate(data).valid).toBe(false);
  });

  it('checks formats (ajv-formats)', () => {
    const email = compileSchema({ type: 'object', properties: { to: { type: 'string', format: 'email' } } });
    expect(email({ to: 'ada@example.com' }).valid).toBe(true);
    expect(issues(email, { to: 'not an email' })).toEqual([{ path: '/to', message: 'must match format "email"' }]);
  });

  it('follows local references, recursion included', () => {
    const tree = compileSchema({
      type: 'object',
      properties: { label: { $ref: '#/definitions/label' }, children: { type: 'array', items: { $ref: '#' } } },
      definitions: { label: { type: 'string', minLength: 1 } },
    });
    expect(tree({ label: 'a', children: [{ label: 'b', children: [] }] }).valid).toBe(true);
    expect(issues(tree, { children: [{ label: '' }] })).toEqual([{ path: '/children/0/label', message: 'must NOT have fewer than 1 characters' }]);
  });
});

describe('compileSchema: dialects chosen by $schema', () => {
  const tuple = { type: 'object', properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } } };
  const dependent = { type: 'object', dependentRequired: { from: ['to'] } };

  it('draft-07 when $schema is absent: 2020-12 keywords are refused, with the $schema to declare', () => {
    for (const [schema, keyword] of [[tuple, 'prefixItems'], [dependent, 'dependentRequired']] as const) {
      const message = compileError(schema);
      expect(message).toContain(`uses an unknown keyword "${keyword}", which draft-07 does not define`);
      expect(message).toContain(`declare "$schema": "${DRAFT_2020}"`);
    }
  });

  it('draft-07 when declared, with or without the trailing #', () => {
    for (const $schema of [DRAFT_07, DRAFT_07.slice(0, -1)]) {
      const validate = compileSchema({ $schema, type: 'object', items: [{ type: 'string' }] });
      expect(validate({}).valid).toBe(true);
    }
  });

  it('2020-12 when declared: prefixItems and dependentRequired apply', () => {
    expect(issues(compileSchema({ $schema: DRAFT_2020, ...tuple }), { pair: [1, 'x'] })).toEqual([
      { path: '/pair/0', message: 'must be string' },
      { path: '/pair/1', message: 'must be number' },
    ]);
    expect(issues(compileSchema({ $schema: `${DRAFT_2020}#`, ...dependent }), { from: 1 })).toEqual([
      { path: '', message: 'must have property to when property from is present' },
    ]);
  });

  it('2020-12 schemas are checked against their own meta-schema: array-form items is refused', () => {
    const schema = { $schema: DRAFT_2020, type: 'object', properties: { a: { items: [{ type: 'string' }] } } };
    expect(compileError(schema)).toContain('does not compile: schema is invalid');
    expect(() => compileSchema({ ...schema, $schema: undefined })).not.toThrow();
  });

  it.each(['http://json-schema.org/draft-04/schema#', 'https://json-schema.org/draft/2019-09/schema', 'https://example.com/my-meta', 7])(
    'refuses any other $schema: %j',
    ($schema) => {
      expect(compileError({ $schema, type: 'object' })).toMatch(/^declares an unsupported \$schema .*; use http:\/\/json-schema.org\/draft-07\/schema or https:/);
    },
  );
});

describe('compileSchema: refused schemas', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'must be a JSON Schema object, got null'],
    ['an array', [], 'must be a JSON Schema object, got an array'],
    ['a boolean schema', true, 'must be a JSON Schema object, got boolean'],
    ['not type object', { type: 'string' }, 'must have type "object" at the top level, got "string"'],
    ['without type', {}, 'must have type "object" at the top level, got no type'],
    ['a union type', { type: ['object', 'null'] }, 'must have type "object" at the top level, got ["object","null"]'],
  ])('%s', (_label, schema, message) => {
    expect(compileError(schema)).toBe(message);
  });

  it('says why Ajv could not compile it', () => {
    expect(compileError({ type: 'object', properties: { a: { minLength: -1 } } })).toBe(
      'does not compile: schema is invalid: data/properties/a/minLength must be >= 0',
    );
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an absolute $ref', { properties: { a: { $ref: 'https://example.com/a.json' } } }, '$ref "https://example.com/a.json" at /properties/a to "https://example.com/a.json"'],
    ['a relative $ref', { items: { $ref: 'other.json#/x' } }, '$ref "other.json#/x" at /items to "other.json"'],
    ['a relative $ref under the root $id', { $id: 'https://example.com/root.json', items: { $ref: 'other.json' } }, '$ref "other.json" at /items to "https://example.com/other.json"'],
    ['a $ref under a property named default', { properties: { default: { $ref: 'https://x.org/d' } } }, '$ref "https://x.org/d" at /properties/default to "https://x.org/d"'],
  ])('refuses references that would need a fetch: %s', (_label, schema, where) => {
    expect(compileError({ type: 'object', ...schema })).toBe(
      `has a ${where}, which is not a resource of this schema: resolving it would need a fetch, and nothing is fetched`,
    );
  });

  it.each<[string, Record<string, unknown>, unknown, unknown]>([
    [
      'an embedded $id',
      { properties: { a: { $ref: 'https://example.com/word.json' } }, definitions: { word: { $id: 'https://example.com/word.json', type: 'string' } } },
      { a: 'x' },
      { a: 1 },
    ],
    [
      'a URN $id',
      { properties: { a: { $ref: 'urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed' } }, definitions: { n: { $id: 'urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed', type: 'number' } } },
      { a: 1 },
      { a: 'x' },
    ],
    [
      'the root’s own absolute $id',
      { $id: 'https://example.com/root.json', properties: { a: { type: 'string' }, self: { $ref: 'https://example.com/root.json' } } },
      { self: { a: 'x' } },
      { self: { a: 1 } },
    ],
    [
      'an id relative to the root’s',
      { $id: 'https://example.com/dir/root.json', properties: { a: { $ref: 'word.json' } }, definitions: { w: { $id: 'word.json', type: 'string' } } },
      { a: 'x' },
      { a: 1 },
    ],
    [
      'a 2020-12 $anchor',
      { $schema: DRAFT_2020, properties: { a: { $ref: '#word' } }, $defs: { w: { $anchor: 'word', type: 'string' } } },
      { a: 'x' },
      { a: 1 },
    ],
  ])('resolves references to resources of the schema itself: %s', (_label, schema, valid, invalid) => {
    const validate = compileSchema({ type: 'object', ...schema });
    expect([validate(valid).valid, validate(invalid).valid]).toEqual([true, false]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a JSON pointer', { properties: { a: { $ref: '#/definitions/missing' } } }, '$ref "#/definitions/missing" at /properties/a'],
    ['an anchor', { $schema: DRAFT_2020, properties: { a: { $ref: '#nope' } } }, '$ref "#nope" at /properties/a'],
    ['a pointer into the root named by its $id', { $id: 'https://x.org/root', properties: { a: { $ref: 'root#/definitions/missing' } } }, '$ref "root#/definitions/missing" at /properties/a'],
  ])('a reference into the schema that finds nothing says so, not "fetch": %s', (_label, schema, where) => {
    expect(compileError({ type: 'object', ...schema })).toBe(`has a ${where} that points to nothing in this schema`);
  });

  it('a $dynamicRef that is not a fragment is refused, saying so', () => {
    expect(compileError({ type: 'object', $schema: DRAFT_2020, properties: { a: { $dynamicRef: 'https://x.org/s#m' } } })).toBe(
      'has a $dynamicRef "https://x.org/s#m" at /properties/a; a $dynamicRef is supported only as a fragment of this schema ("#name")',
    );
  });

  it('a $ref to the dialect’s meta-schema resolves without a fetch', () => {
    const validate = compileSchema({ type: 'object', properties: { schema: { $ref: 'http://json-schema.org/draft-07/schema#' } } });
    expect([validate({ schema: { type: 'string' } }).valid, validate({ schema: { type: 7 } }).valid]).toEqual([true, false]);
  });

  it('$anchor stays unknown in draft-07, with the hint to declare 2020-12', () => {
    expect(compileError({ type: 'object', $anchor: 'x' })).toContain('unknown keyword "$anchor", which draft-07 does not define; for 2020-12 keywords declare');
  });

  it('does not mistake data for references (const, enum, default, examples)', () => {
    const ref = { $ref: 'https://x.org/not-a-ref' };
    const validate = compileSchema({ type: 'object', properties: { a: { const: ref, default: ref, examples: [ref] }, b: { enum: [ref] } } });
    expect(validate({ a: ref }).valid).toBe(true);
  });
});

describe('compileSchema: tools never see each other’s schemas', () => {
  it('two schemas with the same $id compile and validate independently', () => {
    const shape = (type: string) => ({
      $id: 'https://example.com/args.json',
      type: 'object',
      properties: { a: { $ref: '#/definitions/a' }, b: { $id: 'https://example.com/b.json', type } },
      definitions: { a: { type } },
    });
    const strings = compileSchema(shape('string'));
    const numbers = compileSchema(shape('number'));
    expect(strings({ a: 'x', b: 'y' }).valid).toBe(true);
    expect(strings({ a: 1 }).valid).toBe(false);
    expect(numbers({ a: 1, b: 2 }).valid).toBe(true);
    expect(numbers({ a: 'x' }).valid).toBe(false);
    // An id-less schema reusing a nested id as its own still compiles afterwards.
    expect(() => compileSchema({ type: 'object', properties: { c: { $id: 'https://example.com/b.json' } } })).not.toThrow();
  });

  it('a nested $id used again, nested or as a root $id, by later schemas', () => {
    const id = 'https://example.com/shared.json';
    const nested = (type: string) => ({ type: 'object', properties: { v: { $id: id, type } } });
    const first = compileSchema(nested('string'));
    const second = compileSchema(nested('number'));
    const third = compileSchema({ $id: id, type: 'object', required: ['w'] });
    expect([first({ v: 'x' }).valid, first({ v: 1 }).valid]).toEqual([true, false]);
    expect([second({ v: 1 }).valid, second({ v: 'x' }).valid]).toEqual([true, false]);
    expect([third({ w: 1 }).valid, third({}).valid]).toEqual([true, false]);
  });

  it('id-less schemas sharing an Ajv instance keep their own root references', () => {
    const first = compileSchema({ type: 'object', properties: { next: { $ref: '#' } }, required: ['first'] });
    compileSchema({ type: 'object', properties: { next: { $ref: '#' } }, required: ['second'] });
    expect(first({ first: 1, next: { first: 2 } }).valid).toBe(true);
    expect(first({ first: 1, next: { second: 2 } }).valid).toBe(false);
  });
});
