// Typed final output (docs/output.md): the schema a Run's answer must match, checked when it is
// given, with the compiler and dialect rules of tool parameters: in mode 'tool' the answer is a
// call of the `final_answer` tool whose parameters are the schema, so it is validated like any
// call's arguments. A Standard Schema is converted to JSON Schema once (defineTool's way); its
// own parse turns the accepted JSON into the typed value when the Run's output is built.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { FromSchema } from 'json-schema-to-ts';
import { ConfigurationError, ToolRegistrationError } from '../errors.js';
import { quoteValue } from '../describeValue.js';
import { defineTool, type ObjectJsonSchema } from '../tools/defineTool.js';
import { ToolRegistry } from '../tools/registry.js';
import { isStandardSchema, parseWithStandardSchema, type ObjectStandardSchema } from '../tools/standardSchema.js';
import type { RegisteredTool, ToolSet } from '../tools/toolSet.js';
import type { ToolSpec } from '../types.js';

/** The name of the tool a Run in mode 'tool' offers for its answer. */
export const FINAL_ANSWER_TOOL = 'final_answer';

/** A JSON Schema literal with `type: "object"`, or a Standard Schema of an object (zod 4, valibot, arktype). */
export type OutputSchema = ObjectJsonSchema | ObjectStandardSchema;

/** The value an output schema describes. */
export type OutputOf<Schema> = Schema extends StandardSchemaV1
  ? StandardSchemaV1.InferOutput<Schema>
  : Schema extends ObjectJsonSchema
    ? FromSchema<Schema>
    : unknown;

/** How the answer is asked for: a `final_answer` tool call, or the provider's structured output. */
export type OutputMode = 'tool' | 'native';

export interface OutputOptions {
  /** Default `'tool'` (every OpenAI-compatible endpoint); `'native'`: the provider's structured output. */
  outputMode?: OutputMode;
  /** Answers that fail validation sent back to the model before the Run fails with `output_invalid`. Default 2. */
  maxOutputRetries?: number;
}

/** An output schema, checked and compiled: what the Run's environment and context need. */
export interface CompiledOutput {
  mode: OutputMode;
  maxRetries: number;
  /** The `final_answer` tool as the registry accepted it (its validator is the schema's). */
  registered: RegisteredTool;
  /** The schema the provider is shown, as JSON Schema. */
  spec: ToolSpec;
  /** Turns the accepted JSON into the output value (a Standard Schema's parse; identity for JSON Schema). */
  finish(value: unknown): Promise<unknown>;
}

const DESCRIPTION = 'Give your final answer. Call this once, when you are done, with the answer as the arguments.';

/**
 * Checks and compiles an output schema; a schema the tool-parameter compiler refuses is a ConfigurationError at once.
 * @example compileOutput({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, {}).spec.name // 'final_answer'
 */
export function compileOutput(schema: unknown, options: OutputOptions): CompiledOutput {
  const mode = options.outputMode ?? 'tool';
  if (mode !== 'tool' && mode !== 'native') throw new ConfigurationError(`outputMode must be "tool" or "native", got ${quoteValue(mode)}`);
  const maxRetries = options.maxOutputRetries ?? 2;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) throw new ConfigurationError(`maxOutputRetries must be an integer >= 0, got ${quoteValue(maxRetries)}`);
  if (typeof schema !== 'object' || schema === null) throw new ConfigurationError(`output must be a JSON Schema object or a Standard Schema, got ${quoteValue(schema)}`);
  const standard = isStandardSchema(schema) ? (schema as ObjectStandardSchema) : undefined;
  let registered: RegisteredTool;
  try {
    const tool = defineTool({
      name: FINAL_ANSWER_TOOL,
      description: DESCRIPTION,
      parameters: schema as ObjectJsonSchema,
      readOnly: true,
      concurrencySafe: true,
      effects: 'none',
      execute: async () => 'Final answer recorded.',
    });
    registered = new ToolRegistry([tool]).snapshot().lookup(FINAL_ANSWER_TOOL)!;
  } catch (error) {
    if (!(error instanceof ToolRegistrationError)) throw error;
    throw new ConfigurationError(`output is not a schema tinyagent can check: ${error.message.replace(`Tool "${FINAL_ANSWER_TOOL}": `, '')}`, { cause: error });
  }
  return {
    mode,
    maxRetries,
    registered,
    spec: registered.spec,
    finish: standard ? (value) => parseWithStandardSchema(standard, value) : (value) => Promise.resolve(value),
  };
}

/**
 * The tools a Run with `output` offers: its own, and `final_answer` in mode 'tool'. A tool of
 * that name among its own is a ConfigurationError: the answer could not be told from its calls.
 * @example
 * import { ToolRegistry } from '../tools/registry.js';
 * withFinalAnswer(new ToolRegistry().snapshot(), compileOutput({ type: 'object' }, {})).names // ['final_answer']
 */
export function withFinalAnswer(tools: ToolSet, output: CompiledOutput): ToolSet {
  if (tools.lookup(FINAL_ANSWER_TOOL)) {
    throw new ConfigurationError(`a tool named "${FINAL_ANSWER_TOOL}" is registered; with \`output\` that name is the Run's own (rename the tool)`);
  }
  if (output.mode === 'native') return tools;
  // The same object for the same pair: an agent binds its machine once per tool set.
  const cached = combined.get(tools)?.get(output);
  if (cached) return cached;
  const set = combine(tools, output);
  const byOutput = combined.get(tools) ?? new WeakMap<CompiledOutput, ToolSet>();
  byOutput.set(output, set);
  combined.set(tools, byOutput);
  return set;
}

const combined = new WeakMap<ToolSet, WeakMap<CompiledOutput, ToolSet>>();

function combine(tools: ToolSet, output: CompiledOutput): ToolSet {
  return Object.freeze({
    specs: Object.freeze([...tools.specs, output.spec]),
    names: Object.freeze([...tools.names, FINAL_ANSWER_TOOL]),
    lookup: (name: string) => (name === FINAL_ANSWER_TOOL ? output.registered : tools.lookup(name)),
  });
}
