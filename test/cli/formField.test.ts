// A form field on the terminal: its question, and how a typed line becomes the value sent.
import { describe, expect, it } from 'vitest';
import { fieldQuestion, fieldsWithProblems, fieldValue } from '../../src/cli/mcp/formField.js';

describe('fieldValue', () => {
  it.each([
    [{ type: 'integer' }, ' 42 ', 42],
    [{ type: 'number' }, '-1.5e2', -150],
    [{ type: 'integer' }, 'forty', 'forty'],
    [{ type: 'boolean' }, 'Yes', true],
    [{ type: 'boolean' }, 'false', false],
    [{ type: 'boolean' }, 'maybe', 'maybe'],
    [{ type: 'array', items: { enum: ['a', 'b'] } }, 'a, b,', ['a', 'b']],
    [{ type: 'string' }, '  Ada ', 'Ada'],
    [{ type: 'string' }, '   ', undefined],
  ])('%j from %j is %j', (property, line, value) => {
    expect(fieldValue(property, line)).toEqual(value);
  });
});

describe('fieldQuestion', () => {
  it('names the type, the bounds, the choices, the default and whether the field is required, with controls visible', () => {
    expect(fieldQuestion('age', { type: 'integer', minimum: 0, default: 30 }, false)).toBe('  age (integer, >= 0) [30]: ');
    expect(fieldQuestion('level', { type: 'string', oneOf: [{ const: 'low', title: 'Low' }, { const: 'high' }] }, true)).toBe('  level (low | high, required): ');
    expect(fieldQuestion('ok', { type: 'boolean', title: 'Agree?', description: 'Terms \u001b[2J' }, false)).toBe('  Terms ^[[2J\n  Agree? ok (y/n): ');
  });
});

describe('fieldsWithProblems', () => {
  const schema = { type: 'object' as const, properties: { name: {}, age: {} } };
  it('finds the fields the problems name, or all of them', () => {
    expect(fieldsWithProblems(schema, ['/age must be integer'])).toEqual(['age']);
    expect(fieldsWithProblems(schema, ["(content) must have required property 'name'"])).toEqual(['name']);
    expect(fieldsWithProblems(schema, ['the requested schema does not compile'])).toEqual(['name', 'age']);
  });
});
