// The Ajv instances that compile tool schemas. Each belongs to one SchemaCompiler (one per
// registry), never to the module: Ajv keeps every compiled schema's code and values in its
// instance for as long as the instance lives, so a process-wide instance would grow with
// every registration of every registry, for the life of the process.
import { Ajv, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { useLinearKeywords } from './linearKeywords.js';
import { linearRegExp } from './linearRegExp.js';

export type Dialect = 'draft-07' | '2020-12';
export type AjvInstance = Ajv | Ajv2020;

const DIALECT_BY_URI: ReadonlyMap<string, Dialect> = new Map([
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
]);

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
 * A new Ajv instance of a dialect: ajv-formats, RE2 patterns, linear `enum`/`uniqueItems`;
 * `onWarning` receives Ajv's strict-mode findings (unknown keywords among them). About 1 ms.
 * @example createAjv('2020-12', (message) => warnings.push(message)).compile({ type: 'object' })
 */
export function createAjv(dialect: Dialect, onWarning: (message: string) => void): AjvInstance {
  // allErrors: the model gets every problem at once (prepareCall lists the first 20).
  // strictSchema 'log': findings go to onWarning, where unknown keywords are refused and the
  // rest (e.g. `then` without `if`) tolerated, as before; unknown formats always throw.
  // No coerceTypes/useDefaults/removeAdditional: validation never changes the arguments.
  const options: Options = {
    allErrors: true,
    strictSchema: 'log',
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    logger: { log: () => {}, warn: (message: unknown) => onWarning(String(message)), error: () => {} },
    code: { regExp: linearRegExp },
  };
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  useLinearKeywords(ajv);
  // Under NodeNext the CJS default export is the module object; `.default` is the plugin.
  addFormats.default(ajv);
  return ajv;
}

/** The `$schema` values `dialectOf` accepts, for error messages. */
export const SUPPORTED_SCHEMA_URIS: readonly string[] = [...DIALECT_BY_URI.keys()];
