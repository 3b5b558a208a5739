// Rule globs, compiled once to RE2 (linear-time) expressions: a long command line or path
// from the model cannot make a rule backtrack.
import { RE2JS } from 're2js';

/**
 * How `*` reads: `any` matches every character (tool names, commands, text); `path` keeps `*`
 * and `?` within one path segment and lets `**` cross segments.
 */
export type GlobFlavour = 'any' | 'path';

/** A compiled glob; `matches` tests the whole string. */
export interface Glob {
  matches(value: string): boolean;
}

function regexSource(glob: string, flavour: GlobFlavour): string {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === '*' && flavour === 'path' && glob[index + 1] === '*') {
      // `**/` also matches no folder at all (`**/.env` matches `.env`).
      const slash = glob[index + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      index += slash ? 2 : 1;
    } else if (char === '*') source += flavour === 'path' ? '[^/]*' : '.*';
    else if (char === '?') source += flavour === 'path' ? '[^/]' : '.';
    else source += RE2JS.quote(char);
  }
  return `^${source}$`;
}

/**
 * Compiles a glob (`*`, `?`, and for paths `**`); every other character is literal.
 * @example compileGlob('npm run *', 'any').matches('npm run test') // true
 */
export function compileGlob(glob: string, flavour: GlobFlavour): Glob {
  const compiled = RE2JS.compile(regexSource(glob, flavour), RE2JS.DOTALL);
  return { matches: (value) => compiled.test(value) };
}
