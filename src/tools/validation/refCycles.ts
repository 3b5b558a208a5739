// A schema that applies itself to the same value, through `$ref` or in-place applicators
// (`allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`), never reaches
// a decision: Ajv overflows the stack compiling or validating it. Such cycles are found
// here, before Ajv sees the schema, so the refusal can say "cycle" and show it.
// Recursion through `properties`, `items` and the like is fine: each step consumes data.
import { isRecord } from '../../isRecord.js';


type Schema = Record<string, unknown>;

const IN_PLACE_ONE = ['not', 'if', 'then', 'else'];
const IN_PLACE_LIST = ['allOf', 'anyOf', 'oneOf'];
const IN_PLACE_MAP = ['dependentSchemas', 'dependencies'];
const CONSUMING_ONE = ['additionalProperties', 'additionalItems', 'items', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const CONSUMING_LIST = ['prefixItems', 'items'];
const CONSUMING_MAP = ['properties', 'patternProperties', '$defs', 'definitions'];
const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'];

interface Found {
  pointer: string;
  /** The schema resource `#…` references inside this schema resolve against. */
  base: Schema;
}

const isSchema = (value: unknown): value is Schema => isRecord(value);

/**
 * The JSON pointers of a cycle of schemas that apply one another to the same value (first repeated at the end), if any.
 * @example findApplicatorCycle({ type: 'object', allOf: [{ $ref: '#' }] }) // ['#', '#/allOf/0', '#']
 */
export function findApplicatorCycle(root: Schema): string[] | undefined {
  const found = collectSchemas(root);
  const state = new Map<Schema, 'open' | 'done'>();
  for (const start of found.keys()) {
    if (state.has(start)) continue;
    // Iterative depth-first search: `path` holds the schemas of the current chain.
    const path: Schema[] = [start];
    const pending: Schema[][] = [inPlaceNext(start, found, root)];
    state.set(start, 'open');
    while (path.length > 0) {
      const next = pending[pending.length - 1]!.pop();
      if (next === undefined) {
        state.set(path.pop()!, 'done');
        pending.pop();
        continue;
      }
      const seen = state.get(next);
      if (seen === 'open') {
        const cycle = path.slice(path.indexOf(next));
        return [...cycle, next].map((schema) => found.get(schema)?.pointer ?? '(unknown)');
      }
      if (seen === 'done') continue;
      state.set(next, 'open');
      path.push(next);
      pending.push(inPlaceNext(next, found, root));
    }
  }
  return undefined;
}

// Every subschema reachable from the root through schema positions, with its pointer.
function collectSchemas(root: Schema): Map<Schema, Found> {
  const found = new Map<Schema, Found>([[root, { pointer: '#', base: root }]]);
  const stack: Schema[] = [root];
  const add = (child: unknown, pointer: string, base: Schema) => {
    if (!isSchema(child) || found.has(child)) return;
    const own = typeof child.$id === 'string' && !child.$id.startsWith('#');
    found.set(child, { pointer, base: own ? child : base });
    stack.push(child);
  };
  while (stack.length > 0) {
    const schema = stack.pop()!;
    const { pointer, base } = found.get(schema)!;
    for (const key of [...IN_PLACE_ONE, ...CONSUMING_ONE]) add(schema[key], `${pointer}/${key}`, base);
    for (const key of [...IN_PLACE_LIST, ...CONSUMING_LIST]) {
      const list = schema[key];
      if (Array.isArray(list)) list.forEach((child, i) => add(child, `${pointer}/${key}/${i}`, base));
    }
    for (const key of [...IN_PLACE_MAP, ...CONSUMING_MAP]) {
      const map = schema[key];
      if (isSchema(map)) for (const [name, child] of Object.entries(map)) add(child, `${pointer}/${key}/${escape(name)}`, base);
    }
  }
  return found;
}

// The schemas applied to the same value as `schema`: in-place subschemas and reference targets.
function inPlaceNext(schema: Schema, found: Map<Schema, Found>, root: Schema): Schema[] {
  const next: Schema[] = [];
  for (const key of IN_PLACE_ONE) if (isSchema(schema[key])) next.push(schema[key]);
  for (const key of IN_PLACE_LIST) {
    const list = schema[key];
    if (Array.isArray(list)) for (const child of list) if (isSchema(child)) next.push(child);
  }
  for (const key of IN_PLACE_MAP) {
    const map = schema[key];
    if (isSchema(map)) for (const child of Object.values(map)) if (isSchema(child)) next.push(child);
  }
  for (const key of REF_KEYWORDS) {
    const ref = schema[key];
    const target = typeof ref === 'string' ? resolveLocal(ref, found.get(schema)?.base ?? root) : undefined;
    if (target !== undefined && found.has(target)) next.push(target);
  }
  return next;
}

// `#` or `#/a/b` (a JSON pointer in a URI fragment); anchors (`#name`) are left to Ajv.
function resolveLocal(ref: string, base: Schema): Schema | undefined {
  if (ref === '#') return base;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = base;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(2));
  } catch {
    return undefined;
  }
  for (const token of fragment.split('/')) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return isSchema(node) ? node : undefined;
}

function escape(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}
