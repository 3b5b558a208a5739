// Checking a form's answer against the schema the server asked with (the flat, primitive
// schema of MCP forms), for the module before it answers and for a terminal that asks again.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { McpElicitationSchema } from './elicitationTypes.js';
import { describeError } from '../capabilities/shared/coreHelpers.js';

let ajv: Ajv2020 | undefined;

/**
 * The problems of a form's content against its requested schema (empty: it matches); for a terminal that asks again.
 * @example checkElicitationContent({ type: 'object', properties: { age: { type: 'integer' } } }, { age: 'x' }) // ['/age must be integer']
 */
export function checkElicitationContent(schema: McpElicitationSchema, content: Record<string, unknown>): string[] {
  const compiler = (ajv ??= newAjv());
  let validate;
  try {
    validate = compiler.compile(schema);
  } catch (error) {
    return [`the requested schema does not compile: ${describeError(error)}`];
  }
  const valid = validate(content);
  const problems = valid ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '(content)'} ${error.message ?? 'is invalid'}`);
  compiler.removeSchema(schema); // each request brings its own schema: nothing is kept
  return problems;
}


function newAjv(): Ajv2020 {
  const instance = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(instance);
  return instance;
}
