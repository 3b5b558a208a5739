// One walk over a schema before Ajv sees it: any `$id` is noted so the schema can be
// compiled apart from the shared Ajv instances (see compileSchema), and every reference is
// listed with where it is, so that one Ajv cannot resolve is refused naming its place.
const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'] as const;
// Values of these keywords are data, not schemas: a `$ref` inside them is not a reference.
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);
// Keys of these keywords' objects are names chosen by the author (a property may be
// called "default" or "$id"), and each value is a schema.
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

/** A reference (`$ref`, `$dynamicRef`, `$recursiveRef`) with where it was found. */
export interface FoundRef {
  keyword: string;
  ref: string;
  /** JSON pointer of the schema holding the reference ('' for the root). */
  path: string;
}

/** What `scanSchema` found. */
export interface SchemaScan {
  /** In document order. */
  refs: FoundRef[];
  /** Some (sub)schema declares `$id`. */
  hasId: boolean;
}

/**
 * Lists the `$ref`-like keywords with where they are, and tells whether any `$id` is declared.
 * @example scanSchema({ properties: { a: { $ref: 'https://x.org/a' } } }).refs // [{ keyword: '$ref', ref: 'https://x.org/a', path: '/properties/a' }]
 */
export function scanSchema(schema: unknown): SchemaScan {
  const scan: SchemaScan = { refs: [], hasId: false };
  walk(schema, '', false, new Set(), scan);
  return scan;
}

function walk(node: unknown, path: string, inNameMap: boolean, seen: Set<object>, scan: SchemaScan): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if (!inNameMap) {
    if (typeof record.$id === 'string') scan.hasId = true;
    for (const keyword of REF_KEYWORDS) {
      const ref = record[keyword];
      if (typeof ref === 'string') scan.refs.push({ keyword, ref, path });
    }
  }
  for (const [key, value] of Object.entries(record)) {
    if (!inNameMap && DATA_KEYWORDS.has(key)) continue;
    walk(value, `${path}/${escapePointer(key)}`, !inNameMap && NAME_MAPS.has(key), seen, scan);
  }
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
