// defineTool: `execute`'s argument type comes from the schema (a JSON Schema literal or a
// Standard Schema such as zod 4); the schema is converted to JSON Schema once, and calls
// are validated by the registry like those of any other tool.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createAgent, defineTool, ToolRegistrationError, ToolRegistry, type Tool, type ToolContext } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';

const add = defineTool({
  name: 'add',
  description: 'Add two numbers',
  parameters: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' }, note: { type: 'string' } },
    required: ['a', 'b'],
    additionalProperties: false,
  },
  execute: async ({ a, b }) => String(a + b),
});

const weather = defineTool({
  name: 'weather',
  description: 'Weather in a city',
  parameters: z.object({
    city: z.string().min(1),
    days: z.number().int().default(3),
    unit: z.enum(['c', 'f']).optional(),
  }),
  execute: async ({ city, days, unit }) => `${city} ${days} ${unit ?? 'c'}`,
});

/** Runs one call of `tool` with `args` through an agent and returns the tool message. */
async function callOnce(tool: Tool<never>, args: unknown) {
  const provider = createScriptedProvider([{ toolCalls: [call('c1', tool.name, args)] }, { text: 'done' }]);
  const agent = createAgent({ provider, tools: [tool] });
  const output = await agent.run('go');
  return output.messages.find((message) => message.role === 'tool')!;
}

describe('defineTool with a JSON Schema literal', () => {
  it('types execute from the schema (required, optional, no extra keys)', () => {
    expectTypeOf(add).toEqualTypeOf<Tool<{ a: number; b: number; note?: string }>>();
    type Execute = Parameters<typeof add.execute>;
    expectTypeOf<Execute[0]>().toEqualTypeOf<{ a: number; b: number; note?: string }>();
    expectTypeOf<Execute[1]>().toEqualTypeOf<ToolContext>();
  });

  it('refuses a handler that disagrees with the schema', () => {
    defineTool({
      name: 'bad',
      description: 'Handler expects a string where the schema has a number',
      parameters: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'], additionalProperties: false },
      // @ts-expect-error a is a number according to the schema
      execute: async ({ a }: { a: string }) => a.toUpperCase(),
    });
  });

  it('registers, validates and runs like any tool', async () => {
    expect(await callOnce(add, { a: 2, b: 40 })).toMatchObject({ content: '42', isError: false });
    expect(await callOnce(add, { a: 'two', b: 40 })).toMatchObject({ isError: true, code: 'invalid_arguments' });
  });
});

describe('defineTool with a zod 4 schema', () => {
  it('types execute with the schema’s output (defaults applied)', () => {
    expectTypeOf<Parameters<typeof weather.execute>[0]>().toEqualTypeOf<{ city: string; days: number; unit?: 'c' | 'f' | undefined }>();
  });

  it('refuses a handler that disagrees with the schema', () => {
    defineTool({
      name: 'bad',
      description: 'Handler expects a number where the schema has a string',
      parameters: z.object({ city: z.string() }),
      // @ts-expect-error city is a string according to the schema
      execute: async ({ city }: { city: number }) => city.toFixed(1),
    });
  });

  it('shows the model the JSON Schema of the input and registers it', () => {
    expect(weather.parameters).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', default: 3 }, unit: { enum: ['c', 'f'] } },
      required: ['city'],
    });
    expect(new ToolRegistry([weather]).snapshot().specs[0]!.parameters).toEqual(weather.parameters);
  });

  it('validates with our validator first, then gives execute the schema’s output', async () => {
    expect(await callOnce(weather, { city: 'Oslo' })).toMatchObject({ content: 'Oslo 3 c', isError: false });
    expect(await callOnce(weather, { city: '' })).toMatchObject({ isError: true, code: 'invalid_arguments' });
    expect(await callOnce(weather, { days: 2 })).toMatchObject({ isError: true, code: 'invalid_arguments' });
  });

  it('still applies refinements JSON Schema cannot express, as a tool error the model sees', async () => {
    const even = defineTool({
      name: 'even',
      description: 'Takes an even number',
      parameters: z.object({ n: z.number().refine((n) => n % 2 === 0, 'n must be even') }),
      execute: async ({ n }) => String(n),
    });
    const result = await callOnce(even, { n: 3 });
    expect(result).toMatchObject({ isError: true, code: 'tool_error' });
    expect(result.content).toContain('n: n must be even');
  });
});

describe('defineTool with another Standard Schema library', () => {
  /** A minimal Standard Schema without `~standard.jsonSchema`, as older libraries ship. */
  const bare: StandardSchemaV1<{ q: string }> = {
    '~standard': {
      version: 1,
      vendor: 'bare',
      validate: (value) => (typeof (value as { q?: unknown }).q === 'string' ? { value: value as { q: string } } : { issues: [{ message: 'q must be a string', path: ['q'] }] }),
    },
  };

  it('refuses a schema it cannot convert, naming the tool, the vendor and the way out', () => {
    const define = () => defineTool({ name: 'search', description: 'Search', parameters: bare, execute: async ({ q }) => q });
    expect(define).toThrow(ToolRegistrationError);
    expect(define).toThrow(/Tool "search": parameters is a bare schema .* pass toJsonSchema/);
  });

  it('uses toJsonSchema when given', async () => {
    const search = defineTool({
      name: 'search',
      description: 'Search',
      parameters: bare,
      toJsonSchema: () => ({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }),
      execute: async ({ q }) => `found ${q}`,
    });
    expectTypeOf<Parameters<typeof search.execute>[0]>().toEqualTypeOf<{ q: string }>();
    expect(await callOnce(search, { q: 'x' })).toMatchObject({ content: 'found x' });
  });

  it('refuses a conversion that is not an object schema, or that throws', () => {
    expect(() => defineTool({ name: 's', description: 'S', parameters: bare, toJsonSchema: () => ({ type: 'string' }), execute: async () => '' })).toThrow(
      /Tool "s": parameters must describe an object/,
    );
    expect(() =>
      defineTool({
        name: 's',
        description: 'S',
        parameters: bare,
        toJsonSchema: () => {
          throw new Error('unsupported: transform');
        },
        execute: async () => '',
      }),
    ).toThrow(/could not be converted to JSON Schema: unsupported: transform/);
  });
});
