// One field of an MCP form on a terminal: how it is described to the person, and how the line
// they type becomes the value sent (a number, a boolean, a list). Values are only converted
// here; whether they fit the schema is checkElicitationContent's to say.
import type { McpElicitationSchema, McpElicitationValue } from '../../index.js';
import { visibleControls } from '../render/visibleControls.js';

type Property = Record<string, unknown>;

/** The values an enum-like property allows: `enum`, or `oneOf`/`anyOf` of `const`s (titled choices). */
function choices(property: Property): string[] | undefined {
  if (Array.isArray(property.enum)) return property.enum.map(String);
  const options = (property.oneOf ?? property.anyOf) as Property[] | undefined;
  if (Array.isArray(options) && options.every((option) => typeof option === 'object' && option !== null && 'const' in option)) return options.map((option) => String(option.const));
  return undefined;
}

function bounds(property: Property): string[] {
  const parts: string[] = [];
  const say = (keyword: string, text: (value: unknown) => string) => {
    if (property[keyword] !== undefined) parts.push(text(property[keyword]));
  };
  say('minimum', (value) => `>= ${String(value)}`);
  say('maximum', (value) => `<= ${String(value)}`);
  say('minLength', (value) => `at least ${String(value)} characters`);
  say('maxLength', (value) => `at most ${String(value)} characters`);
  say('format', (value) => String(value));
  return parts;
}

/**
 * The question for one field: `name (integer, >= 0) [30]: `, with its description on a line before.
 * @example fieldQuestion('level', { type: 'string', enum: ['low', 'high'] }, true) // 'level (low | high, required): '
 */
export function fieldQuestion(name: string, property: Property, required: boolean): string {
  const allowed = property.type === 'array' ? choices((property.items ?? {}) as Property) : choices(property);
  const kind = allowed ? (property.type === 'array' ? `any of ${allowed.join(', ')}, comma-separated` : allowed.join(' | ')) : property.type === 'boolean' ? 'y/n' : String(property.type ?? 'string');
  const details = [kind, ...bounds(property), ...(required ? ['required'] : [])].join(', ');
  const fallback = property.default === undefined ? '' : ` [${Array.isArray(property.default) ? property.default.join(', ') : String(property.default)}]`;
  const title = typeof property.title === 'string' && property.title !== name ? `${property.title} ` : '';
  const description = typeof property.description === 'string' ? `  ${property.description}\n` : '';
  return visibleControls(`${description}  ${title}${name} (${details})${fallback}: `);
}

/**
 * The value a typed line gives a field; undefined for an empty line (the field is left out).
 * Text that does not convert stays text, for the schema check to name.
 * @example fieldValue({ type: 'integer' }, ' 42 ') // 42
 */
export function fieldValue(property: Property, line: string): McpElicitationValue | undefined {
  const text = line.trim();
  if (text === '') return undefined;
  switch (property.type) {
    case 'number':
    case 'integer':
      return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : text;
    case 'boolean':
      if (/^(y|yes|true)$/i.test(text)) return true;
      if (/^(n|no|false)$/i.test(text)) return false;
      return text;
    case 'array':
      return text.split(',').map((part) => part.trim()).filter((part) => part !== '');
    default:
      return text;
  }
}

/**
 * The fields a list of problems (from checkElicitationContent) is about; every field when none can be told.
 * @example fieldsWithProblems({ type: 'object', properties: { name: {}, age: {} } }, ['/age must be integer']) // ['age']
 */
export function fieldsWithProblems(schema: McpElicitationSchema, problems: readonly string[]): string[] {
  const names = Object.keys(schema.properties);
  const named = names.filter((name) => problems.some((problem) => problem.startsWith(`/${name} `) || problem.startsWith(`/${name}/`) || problem.includes(`'${name}'`)));
  return named.length > 0 ? named : names;
}
