// A schema that applies itself to the same value, through `$ref` or in-place applicators
// (`allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`), never reaches
// a decision: Ajv overflows the stack compiling or validating it. Such cycles are found
// here, before Ajv sees the schema, so the refusal can say "cycle" and show it.
// Recursion through `properties`, `items` and the like is fine: each step consumes data.

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
  /** The schema resource `#/…` pointers inside this schema resolve against. */
  base: Schema;
  /** That resource's absolute URI, which relative references resolve against. */
  baseUri: string;
}

/** The schema's resources by URI (fragment-less) and its anchors by `uri#name`. */
interface Resources {
  byUri: Map<string, Schema>;
  anchors: Map<string, Schema>;
}

// The base of a root without `$id`: references relative to it stay inside this made-up URI.
const ROOT_URI = 'tinyagent:/root.json';

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON pointers of a cycle of schemas that apply one another to the same value (first repeated at the end), if any.
 * @example findApplicatorCycle({ type: 'object', allOf: [{ $ref: '#' }] }) // ['#', '#/allOf/0', '#']
 */
export function findApplicatorCycle(root: Schema): string[] | undefined {
  const { found, resources } = collectSchemas(root);
  const state = new Map<Schema, 'open' | 'done'>();
  for (const start of found.keys()) {
    if (state.has(start)) continue;
    // Iterative depth-first search: `path` holds the schemas of the current chain.
    const path: Schema[] = [start];
    const pending: Schema[][] = [inPlaceNext(start, found, resources)];
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
      pending.push(inPlaceNext(next, found, resources));
    }
  }
  return undefined;
}

// Every subschema reachable from the root through schema positions, with its pointer and base.
function collectSchemas(root: Schema): { found: Map<Schema, Found>; resources: Resources } {
  const rootUri = resolveUri(typeof root.$id === 'string' ? root.$id : '', ROOT_URI) ?? ROOT_URI;
  const found = new Map<Schema, Found>([[root, { pointer: '#', base: root, baseUri: withoutFragment(rootUri) }]]);
  const resources: Resources = { byUri: new Map([[withoutFragment(rootUri), root]]), anchors: new Map() };
  noteAnchors(root, withoutFragment(rootUri), resources);
  const stack: Schema[] = [root];
  const add = (child: unknown, pointer: string, parent: Found) => {
    if (!isSchema(child) || found.has(child)) return;
    let entry: Found = { pointer, base: parent.base, baseUri: parent.baseUri };
    if (typeof child.$id === 'string' && !child.$id.startsWith('#')) {
      const uri = resolveUri(child.$id, parent.baseUri);
      if (uri !== undefined) {
        entry = { pointer, base: child, baseUri: withoutFragment(uri) };
        resources.byUri.set(entry.baseUri, child);
      }
    }
    noteAnchors(child, entry.baseUri, resources);
    found.set(child, entry);
    stack.push(child);
  };
  while (stack.length > 0) {
    const schema = stack.pop()!;
    const entry = found.get(schema)!;
    const { pointer } = entry;
    for (const key of [...IN_PLACE_ONE, ...CONSUMING_ONE]) add(schema[key], `${pointer}/${key}`, entry);
    for (const key of [...IN_PLACE_LIST, ...CONSUMING_LIST]) {
      const list = schema[key];
      if (Array.isArray(list)) list.forEach((child, i) => add(child, `${pointer}/${key}/${i}`, entry));
    }
    for (const key of [...IN_PLACE_MAP, ...CONSUMING_MAP]) {
      const map = schema[key];
      if (isSchema(map)) for (const [name, child] of Object.entries(map)) add(child, `${pointer}/${key}/${escape(name)}`, entry);
    }
  }
  return { found, resources };
}

// `$anchor`/`$dynamicAnchor` (2020-12) and a plain-name `$id: "#name"` (draft-07) name a subschema.
function noteAnchors(schema: Schema, baseUri: string, resources: Resources): void {
  for (const name of [schema.$anchor, schema.$dynamicAnchor]) {
    if (typeof name === 'string') resources.anchors.set(`${baseUri}#${name}`, schema);
  }
  if (typeof schema.$id === 'string' && /^#[^/]/.test(schema.$id)) resources.anchors.set(`${baseUri}${schema.$id}`, schema);
}

// The schemas applied to the same value as `schema`: in-place subschemas and reference targets.
function inPlaceNext(schema: Schema, found: Map<Schema, Found>, resources: Resources): Schema[] {
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
  const entry = found.get(schema);
  for (const key of REF_KEYWORDS) {
    const ref = schema[key];
    const target = typeof ref === 'string' && entry !== undefined ? resolveRef(ref, entry, resources) : undefined;
    if (target !== undefined && found.has(target)) next.push(target);
  }
  return next;
}

// A reference inside the schema: to a resource (by its URI), a JSON pointer in one, or an anchor.
function resolveRef(ref: string, entry: Found, resources: Resources): Schema | undefined {
  if (ref === '#' || ref.startsWith('#/')) return resolveLocal(ref, entry.base);
  const uri = resolveUri(ref, entry.baseUri);
  if (uri === undefined) return undefined;
  const hash = uri.indexOf('#');
  const fragment = hash < 0 ? '' : uri.slice(hash + 1);
  const resource = resources.byUri.get(withoutFragment(uri));
  if (fragment === '') return resource;
  if (fragment.startsWith('/')) return resource === undefined ? undefined : resolveLocal(`#${fragment}`, resource);
  return resources.anchors.get(uri);
}

function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

function withoutFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash < 0 ? uri : uri.slice(0, hash);
}

// `#` or `#/a/b` (a JSON pointer in a URI fragment) inside one resource.
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
