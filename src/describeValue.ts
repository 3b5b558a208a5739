// Short, never-throwing descriptions of arbitrary values for messages a model or a developer reads.

/**
 * Names what kind of value this is, with small primitives shown: `a number (42)`, `null`, `an array`.
 * Never throws, whatever the value (revoked proxies, throwing getters, Symbols).
 * @example describeValue(42) // 'a number (42)'
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  switch (typeof value) {
    case 'number':
    case 'boolean':
    case 'bigint':
      return `a ${typeof value} (${String(value)})`;
    case 'string':
      return value.length <= 40 ? `a string (${JSON.stringify(value)})` : `a string of ${value.length} characters`;
    case 'object':
      return isArray(value) ? 'an array' : 'an object';
    default:
      return `a ${typeof value}`;
  }
}

// Array.isArray throws on a revoked proxy.
function isArray(value: object): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Quotes a bad option value for a `ConfigurationError`: the value first, then its kind.
 * @example quoteValue('3') // '"3" (a string)'
 */
export function quoteValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `${JSON.stringify(value.length <= 40 ? value : `${value.slice(0, 40)}…`)} (a string)`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return `${String(value)} (a ${typeof value})`;
    default:
      return describeValue(value);
  }
}
