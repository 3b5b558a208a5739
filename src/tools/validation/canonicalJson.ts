// One string per JSON value such that two values are equal (as JSON Schema's `enum`,
// `const` and `uniqueItems` compare them: object key order ignored) exactly when their
// strings are. Linear in the value's size: sets of these replace pairwise comparisons.

/**
 * The canonical text of a JSON value: keys sorted, strings quoted, numbers as `String` prints them.
 * @example canonicalJson({ b: 1, a: [true, 'x'] }) // '{"a":[true,"x"],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      const record = value as Record<string, unknown>;
      const fields = Object.keys(record)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
      return `{${fields.join(',')}}`;
    }
    default:
      // Numbers (0 and -0 print alike, as `===` compares them), booleans; nothing else is JSON.
      return String(value);
  }
}
