// Schema patterns run on RE2 (re2js): matching time is linear in the input, so no argument
// a model sends can make a `pattern` or `patternProperties` backtrack for seconds. RE2 has
// no backreferences and no lookaround; schemas that use them are refused at registration.
// Everything else ECMAScript means is kept (see ecmaPattern.ts).
import { RE2JS } from 're2js';
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { translateEcmaPattern, UntranslatablePattern } from './ecmaPattern.js';
import { describeError } from '../../describeError.js';

/** A `pattern` the linear-time engine cannot run; the schema is refused. */
export class UnsupportedPatternError extends Error {
  readonly pattern: string;

  constructor(pattern: string, reason: string) {
    super(`pattern ${JSON.stringify(pattern)} is not supported: ${reason}`);
    this.name = 'UnsupportedPatternError';
    this.pattern = pattern;
  }
}

const LINEAR_ENGINE = 'schema patterns run on a linear-time engine (RE2), which has no backreferences and no lookahead or lookbehind';

const knownScripts = new Map<string, boolean>();
function re2KnowsScript(name: string): boolean {
  let known = knownScripts.get(name);
  if (known === undefined) {
    known = /^[A-Za-z_]+$/.test(name) && compiles(`\\p{${name}}`);
    knownScripts.set(name, known);
  }
  return known;
}

function compiles(re2Pattern: string): boolean {
  try {
    RE2JS.compile(re2Pattern);
    return true;
  } catch {
    return false;
  }
}

function compileLinear(pattern: string, flags: string): RegExpLike {
  // The ECMAScript syntax is checked first (compiling never runs it on data): a schema's
  // patterns are ECMA-262 regular expressions, whatever engine then runs them.
  try {
    new RegExp(pattern, flags);
  } catch (error) {
    throw new UnsupportedPatternError(pattern, `it is not a valid ECMAScript regular expression: ${(error as Error).message}`);
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(translateEcmaPattern(pattern, re2KnowsScript)));
  } catch (error) {
    if (error instanceof UntranslatablePattern) throw new UnsupportedPatternError(pattern, `${LINEAR_ENGINE}; ${error.message}`);
    const reason = describeError(error);
    throw new UnsupportedPatternError(pattern, `schema patterns run on a linear-time engine (RE2), which cannot compile it (${reason})`);
  }
  const engine: RegExpLike & { toString(): string } = {
    test: (input: string) => compiled.test(input),
    // Ajv keys the compiled patterns of a schema by this string: it must identify the pattern.
    toString: () => `/${pattern}/${flags}`,
  };
  return engine;
}

/**
 * Ajv's `code.regExp` engine: compiles a schema pattern for RE2, throwing `UnsupportedPatternError` for what RE2 cannot run.
 * @example
 * import { Ajv } from 'ajv';
 * new Ajv({ code: { regExp: linearRegExp } })
 */
export const linearRegExp: RegExpEngine = Object.assign(compileLinear, { code: 'linearRegExp' });
