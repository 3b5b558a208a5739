// Ajv's own `enum` and `uniqueItems` compare values pairwise: `uniqueItems` over objects is
// quadratic in the model's arguments, and Ajv checks a schema's `enum` for duplicates with
// `uniqueItems` too, so registering a 40,000-value enum took seconds. These replacements
// hash each value once (canonicalJson): linear, with the same meaning, messages and params.
// They are code keywords that report through Ajv's own error path: a keyword returning an
// `errors` array instead makes Ajv concatenate error lists, quadratic in the error count.
import { _, str, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import { canonicalJson } from './canonicalJson.js';

/** The indices `[j, i]` (j < i) of the first repeated item, or undefined when all differ. */
function firstDuplicate(items: unknown[]): [number, number] | undefined {
  const firstIndex = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const key = canonicalJson(items[i]);
    const j = firstIndex.get(key);
    if (j !== undefined) return [j, i];
    firstIndex.set(key, i);
  }
  return undefined;
}

const uniqueItems: CodeKeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  error: {
    message: ({ params: { i, j } }) => str`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
    params: ({ params: { i, j } }) => _`{i: ${i}, j: ${j}}`,
  },
  code(cxt: KeywordCxt) {
    if (cxt.schema !== true) return;
    const { gen, data } = cxt;
    const find = gen.scopeValue('func', { ref: firstDuplicate });
    const duplicate = gen.const('duplicate', _`${find}(${data})`);
    cxt.setParams({ i: _`${duplicate}[1]`, j: _`${duplicate}[0]` });
    cxt.fail(_`${duplicate} !== undefined`);
  },
};

const enumKeyword: CodeKeywordDefinition = {
  keyword: 'enum',
  schemaType: 'array',
  error: {
    message: 'must be equal to one of the allowed values',
    params: ({ schemaCode }) => _`{allowedValues: ${schemaCode}}`,
  },
  code(cxt: KeywordCxt) {
    const keys = new Set((cxt.schema as unknown[]).map(canonicalJson));
    const isAllowed = (data: unknown): boolean => keys.has(canonicalJson(data));
    const check = cxt.gen.scopeValue('func', { ref: isAllowed });
    cxt.fail(_`!${check}(${cxt.data})`);
  },
};

/**
 * Replaces an Ajv instance's `enum` and `uniqueItems` with linear-time versions (before anything is compiled).
 * @example
 * import { Ajv } from 'ajv';
 * useLinearKeywords(new Ajv())
 */
export function useLinearKeywords(ajv: { removeKeyword(name: string): unknown; addKeyword(definition: CodeKeywordDefinition): unknown }): void {
  for (const definition of [uniqueItems, enumKeyword]) {
    ajv.removeKeyword(definition.keyword as string);
    ajv.addKeyword(definition);
  }
}
