// The subschemas of a schema, each with its JSON pointer and base URI, and its resources
// (embedded `$id`s) and anchors, so that a reference can be resolved to what the schema
// itself holds. Ajv resolves references the same way; this walk lets the runtime look at
// them before Ajv does (cycles) and tell an unresolvable one's reason.
import { isRecord } from '../../isRecord.js';

/** A JSON Schema object. */
export type Schema = Record<string, unknown>;

export const IN_PLACE_ONE = ['not', 'if', 'then', 'else'];
export const IN_PLACE_LIST = ['allOf', 'anyOf', 'oneOf'];
export const IN_PLACE_MAP = ['dependentSchemas', 'dependencies'];
const CONSUMING_ONE = ['additionalProperties', 'additionalItems', 'items', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const CONSUMING_LIST = ['prefixItems', 'items'];
const CONSUMING_MAP = ['properties', 'patternProperties', '$defs', 'definitions'];

/** Where a subschema is and what its references resolve against. */
export interface Found {
  pointer: string;
  /** The schema resource `#/…` pointers inside this schema resolve against. */
  base: Schema;
  /** That resource's absolute URI, which relative references resolve against. */
  baseUri: string;
}

/** The schema's resources by URI (fragment-less) and its anchors by `uri#name`. */
export interface Resources {
  byUri: Map<string, Schema>;
  anchors: Map<string, Schema>;
}

// The base of a root without `$id`: references relative to it stay inside this made-up URI.
const ROOT_URI = 'tinyagent:/root.json';

export const isSchema = (value: unknown): value is Schema => isRecord(value);

/** Every subschema of a schema, with its pointer and base, and the schema's resources and anchors. */
export interface CollectedSchemas {
  found: Map<Schema, Found>;
  resources: Resources;
}

/**
 * Every subschema reachable from the root through schema positions, with its pointer and base.
 * @example collectSchemas({ $id: 'https://x.org/a', items: { $id: 'b' } }).resources.byUri.has('https://x.org/b') // true
 */
export function collectSchemas(root: Schema): CollectedSchemas {
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

/**
 * The subschema a reference found in `entry` points to: a resource (by its URI), a JSON pointer in one, or an anchor.
 * @example
 * const root = { type: 'object', definitions: { a: { type: 'string' } } };
 * const { found, resources } = collectSchemas(root);
 * resolveRef('#/definitions/a', found.get(root)!, resources); // { type: 'string' }
 */
export function resolveRef(ref: string, entry: Found, resources: Resources): Schema | undefined {
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

/**
 * A reference resolved against a base URI, or undefined when it is not a URI reference.
 * @example resolveUri('b.json', 'https://x.org/a.json') // 'https://x.org/b.json'
 */
export function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

/**
 * A URI without its fragment.
 * @example withoutFragment('https://x.org/a#/b') // 'https://x.org/a'
 */
export function withoutFragment(uri: string): string {
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

/**
 * Whether the resource a reference names (its URI without the fragment) is one the schema
 * holds; `path` is the JSON pointer of the schema holding the reference ('' for the root).
 * @example namesOwnResource({ $id: 'https://x.org/a', items: { $ref: 'a#/nope' } }, '/items', 'a#/nope') // true
 */
export function namesOwnResource(root: Schema, path: string, ref: string): boolean {
  const { found, resources } = collectSchemas(root);
  const pointer = `#${path}`;
  const entry = [...found.values()].find((candidate) => candidate.pointer === pointer) ?? found.get(root)!;
  const uri = resolveUri(ref, entry.baseUri);
  return uri !== undefined && resources.byUri.has(withoutFragment(uri));
}
