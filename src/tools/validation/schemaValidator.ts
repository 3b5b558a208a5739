// The validator seam: tools see compiled validators returning data, never Ajv itself.
import type { ErrorObject } from 'ajv';
import { TinyAgentError } from '../../errors.js';
import { ajvFor, createAjv, dialectOf, SUPPORTED_SCHEMA_URIS } from './dialects.js';
import { scanSchema } from './schemaScan.js';

/** One reason the data does not match: where (a JSON pointer, '' for the root) and why. */
export interface SchemaIssue {
  path: string;
  message: string;
}

/** The outcome of validating one value; `data` is the value itself, never a modified copy. */
export type SchemaValidation = { valid: true; data: Record<string, unknown> } | { valid: false; errors: SchemaIssue[] };

/** A compiled schema. Pure: it neither mutates nor coerces what it is given. */
export type SchemaValidator = (data: unknown) => SchemaValidation;

/** A schema was refused or did not compile; the message says why. Internal: the registry rethrows it. */
export class SchemaCompileError extends TinyAgentError<'invalid_schema', undefined> {
  constructor(message: string, cause?: unknown) {
    super('invalid_schema', message, { cause });
  }
}

/**
 * Compiles an object schema (`type: "object"`) once; throws `SchemaCompileError` when it cannot.
 * @example compileSchema({ type: 'object', required: ['q'] })({}) // { valid: false, errors: [{ path: '', message: "must have required property 'q'" }] }
 */
export function compileSchema(schema: unknown): SchemaValidator {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new SchemaCompileError(`must be a JSON Schema object, got ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}`);
  }
  const root = schema as Record<string, unknown>;
  if (root.type !== 'object') {
    throw new SchemaCompileError(`must have type "object" at the top level, got ${JSON.stringify(root.type) ?? 'no type'}`);
  }
  const dialect = dialectOf(root);
  if (typeof dialect !== 'string') {
    throw new SchemaCompileError(`declares an unsupported $schema ${dialect.unsupported}; use ${SUPPORTED_SCHEMA_URIS.join(' or ')} (or omit it for draft-07)`);
  }
  const { remoteRef: remote, hasId } = scanSchema(root);
  if (remote) {
    throw new SchemaCompileError(
      `has a remote reference ${remote.keyword} ${JSON.stringify(remote.ref)} at ${remote.path || '(root)'}; only local references starting with "#" are supported, nothing is fetched`,
    );
  }
  // Ajv registers every `$id` (nested ones too) in its instance, where two tools declaring
  // the same id would collide or resolve into each other. Such schemas get an instance of
  // their own (~ms, registration only); id-less schemas share one instance per dialect.
  const ajv = hasId ? createAjv(dialect) : ajvFor(dialect);
  let validate;
  try {
    validate = ajv.compile(root);
  } catch (error) {
    throw new SchemaCompileError(`does not compile: ${error instanceof Error ? error.message : String(error)}`, error);
  } finally {
    // The compiled function is self-contained; the shared instance must not keep every
    // schema ever registered alive in its cache.
    ajv.removeSchema(root);
  }
  return (data) => {
    if (validate(data)) return { valid: true, data: data as Record<string, unknown> };
    return { valid: false, errors: (validate.errors ?? []).map(toIssue) };
  };
}

function toIssue(error: ErrorObject): SchemaIssue {
  return { path: error.instancePath, message: describe(error) };
}

// Ajv's messages omit the offending name or the allowed values; a model needs them to fix the call.
function describe(error: ErrorObject): string {
  const message = error.message ?? `fails "${error.keyword}"`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${message}: ${JSON.stringify(params.additionalProperty)}`;
    case 'unevaluatedProperties':
      return `${message}: ${JSON.stringify(params.unevaluatedProperty)}`;
    case 'enum':
      return `${message}: ${JSON.stringify(params.allowedValues)}`;
    case 'const':
      return `${message}: ${JSON.stringify(params.allowedValue)}`;
    default:
      return message;
  }
}
