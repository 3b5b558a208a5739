// The one check for "a JSON-like object with fields": not null, not an array.

/**
 * True for objects that are neither null nor arrays.
 * @example isRecord({ a: 1 }) // true; isRecord([1]) // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
