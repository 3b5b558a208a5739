// Schema patterns run on RE2 (re2js): matching time is linear in the input, so no argument
// a model sends can make a `pattern` or `patternProperties` backtrack for seconds. RE2 has
// no backreferences and no lookaround; schemas that use them are refused at registration.
import { RE2JS } from 're2js';
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { describeError } from '../../describeError.js';

/** A `pattern` the linear-time engine cannot run; the schema is refused. */
export class UnsupportedPatternError extends Error {
  readonly pattern: string;

  constructor(pattern: string, reason: string) {
    super(
      `pattern ${JSON.stringify(pattern)} is not supported: schema patterns run on a linear-time engine (RE2), ` +
        `which has no backreferences and no lookahead or lookbehind (${reason})`,
    );
    this.name = 'UnsupportedPatternError';
    this.pattern = pattern;
  }
}

function compileLinear(pattern: string, flags: string): RegExpLike {
  // The ECMAScript syntax is checked first (compiling never runs it on data): a schema's
  // patterns are ECMA-262 regular expressions, whatever engine then runs them.
  try {
    new RegExp(pattern, flags);
  } catch (error) {
    throw new UnsupportedPatternError(pattern, `not a valid regular expression: ${(error as Error).message}`);
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    throw new UnsupportedPatternError(pattern, describeError(error));
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
 * @example new Ajv({ code: { regExp: linearRegExp } })
 */
export const linearRegExp: RegExpEngine = Object.assign(compileLinear, { code: 'linearRegExp' });
