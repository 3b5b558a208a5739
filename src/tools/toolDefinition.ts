// Checking a tool definition before it enters a registry. Check order, first failure wins:
// not an object → definition; name → invalid_tool_name (so every later message can name
// the tool); other fields → definition; name taken → duplicate; schema last, because
// compiling is the only costly step and is pointless for a tool refused anyway.
import { RegistrationErrorCode } from '../codes.js';
import { describeValue } from '../describeValue.js';
import { ToolRegistrationError, type ToolRegistrationErrorDetails } from '../errors.js';
import type { RegisteredTool } from './toolSet.js';
import type { JsonSchemaObject, Tool, ToolEffects } from '../types.js';
import { SchemaCompileError, type SchemaCompiler } from './validation/schemaValidator.js';
import { checkPermissionArgument } from '../permissions/permissionArgument.js';
import { describeError } from '../describeError.js';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const FLAGS = ['readOnly', 'concurrencySafe'] as const;
const EFFECTS: readonly ToolEffects[] = ['none', 'idempotent', 'once'];

/**
 * Checks a candidate tool and compiles its schema with `compiler`; throws `ToolRegistrationError` if it is refused.
 * @example
 * import { SchemaCompiler } from './validation/schemaValidator.js';
 * acceptTool({ name: 'now', description: 'Current time', parameters: { type: 'object' }, execute: async () => new Date().toISOString() }, () => false, new SchemaCompiler()).spec.name // 'now'
 */
export function acceptTool(candidate: unknown, isTaken: (name: string) => boolean, compiler: SchemaCompiler): RegisteredTool {
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
    throw refuse('invalidToolDefinition', `A tool must be an object, got ${describeValue(candidate)}`);
  }
  const fields = candidate as Partial<Record<keyof Tool, unknown>>;
  const { name, description } = fields;
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    const shown = typeof name === 'string' ? JSON.stringify(name) : describeValue(name);
    throw refuse('invalidToolName', `Tool name ${shown} is invalid: it must match ${TOOL_NAME.source}`, name);
  }
  const label = `Tool "${name}"`;
  if (typeof description !== 'string' || description.trim() === '') {
    throw refuse('invalidToolDefinition', `${label}: description must be a non-empty string, got ${describeValue(description)}`, name);
  }
  if (typeof fields.execute !== 'function') {
    throw refuse('invalidToolDefinition', `${label}: execute must be a function, got ${describeValue(fields.execute)}`, name);
  }
  for (const flag of FLAGS) {
    const value = fields[flag];
    if (value !== undefined && typeof value !== 'boolean') {
      throw refuse('invalidToolDefinition', `${label}: ${flag} must be a boolean when present, got ${describeValue(value)}`, name);
    }
  }
  const permissionProblem = checkPermissionArgument(fields.permissionArgument);
  if (permissionProblem !== undefined) throw refuse('invalidToolDefinition', `${label}: permissionArgument ${permissionProblem}`, name);
  const { effects = fields.readOnly === true ? 'none' : 'once' } = fields;
  if (!EFFECTS.includes(effects as ToolEffects)) {
    throw refuse('invalidToolDefinition', `${label}: effects must be "none", "idempotent" or "once" when present, got ${describeValue(effects)}`, name);
  }
  if (isTaken(name)) {
    throw refuse('duplicateTool', `${label} is already registered; a registered tool is never replaced`, name);
  }
  const parameters = ownCopy(fields.parameters, name);
  let validate;
  try {
    validate = compiler.compile(parameters);
  } catch (error) {
    if (!(error instanceof SchemaCompileError)) throw error;
    throw refuse('invalidToolSchema', `${label}: parameters ${error.message}`, name, error, error.details?.unknownKeywords);
  }
  return {
    tool: candidate as Tool,
    spec: Object.freeze({ name, description, parameters: parameters as JsonSchemaObject }),
    validate,
    parallelSafe: fields.readOnly === true && fields.concurrencySafe === true,
    effects: effects as ToolEffects,
  };
}

// The registry keeps its own JSON copy of the schema: the model is shown exactly what was
// compiled, later changes to the caller's object change neither, and providers can send it.
function ownCopy(parameters: unknown, name: string): unknown {
  if (typeof parameters !== 'object' || parameters === null) return parameters; // compileSchema says why
  try {
    return JSON.parse(JSON.stringify(parameters)) as unknown;
  } catch (error) {
    if (error instanceof RangeError) {
      throw refuse('invalidToolSchema', `Tool "${name}": parameters is nested too deeply to read (the stack overflowed)`, name, error);
    }
    const reason = describeError(error);
    throw refuse('invalidToolSchema', `Tool "${name}": parameters must be plain JSON (${reason})`, name, error);
  }
}

function refuse(
  code: keyof typeof RegistrationErrorCode,
  message: string,
  toolName?: unknown,
  cause?: unknown,
  unknownKeywords?: string[],
): ToolRegistrationError {
  const details: ToolRegistrationErrorDetails = typeof toolName === 'string' ? { toolName } : {};
  if (unknownKeywords) details.unknownKeywords = unknownKeywords;
  return new ToolRegistrationError(RegistrationErrorCode[code], message, { details, cause });
}
