// One Ajv instance per JSON Schema dialect, created on first use and shared by all tools.
import { Ajv, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type Dialect = 'draft-07' | '2020-12';
type AjvInstance = Ajv | Ajv2020;

const DIALECT_BY_URI: ReadonlyMap<string, Dialect> = new Map([
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
]);

// allErrors: the model gets every problem at once. strict: false, because tool schemas
// often come from third parties (MCP servers, generators) and JSON Schema says unknown
// keywords are ignored; refusing them would refuse working tools. logger: false keeps
// the library silent (Ajv would otherwise console.warn about e.g. unknown formats).
// No coerceTypes/useDefaults/removeAdditional: validation never changes the arguments.
const OPTIONS: Options = { allErrors: true, strict: false, logger: false };

const instances = new Map<Dialect, AjvInstance>();

/**
 * Picks the dialect a schema declares with `$schema`: draft-07 when absent; anything else unknown is refused.
 * @example dialectOf({ $schema: 'https://json-schema.org/draft/2020-12/schema' }) // '2020-12'
 */
export function dialectOf(schema: Record<string, unknown>): Dialect | { unsupported: string } {
  const declared = schema.$schema;
  if (declared === undefined) return 'draft-07';
  // A trailing '#' (empty fragment) names the same meta-schema.
  const uri = typeof declared === 'string' && declared.endsWith('#') ? declared.slice(0, -1) : declared;
  const dialect = typeof uri === 'string' ? DIALECT_BY_URI.get(uri) : undefined;
  return dialect ?? { unsupported: JSON.stringify(declared) ?? String(declared) };
}

/**
 * The shared Ajv instance of a dialect, created on first use.
 * @example ajvFor('draft-07').compile({ type: 'object' })
 */
export function ajvFor(dialect: Dialect): AjvInstance {
  let ajv = instances.get(dialect);
  if (ajv === undefined) {
    ajv = createAjv(dialect);
    instances.set(dialect, ajv);
  }
  return ajv;
}

/**
 * A new Ajv instance of a dialect, with ajv-formats added (a few milliseconds: use sparingly).
 * @example createAjv('2020-12').compile({ $id: 'urn:a', type: 'object' })
 */
export function createAjv(dialect: Dialect): AjvInstance {
  const ajv = dialect === '2020-12' ? new Ajv2020(OPTIONS) : new Ajv(OPTIONS);
  // Under NodeNext the CJS default export is the module object; `.default` is the plugin.
  addFormats.default(ajv);
  return ajv;
}

/** The `$schema` values `dialectOf` accepts, for error messages. */
export const SUPPORTED_SCHEMA_URIS: readonly string[] = [...DIALECT_BY_URI.keys()];
