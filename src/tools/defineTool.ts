// Typed tools without hand-written generics: the argument type of `execute` comes from the
// schema itself, a JSON Schema literal (through json-schema-to-ts) or a Standard Schema
// object (zod 4, valibot, arktype), so a schema and its handler cannot disagree.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { JsonSchemaObject, NeedsApprovalFn, Tool, ToolContext, ToolEffects, ToolResult } from '../types.js';
import { isStandardSchema, parseWithStandardSchema, standardToJsonSchema, type JsonSchemaConverter, type ObjectStandardSchema } from './standardSchema.js';
import type { PermissionArgument } from '../permissions/permissionTypes.js';

/** A JSON Schema literal whose `type` is `"object"`; write it inline or `as const` so its types can be read. */
export type ObjectJsonSchema = Exclude<JSONSchema, boolean> & { readonly type: 'object' };

/** The arguments a JSON Schema literal describes, as `defineTool` types them. */
export type ArgsOfJsonSchema<Schema extends ObjectJsonSchema> = FromSchema<Schema>;

interface ToolDefinitionFields<Args> {
  /** Matches `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  description: string;
  readOnly?: boolean;
  concurrencySafe?: boolean;
  /** Default `'none'` when `readOnly`, else `'once'` (docs/design.md, "Durability"). */
  effects?: ToolEffects;
  needsApproval?: boolean | NeedsApprovalFn<Args>;
  /** The argument permission rules' specifiers match (docs/permissions.md). */
  permissionArgument?: PermissionArgument;
  /**
   * A property, not a method, so its argument type is checked strictly; `NoInfer`: the
   * argument type comes from the schema, never from how the handler annotates it.
   */
  execute: (args: NoInfer<Args>, ctx: ToolContext) => Promise<ToolResult | string>;
}

/** `defineTool` with a JSON Schema literal as `parameters`. */
export interface JsonSchemaToolDefinition<Schema extends ObjectJsonSchema, Args = FromSchema<Schema>> extends ToolDefinitionFields<Args> {
  parameters: Schema;
}

/** `defineTool` with a Standard Schema object (zod 4, valibot, arktype) as `parameters`. */
export interface StandardSchemaToolDefinition<Schema extends ObjectStandardSchema> extends ToolDefinitionFields<StandardSchemaV1.InferOutput<Schema>> {
  parameters: Schema;
  /** Converts `parameters` to JSON Schema; needed only when the library lacks `~standard.jsonSchema` (zod 4 has it). */
  toJsonSchema?: JsonSchemaConverter<Schema>;
}

/**
 * Defines a tool whose `execute` arguments are typed from a Standard Schema (zod 4, valibot,
 * arktype). The schema is converted to JSON Schema here, once: the model is shown it and
 * the registry validates with it like any tool; then the library's own `validate` runs, so
 * `execute` gets its output (defaults, transforms) and refinements still apply.
 * @example
 * import { z } from 'zod';
 * const weather = defineTool({
 *   name: 'weather',
 *   description: 'Current weather in a city',
 *   parameters: z.object({ city: z.string() }),
 *   execute: async ({ city }) => `Sunny in ${city}`,
 * });
 */
export function defineTool<Schema extends ObjectStandardSchema>(definition: StandardSchemaToolDefinition<Schema>): Tool<StandardSchemaV1.InferOutput<Schema>>;
/**
 * Defines a tool whose `execute` arguments are typed from its JSON Schema literal.
 * @example
 * const add = defineTool({
 *   name: 'add',
 *   description: 'Add two numbers',
 *   parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false },
 *   execute: async ({ a, b }) => String(a + b), // a: number, b: number
 * });
 */
// Args as a defaulted parameter rather than FromSchema<Schema> in place: the workaround
// json-schema-to-ts documents for "type instantiation is excessively deep" in generics.
export function defineTool<const Schema extends ObjectJsonSchema, Args = FromSchema<Schema>>(definition: JsonSchemaToolDefinition<Schema, Args>): Tool<Args>;
export function defineTool(
  definition: JsonSchemaToolDefinition<ObjectJsonSchema> | StandardSchemaToolDefinition<ObjectStandardSchema>,
): Tool<Record<string, unknown>> {
  const { parameters } = definition;
  if (!isStandardSchema(parameters)) {
    // The registry checks (and copies) the schema when the tool is registered.
    return { ...(definition as ToolDefinitionFields<Record<string, unknown>>), parameters: parameters as JsonSchemaObject };
  }
  const { toJsonSchema, execute, ...fields } = definition as StandardSchemaToolDefinition<ObjectStandardSchema>;
  const name = typeof fields.name === 'string' ? fields.name : '(unnamed)';
  return {
    ...fields,
    parameters: standardToJsonSchema(parameters, name, toJsonSchema),
    execute: async (args, ctx) => execute(await parseWithStandardSchema(parameters, args), ctx),
  };
}
