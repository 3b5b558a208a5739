// The tools a Run offers: a frozen view of a registry at one moment.
import type { Tool, ToolEffects, ToolSpec } from '../types.js';
import type { SchemaValidator } from './validation/schemaValidator.js';

/** A tool as the registry accepted it: its spec and its validator, compiled once. */
export interface RegisteredTool {
  readonly tool: Tool;
  /** What the model is shown; `parameters` is the registry's own copy of the schema. */
  readonly spec: ToolSpec;
  readonly validate: SchemaValidator;
  /** `readOnly === true && concurrencySafe === true`: may run alongside other such calls. */
  readonly parallelSafe: boolean;
  /** `tool.effects`, or its default: `'none'` when readOnly, else `'once'`. */
  readonly effects: ToolEffects;
}

/** The tools registered when a Run started; later registrations never show up here. */
export interface ToolSet {
  /** In registration order. */
  readonly specs: readonly ToolSpec[];
  /** In registration order. */
  readonly names: readonly string[];
  lookup(name: string): RegisteredTool | undefined;
}

/**
 * Freezes registered tools (in registration order) into a ToolSet.
 * @example createToolSet([]).names // []
 */
export function createToolSet(tools: readonly RegisteredTool[]): ToolSet {
  const byName = new Map(tools.map((registered) => [registered.spec.name, registered] as const));
  return Object.freeze({
    specs: Object.freeze(tools.map((registered) => registered.spec)),
    names: Object.freeze(tools.map((registered) => registered.spec.name)),
    lookup: (name: string) => byName.get(name),
  });
}
