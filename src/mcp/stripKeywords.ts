// Dropping the schema keywords a registry refused, from the module's own copy of a server's
// schema. Only keyword positions are touched: a property may be named like a keyword.
import { isRecord } from '../capabilities/shared/coreHelpers.js';

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMAS = new Set([
  'not', 'if', 'then', 'else', 'items', 'additionalItems', 'additionalProperties', 'contains',
  'propertyNames', 'unevaluatedItems', 'unevaluatedProperties',
]);

/**
 * A copy of `schema` without the named keywords, wherever a (sub)schema uses them.
 * @example stripKeywords({ type: 'object', 'x-ui': 1, properties: { 'x-ui': { type: 'string' } } }, ['x-ui'])
 * // { type: 'object', properties: { 'x-ui': { type: 'string' } } }
 */
export function stripKeywords<T>(schema: T, keywords: readonly string[]): T {
  return strip(schema, new Set(keywords)) as T;
}

function strip(node: unknown, drop: ReadonlySet<string>): unknown {
  if (typeof node !== 'object' || node === null) return node;
  if (Array.isArray(node)) return node.map((item) => strip(item, drop));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (drop.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && isRecord(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, strip(sub, drop)]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((sub) => strip(sub, drop));
    } else if (SCHEMAS.has(key)) {
      out[key] = strip(value, drop);
    } else {
      out[key] = value; // data (const, enum, default, examples) and unknown values stay as they are
    }
  }
  return out;
}
