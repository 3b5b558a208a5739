// Ajv's own `enum` and `uniqueItems` compare values pairwise: `uniqueItems` over objects is
// quadratic in the model's arguments, and Ajv checks a schema's `enum` for duplicates with
// `uniqueItems` too, so registering a 40,000-value enum took seconds. These replacements
// hash each value once (canonicalJson): linear, with the same meaning and error shapes.
import type { AnySchemaObject, ErrorObject, KeywordDefinition } from 'ajv';
import type { DataValidateFunction, SchemaValidateFunction } from 'ajv/dist/types/index.js';
import { canonicalJson } from './canonicalJson.js';

type Keyed = { errors?: Partial<ErrorObject>[] | null };

const uniqueItems: KeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  errors: true,
  validate: function validateUnique(this: unknown, unique: boolean, data: unknown[]): boolean {
    if (!unique) return true;
    const firstIndex = new Map<string, number>();
    for (let i = 0; i < data.length; i++) {
      const key = canonicalJson(data[i]);
      const j = firstIndex.get(key);
      if (j !== undefined) {
        (validateUnique as Keyed).errors = [
          { keyword: 'uniqueItems', params: { i, j }, message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)` },
        ];
        return false;
      }
      firstIndex.set(key, i);
    }
    return true;
  } as SchemaValidateFunction,
};

const enumKeyword: KeywordDefinition = {
  keyword: 'enum',
  schemaType: 'array',
  errors: true,
  compile(allowed: unknown[], _parent: AnySchemaObject): DataValidateFunction {
    const keys = new Set(allowed.map(canonicalJson));
    const validateEnum = (data: unknown): boolean => {
      if (keys.has(canonicalJson(data))) return true;
      (validateEnum as Keyed).errors = [
        { keyword: 'enum', params: { allowedValues: allowed }, message: 'must be equal to one of the allowed values' },
      ];
      return false;
    };
    return validateEnum as DataValidateFunction;
  },
};

/**
 * Replaces an Ajv instance's `enum` and `uniqueItems` with linear-time versions (before anything is compiled).
 * @example useLinearKeywords(new Ajv())
 */
export function useLinearKeywords(ajv: { removeKeyword(name: string): unknown; addKeyword(definition: KeywordDefinition): unknown }): void {
  for (const definition of [uniqueItems, enumKeyword]) {
    ajv.removeKeyword(definition.keyword as string);
    ajv.addKeyword(definition);
  }
}
