// Standard Schema objects (zod 4, valibot, arktype) as tool parameters. The model and our
// validator see JSON Schema, so the schema is converted once, when the tool is defined:
// through the Standard JSON Schema interface (`~standard.jsonSchema`, which zod 4 and
// arktype implement), or a converter the caller passes. No schema library is imported here.
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { RegistrationErrorCode } from '../codes.js';
import { describeValue } from '../describeValue.js';
import { ToolRegistrationError } from '../errors.js';
import type { JsonSchemaObject } from '../types.js';

/** A Standard Schema whose output is an object: what `defineTool` accepts besides a JSON Schema. */
export type ObjectStandardSchema = StandardSchemaV1<Record<string, unknown>, Record<string, unknown>>;

/** Turns a schema library's object into JSON Schema, e.g. `(schema) => toJsonSchema(schema)` for valibot. */
export type JsonSchemaConverter<Schema> = (schema: Schema) => Record<string, unknown>;

/**
 * Whether `value` implements Standard Schema (has a `~standard` object with a `validate` function).
 * @example
 * import { z } from 'zod';
 * isStandardSchema(z.object({})) // true
 */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as { '~standard'?: unknown })['~standard'];
  return typeof props === 'object' && props !== null && typeof (props as { validate?: unknown }).validate === 'function';
}

function hasJsonSchemaConverter(schema: StandardSchemaV1): schema is StandardSchemaV1 & StandardJSONSchemaV1 {
  const converter = (schema['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  return typeof converter?.input === 'function';
}

/**
 * The JSON Schema of what the model must send (the schema's input side), for the tool named `toolName`.
 * Throws `ToolRegistrationError` (`invalid_tool_schema`) when there is no way to convert it.
 * @example
 * import { z } from 'zod';
 * standardToJsonSchema(z.object({ city: z.string() }), 'weather') // { $schema: '…draft-07…', type: 'object', … }
 */
export function standardToJsonSchema<Schema extends StandardSchemaV1>(schema: Schema, toolName: string, convert?: JsonSchemaConverter<Schema>): JsonSchemaObject {
  const vendor = String(schema['~standard'].vendor);
  let converted: unknown;
  try {
    if (convert) converted = convert(schema);
    else if (hasJsonSchemaConverter(schema)) converted = schema['~standard'].jsonSchema.input({ target: 'draft-07' });
    else {
      throw refuse(
        toolName,
        `parameters is a ${vendor} schema that cannot describe itself as JSON Schema (no ~standard.jsonSchema); ` +
          `pass toJsonSchema, e.g. defineTool({ ..., toJsonSchema: (schema) => toJsonSchema(schema) }) with your library's converter`,
      );
    }
  } catch (error) {
    if (error instanceof ToolRegistrationError) throw error;
    const reason = error instanceof Error ? error.message : describeValue(error);
    throw refuse(toolName, `the ${vendor} schema could not be converted to JSON Schema: ${reason}`, error);
  }
  if (typeof converted !== 'object' || converted === null || (converted as { type?: unknown }).type !== 'object') {
    throw refuse(toolName, `parameters must describe an object; the ${vendor} schema converts to ${describeValue(converted)} without type "object"`);
  }
  return converted as JsonSchemaObject;
}

/**
 * Validates with the schema library itself, after our JSON Schema check passed: refinements
 * JSON Schema cannot express still apply, and `execute` gets the library's output (defaults, transforms).
 * @example
 * import { z } from 'zod';
 * const args = await parseWithStandardSchema(z.object({ city: z.string() }), { city: 'Oslo' });
 */
export async function parseWithStandardSchema<Schema extends ObjectStandardSchema>(schema: Schema, args: unknown): Promise<StandardSchemaV1.InferOutput<Schema>> {
  const result = await schema['~standard'].validate(args);
  if (result.issues === undefined) return result.value as StandardSchemaV1.InferOutput<Schema>;
  const described = result.issues.slice(0, 20).map((issue) => `${pathOf(issue.path)}: ${issue.message}`);
  throw new Error(`Invalid arguments: ${described.join('; ')}`);
}

function pathOf(path: StandardSchemaV1.Issue['path']): string {
  if (!path || path.length === 0) return '(root)';
  return path.map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');
}

function refuse(toolName: string, message: string, cause?: unknown): ToolRegistrationError {
  return new ToolRegistrationError(RegistrationErrorCode.invalidToolSchema, `Tool "${toolName}": ${message}`, { details: { toolName }, cause });
}
