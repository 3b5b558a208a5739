// The validator seam: tools see compiled validators returning data, never Ajv itself.
import { MissingRefError, type ErrorObject } from 'ajv';
import { TinyAgentError } from '../../errors.js';
import { checkAgainstMetaSchema, createAjv, dialectOf, isMetaSchemaRef, SUPPORTED_SCHEMA_URIS, type AjvInstance, type Dialect } from './dialects.js';
import { UnsupportedPatternError } from './linearRegExp.js';
import { findApplicatorCycle } from './refCycles.js';
import { namesOwnResource } from './schemaResources.js';
import { scanSchema, type FoundRef } from './schemaScan.js';
import { describeError } from '../../describeError.js';

/** One reason the data does not match: where (a JSON pointer, '' for the root) and why. */
export interface SchemaIssue {
  path: string;
  message: string;
}

/**
 * The outcome of validating one value; `data` is the value itself, never a modified copy.
 * A failure lists at most `MAX_DESCRIBED_ISSUES` issues; `issueCount` counts them all.
 */
export type SchemaValidation =
  | { valid: true; data: Record<string, unknown> }
  | { valid: false; errors: SchemaIssue[]; issueCount: number };

/** A compiled schema. Pure: it neither mutates nor coerces what it is given, and never throws. */
export type SchemaValidator = (data: unknown) => SchemaValidation;

/** Issues described per failed validation: enough for a model to fix its call. */
export const MAX_DESCRIBED_ISSUES = 20;
/** Allowed values an `enum` issue lists before "… and N more". */
const MAX_LISTED_VALUES = 10;
/** Characters of one quoted value in an issue (a huge `const` or enum member is cut). */
const MAX_QUOTED_CHARS = 200;

/** A schema was refused or did not compile; the message says why. Internal: the registry rethrows it. */
export class SchemaCompileError extends TinyAgentError<'invalid_schema', { unknownKeywords?: string[] }> {
  constructor(message: string, options: { cause?: unknown; unknownKeywords?: string[] } = {}) {
    const details = options.unknownKeywords ? { unknownKeywords: options.unknownKeywords } : undefined;
    super('invalid_schema', message, { cause: options.cause, details });
  }
}

// Keywords a draft-07 schema may carry by mistake for the newer dialect.
const DRAFT_2020_KEYWORDS: ReadonlySet<string> = new Set([
  'prefixItems',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'minContains',
  'maxContains',
  '$dynamicRef',
  '$dynamicAnchor',
  '$anchor',
]);
const UNKNOWN_KEYWORD = /^strict mode: unknown keyword: "(.*)"$/;
const STANDARD_FORMATS =
  'date-time, date, time, duration, email, idn-email, hostname, idn-hostname, ipv4, ipv6, uri, uri-reference, iri, iri-reference, uri-template, uuid, json-pointer, relative-json-pointer, regex';
const MISSING_REF = /^can't resolve reference (.*) from id .*$/s;
const UNKNOWN_FORMAT = /^unknown format "(.*)" ignored in schema at path "(.*)"$/;

/**
 * Compiles tool schemas with Ajv instances of its own: whatever Ajv keeps of a compiled
 * schema lives as long as this compiler (one per ToolRegistry), not as long as the process.
 * @example new SchemaCompiler().compile({ type: 'object', required: ['q'] })({}).valid // false
 */
export class SchemaCompiler {
  readonly #shared = new Map<Dialect, AjvInstance>();
  #warnings: string[] = [];
  readonly #onWarning = (message: string) => this.#warnings.push(message);

  /**
   * Compiles an object schema (`type: "object"`) once; throws `SchemaCompileError` when it cannot.
   * @example new SchemaCompiler().compile({ type: 'object', properties: { q: { type: 'string' } } })
   */
  compile(schema: unknown): SchemaValidator {
    const { root, dialect } = checkShape(schema);
    return this.compileResource(root, dialect);
  }

