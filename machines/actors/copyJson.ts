// A deep copy of JSON data (validated tool arguments): plain objects and arrays are copied,
// everything else is kept as it is. Several times faster than structuredClone for the small
// objects tools receive, which matters on the per-call path.

/**
 * Copies plain objects and arrays recursively.
 * @example copyJson({ a: [1, { b: 2 }] }) // an equal object sharing nothing mutable
 */
export function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyJson) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyJson((value as Record<string, unknown>)[key]);
  return copy as T;
}
