// A schema that applies itself to the same value, through `$ref` or in-place applicators
// (`allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`), never reaches
// a decision: Ajv overflows the stack compiling or validating it. Such cycles are found
// here, before Ajv sees the schema, so the refusal can say "cycle" and show it.
// Recursion through `properties`, `items` and the like is fine: each step consumes data.


import { collectSchemas, IN_PLACE_LIST, IN_PLACE_MAP, IN_PLACE_ONE, isSchema, resolveRef, type Found, type Resources, type Schema } from './schemaResources.js';

const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'];

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