  /**
   * Compiles any JSON Schema (a boolean too), without the tool-parameters rule that the root
   * is `type: "object"`; `dialect` applies when the schema declares no `$schema`. The suite
   * runner measures the validator through this; tools go through `compile`.
   * @example
 * const compiler = new SchemaCompiler();
 * compiler.compileResource(true, '2020-12')(1).valid; // true
   */
  compileResource(schema: unknown, dialect: Dialect): SchemaValidator {
    if (typeof schema === 'object' && schema !== null && !Array.isArray(schema)) {
      const declared = dialectOf(schema as Record<string, unknown>, dialect);
      if (typeof declared !== 'string') throw unsupportedSchemaUri(declared.unsupported);
      dialect = declared;
    } else if (typeof schema !== 'boolean') {
      throw notASchema(schema);
    }
    const root = schema as Record<string, unknown>;
    try {
      return this.#compileChecked(root, dialect);
    } catch (error) {
      if (error instanceof SchemaCompileError) throw error;
      if (error instanceof RangeError) {
        throw new SchemaCompileError('is nested too deeply to compile (the stack overflowed)', { cause: error });
      }
      throw new SchemaCompileError(`does not compile: ${describeError(error)}`, { cause: error });
    }
  }

  #compileChecked(root: Record<string, unknown>, dialect: Dialect): SchemaValidator {
    const { refs, hasId } = scanSchema(root);
    const dynamic = refs.find(({ keyword, ref }) => keyword !== '$ref' && !ref.startsWith('#'));
    if (dynamic) {
      throw new SchemaCompileError(
        `has a ${dynamic.keyword} ${JSON.stringify(dynamic.ref)} at ${dynamic.path || '(root)'}; a ${dynamic.keyword} is supported only as a fragment of this schema ("#name")`,
      );
    }
    const metaProblem = checkAgainstMetaSchema(root, dialect);
    if (metaProblem !== undefined) throw new SchemaCompileError(`does not compile: schema is invalid: ${metaProblem}`);
    const cycle = findApplicatorCycle(root);
    if (cycle) {
      throw new SchemaCompileError(
        `has a reference cycle: ${cycle.join(' -> ')}; each schema applies the next to the same value, so validation would never end`,
      );
    }
    // Ajv registers every `$id` (nested ones too) in its instance, where two tools declaring
    // the same id would collide or resolve into each other. Such schemas get an instance of
    // their own (~1 ms, registration only); id-less schemas share one per dialect.
    const withMetaSchema = refs.some(({ ref }) => isMetaSchemaRef(ref));
    const ajv = hasId || withMetaSchema ? createAjv(dialect, this.#onWarning, { withMetaSchema }) : this.#ajvFor(dialect);
    this.#warnings = [];
    let validate;
    try {
      validate = ajv.compile(root);
    } catch (error) {
      throw translateCompileError(error, refs, root);
    } finally {
      // The compiled function is self-contained; the cache entry would only keep the schema alive.
      if (typeof root === 'object') ajv.removeSchema(root);
    }
    const unknownKeywords = [...new Set(this.#warnings.flatMap((warning) => UNKNOWN_KEYWORD.exec(warning)?.[1] ?? []))];
    if (unknownKeywords.length > 0) {
      const quoted = unknownKeywords.map((keyword) => JSON.stringify(keyword)).join(', ');
      const newer = dialect === 'draft-07' && unknownKeywords.some((keyword) => DRAFT_2020_KEYWORDS.has(keyword));
      const hint = newer
        ? `; for 2020-12 keywords declare "$schema": "https://json-schema.org/draft/2020-12/schema"`
        : ' (a typo? keywords are case-sensitive)';
      throw new SchemaCompileError(
        `uses ${unknownKeywords.length === 1 ? 'an unknown keyword' : 'unknown keywords'} ${quoted}, which ${dialect} does not define${hint}`,
        { unknownKeywords },
      );
    }
    return (data) => {
      try {
        if (validate(data)) return { valid: true, data: data as Record<string, unknown> };
        const errors = validate.errors ?? [];
        // Ajv keeps the last errors on the function: up to one per argument value, not to be
        // held until the tool's next call.
        validate.errors = null;
        return { valid: false, errors: errors.slice(0, MAX_DESCRIBED_ISSUES).map(toIssue), issueCount: errors.length };
      } catch (error) {
        return { valid: false, errors: [unvalidatable(error)], issueCount: 1 };
      }
    };
  }

  #ajvFor(dialect: Dialect): AjvInstance {
    let ajv = this.#shared.get(dialect);
    if (ajv === undefined) {
      ajv = createAjv(dialect, this.#onWarning);
      this.#shared.set(dialect, ajv);
    }
    return ajv;
  }
}

/**
 * Compiles one schema with a compiler of its own (tests and one-off checks; registries keep a `SchemaCompiler`).
 * @example compileSchema({ type: 'object', required: ['q'] })({}) // { valid: false, errors: [{ path: '', message: "must have required property 'q'" }], issueCount: 1 }
 */
export function compileSchema(schema: unknown): SchemaValidator {
  return new SchemaCompiler().compile(schema);
}

function notASchema(schema: unknown): SchemaCompileError {
  return new SchemaCompileError(`must be a JSON Schema object, got ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}`);
}

function unsupportedSchemaUri(declared: string): SchemaCompileError {
  return new SchemaCompileError(`declares an unsupported $schema ${declared}; use ${SUPPORTED_SCHEMA_URIS.join(' or ')} (or omit it for draft-07)`);
}

function checkShape(schema: unknown): { root: Record<string, unknown>; dialect: Dialect } {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw notASchema(schema);
  const root = schema as Record<string, unknown>;
  if (root.type !== 'object') {
    throw new SchemaCompileError(`must have type "object" at the top level, got ${JSON.stringify(root.type) ?? 'no type'}`);
  }
  const dialect = dialectOf(root);
  if (typeof dialect !== 'string') throw unsupportedSchemaUri(dialect.unsupported);
  return { root, dialect };
}

function translateCompileError(error: unknown, refs: FoundRef[], root: Record<string, unknown>): unknown {
  if (error instanceof UnsupportedPatternError) return new SchemaCompileError(error.message, { cause: error });
  if (error instanceof MissingRefError) return unresolvedRef(error, refs, root);
  if (error instanceof RangeError) return error; // reported by compile() as too deep
  const message = describeError(error);
  const format = UNKNOWN_FORMAT.exec(message);
  if (format) {
    return new SchemaCompileError(
      `uses an unknown format ${JSON.stringify(format[1])} at ${format[2]}, which neither draft-07 nor 2020-12 defines (a typo? the formats are ${STANDARD_FORMATS})`,
      { cause: error },
    );
  }
  return new SchemaCompileError(`does not compile: ${message}`, { cause: error });
}

// Ajv resolves every reference to a resource the schema itself holds (its own `$id`, an
// embedded `$id`, a URN, an anchor). One it cannot resolve either names such a resource and
// points to nothing in it, or names another resource, which would have to be fetched.
function unresolvedRef(error: MissingRefError, refs: FoundRef[], root: Record<string, unknown>): SchemaCompileError {
  const written = MISSING_REF.exec(error.message)?.[1] ?? error.missingRef;
  const found = refs.find((candidate) => candidate.ref === written) ?? refs.find((candidate) => candidate.ref === error.missingRef);
  const where = found ? `${found.keyword} ${JSON.stringify(found.ref)} at ${found.path || '(root)'}` : `reference ${JSON.stringify(written)}`;
  if (written.startsWith('#') || (found !== undefined && namesOwnResource(root, found.path, found.ref))) {
    return new SchemaCompileError(`has a ${where} that points to nothing in this schema`, { cause: error });
  }
  const target = error.missingSchema === '' ? error.missingRef : error.missingSchema;
  return new SchemaCompileError(
    `has a ${where} to ${JSON.stringify(target)}, which is not a resource of this schema: resolving it would need a fetch, and nothing is fetched`,
    { cause: error },
  );
}

// A validator that throws is a schema the runtime cannot apply to this value: the stack
// overflowed on deeply nested data (recursive schemas), or a keyword failed. Still the
// arguments' problem to report, never a tool failure: the tool did not run.
function unvalidatable(error: unknown): SchemaIssue {
  if (error instanceof RangeError) {
    return { path: '', message: 'is nested too deeply to validate; send flatter arguments' };
  }
  return { path: '', message: `could not be validated (${describeError(error)})` };
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
      return `${message}: ${quote(params.additionalProperty)}`;
    case 'unevaluatedProperties':
      return `${message}: ${quote(params.unevaluatedProperty)}`;
    case 'enum':
      return `${message}: ${listValues(params.allowedValues)}`;
    case 'const':
      return `${message}: ${quote(params.allowedValue)}`;
    default:
      return message;
  }
}

// Never the whole enum: a 10,000-value list per issue would flood the model (and the heap).
function listValues(values: unknown): string {
  if (!Array.isArray(values)) return quote(values);
  const shown = `[${values.slice(0, MAX_LISTED_VALUES).map(quote).join(',')}]`;
  return values.length > MAX_LISTED_VALUES ? `${shown.slice(0, -1)},…] (${values.length - MAX_LISTED_VALUES} more)` : shown;
}

function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= MAX_QUOTED_CHARS ? text : `${text.slice(0, MAX_QUOTED_CHARS)}…`;
}
