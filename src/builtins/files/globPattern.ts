// Glob patterns compiled to one RE2 expression (re2js), whose matching time is linear in the
// length of the path: a pattern from the model cannot freeze the process, as the
// backtracking JavaScript RegExp a glob library compiles the same pattern to can.
// Syntax: `*`, `?`, `**` as a whole segment, `[abc]` / `[!abc]` / `[a-z]` / `[[:alpha:]]`,
// `{a,b}` (nested), the extglobs `@(a|b)`, `?(…)`, `*(…)`, `+(…)`, and `\` to escape.
import { RE2JS } from 're2js';
import { describeError } from '../../capabilities/shared/coreHelpers.js';

/** A compiled glob: a matcher for relative paths, and where a walk for it can start and stop. */
export interface GlobPattern {
  /** Whether a path relative to the searched directory (with `/` separators) matches. */
  matches(path: string): boolean;
  /** The leading directory names without wildcards: the walk can start there. */
  readonly base: readonly string[];
  /** How many names deep a match can be (Infinity with `**`, braces or extglobs). */
  readonly maxDepth: number;
}

/** A pattern that cannot be compiled; its message is for the model. */
export class GlobSyntaxError extends Error {}

/** Longest pattern accepted: far beyond any real glob, and it bounds the compile's work. */
export const MAX_GLOB_LENGTH = 1000;

const EXTGLOB = /^[@?*+!]\($/;
const WILDCARD = /[*?[\]{}()\\]/;

/**
 * Compiles a glob (`src/**\/*.ts`) into a linear-time matcher.
 * @example compileGlob('src/**\/*.ts').matches('src/a/b.ts') // true
 */
export function compileGlob(pattern: string): GlobPattern {
  if (pattern.length > MAX_GLOB_LENGTH) throw new GlobSyntaxError(`it is longer than ${MAX_GLOB_LENGTH} characters`);
  const normalised = pattern.replace(/^(?:\.\/)+/, '');
  const parser = new GlobParser(normalised);
  const body = parser.sequence('');
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(`^(?:${body})$`, RE2JS.DOTALL);
  } catch (error) {
    throw new GlobSyntaxError(describeError(error));
  }
  const names = normalised.split('/').filter((name) => name !== '' && name !== '.');
  const literal = names.findIndex((name) => WILDCARD.test(name));
  const base = names.slice(0, literal === -1 ? names.length - 1 : Math.min(literal, names.length - 1));
  const unbounded = names.some((name) => /^\*{2,}$/.test(name)) || /[{(]/.test(normalised);
  return { matches: (path) => regex.test(path), base, maxDepth: unbounded ? Infinity : names.length };
}

// A recursive-descent translation. Groups are paired by one scan first, so an unclosed
// `{` or `(` is literal at once and no input is read twice.
class GlobParser {
  private at = 0;
  private readonly closes: ReadonlyMap<number, number>;

  constructor(private readonly text: string) {
    this.closes = pairGroups(text);
  }

  // Translates up to (not including) one of `stops`: `,}` inside braces, `|)` inside an extglob.
  sequence(stops: string): string {
    let out = '';
    while (this.at < this.text.length) {
      const char = this.text[this.at]!;
      if (stops.includes(char)) return out;
      out += this.element(char);
    }
    return out;
  }

  private element(char: string): string {
    if (this.text[this.at + 1] === '(' && this.closes.has(this.at + 1)) {
      if (char === '!') throw new GlobSyntaxError('negated extglobs "!(…)" are not supported');
      const alternatives = this.group(this.at + 1, '|', ')');
      return `(?:${alternatives.join('|')})${char === '@' ? '' : char}`;
    }
    switch (char) {
      case '*':
        return this.star();
      case '?':
        this.at++;
        return '[^/]';
      case '[':
        return this.characterClass();
      case '{': {
        if (!this.closes.has(this.at)) break;
        const alternatives = this.group(this.at, ',', '}');
        return alternatives.length > 1 ? `(?:${alternatives.join('|')})` : `\\{${alternatives[0] ?? ''}\\}`;
      }
      case '\\': {
        const escaped = this.text[this.at + 1] ?? '\\';
        this.at += 2;
        return RE2JS.quote(escaped);
      }
    }
    this.at++;
    return RE2JS.quote(char);
  }

  // `**` as a whole name matches any number of names; anywhere else a star stays within one name.
  private star(): string {
    const start = this.at;
    while (this.text[this.at] === '*') this.at++;
    const before = start === 0 ? '/' : (this.text[start - 1] ?? '');
    const after = this.text[this.at];
    if (this.at - start >= 2 && '/{,|('.includes(before) && (after === undefined || '/,}|)'.includes(after))) {
      if (after !== '/') return '.*';
      this.at++;
      return '(?:[^/]*/)*';
    }
    return '[^/]*';
  }

  // The alternatives of the group whose opening bracket is at `open` (its close is known).
  private group(open: number, separator: string, close: string): string[] {
    this.at = open + 1;
    const alternatives: string[] = [];
    for (;;) {
      alternatives.push(this.sequence(separator + close));
      if (this.text[this.at++] === close) return alternatives;
    }
  }

  // `[…]`: `!` or `^` first negates; never matches `/`; unclosed, the `[` is literal.
  private characterClass(): string {
    const end = classEnd(this.text, this.at);
    if (end === undefined) {
      this.at++;
      return RE2JS.quote('[');
    }
    let index = this.at + 1;
    const negated = this.text[index] === '!' || this.text[index] === '^';
    if (negated) index++;
    let body = '';
    while (index < end) {
      const posix = /^\[:[a-z]+:\]/.exec(this.text.slice(index, end));
      if (posix !== null) {
        body += posix[0];
        index += posix[0].length;
        continue;
      }
      let char = this.text[index]!;
      if (char === '\\' && index + 1 < end) char = this.text[++index]!;
      body += char === '-' || /[\p{L}\p{N}]/u.test(char) ? char : `\\${char}`;
      index++;
    }
    this.at = end + 1;
    return negated ? `[^/${body}]` : `[${body}]`;
  }
}

// The index of the `]` that closes the class opening at `open`, if any (a `]` first is literal).
function classEnd(text: string, open: number): number | undefined {
  let index = open + 1;
  if (text[index] === '!' || text[index] === '^') index++;
  if (text[index] === ']') index++;
  for (; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text.startsWith('[:', index)) {
      const close = text.indexOf(':]', index + 2);
      if (close !== -1) index = close + 1;
    } else if (text[index] === ']') return index;
  }
  return undefined;
}

// Opening index → closing index of every `{…}` and extglob `(…)` that is closed, in one pass.
function pairGroups(text: string): Map<number, number> {
  const closes = new Map<number, number>();
  const open: { at: number; close: string }[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\') {
      index++;
    } else if (char === '[') {
      index = classEnd(text, index) ?? index;
    } else if (char === '{') {
      open.push({ at: index, close: '}' });
    } else if (char === '(' && index > 0 && EXTGLOB.test(text.slice(index - 1, index + 1))) {
      open.push({ at: index, close: ')' });
    } else if (open.at(-1)?.close === char) {
      closes.set(open.pop()!.at, index);
    }
  }
  return closes;
}
