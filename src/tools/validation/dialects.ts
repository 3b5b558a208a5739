// The Ajv instances behind tool schemas. Those that compile belong to one SchemaCompiler (one
// per registry), never to the module: Ajv keeps every compiled schema's code and values in
// its instance for as long as the instance lives, so a process-wide compiling instance
// would grow with every registration of every registry, for the life of the process.
import { Ajv, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addStandardFormats } from './formats.js';
import { useLinearKeywords } from './linearKeywords.js';
import { linearRegExp } from './linearRegExp.js';

export type Dialect = 'draft-07' | '2020-12';
export type AjvInstance = Ajv | Ajv2020;

const DIALECT_BY_URI: ReadonlyMap<string, Dialect> = new Map([
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
]);

/**
 * Picks the dialect a schema declares with `$schema`: `fallback` (draft-07) when absent; anything else unknown is refused.
 * @example dialectOf({ $schema: 'https://json-schema.org/draft/2020-12/schema' }) // '2020-12'
 */
export function dialectOf(schema: Record<string, unknown>, fallback: Dialect = 'draft-07'): Dialect | { unsupported: string } {
  const declared = schema.$schema;
  if (declared === undefined) return fallback;
  // A trailing '#' (empty fragment) names the same meta-schema.
  const uri = typeof declared === 'string' && declared.endsWith('#') ? declared.slice(0, -1) : declared;
  const dialect = typeof uri === 'string' ? DIALECT_BY_URI.get(uri) : undefined;
  return dialect ?? { unsupported: JSON.stringify(declared) ?? String(declared) };
}

/**
 * A new Ajv instance of a dialect for compiling tool schemas: ajv-formats, RE2 patterns,
 * linear `enum`/`uniqueItems`; `onWarning` receives Ajv's strict-mode findings (unknown
 * keywords among them). About 1 ms: it has no meta-schema of its own (see `checkAgainstMetaSchema`)
 * unless `withMetaSchema` (about 50 ms), for schemas whose references name the meta-schema.
 * @example
 * const warnings: string[] = [];
 * createAjv('2020-12', (message) => warnings.push(message)).compile({ type: 'object' });
 */
export function createAjv(dialect: Dialect, onWarning: (message: string) => void, { withMetaSchema = false } = {}): AjvInstance {
  // allErrors: the model gets every problem at once (prepareCall lists the first 20).
  // strictSchema 'log': findings go to onWarning, where unknown keywords are refused and the
  // rest (e.g. `then` without `if`) tolerated, as before; unknown formats always throw.
  // No coerceTypes/useDefaults/removeAdditional: validation never changes the arguments.
  return build(dialect, {
    allErrors: true,
    strictSchema: 'log',
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    logger: { log: () => {}, warn: (message: unknown) => onWarning(String(message)), error: () => {} },
    code: { regExp: linearRegExp },
    // Compiling a dialect's meta-schema costs ~50 ms per instance; schemas are checked
    // against it by the one shared meta-schema instance instead. Only a schema that refers
    // to the meta-schema (`$ref` to the dialect's URI) gets an instance that holds it.
    meta: withMetaSchema,
    validateSchema: false,
  });
}

// Checking a schema against its meta-schema compiles nothing of the schema, so one instance
// per dialect can serve the whole process without growing.
const metaInstances = new Map<Dialect, AjvInstance>();

/**
 * Checks a schema against its dialect's meta-schema; returns Ajv's description of what is wrong, or undefined.
 * @example checkAgainstMetaSchema({ type: 'object', required: 'q' }, 'draft-07') // 'data/required must be array'
 */
export function checkAgainstMetaSchema(schema: object, dialect: Dialect): string | undefined {
  let ajv = metaInstances.get(dialect);
  if (ajv === undefined) {
    ajv = build(dialect, { strict: false, logger: false, code: { regExp: linearRegExp } });
    metaInstances.set(dialect, ajv);
  }
  return ajv.validateSchema(schema) === true ? undefined : ajv.errorsText(ajv.errors);
}

function build(dialect: Dialect, options: Options): AjvInstance {
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  // Ajv resolves `#name` references to `$anchor`s but does not list the keyword, so strict
  // mode would report it as unknown; it is a core keyword of 2020-12 (not of draft-07).
  if (dialect === '2020-12' && ajv.getKeyword('$anchor') === false) ajv.addKeyword({ keyword: '$anchor', schemaType: 'string' });
  // Before anything is compiled, the meta-schema included (its `enum` check uses uniqueItems).
  useLinearKeywords(ajv);
  addStandardFormats(ajv);
  return ajv;
}

/**
 * Whether a reference names one of the supported meta-schemas (an empty fragment allowed).
 * @example isMetaSchemaRef('http://json-schema.org/draft-07/schema#') // true
 */
export function isMetaSchemaRef(ref: string): boolean {
  return DIALECT_BY_URI.has(ref.endsWith('#') ? ref.slice(0, -1) : ref);
}

/** The `$schema` values `dialectOf` accepts, for error messages. */
export const SUPPORTED_SCHEMA_URIS: readonly string[] = [...DIALECT_BY_URI.keys()];
