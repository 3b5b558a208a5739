// `--allowed-tools` / `--disallowed-tools`: tool names or globs (`read_file`, `mcp__fs__*`).
// `*` stands for any run of characters, `?` for one; matching is linear in the name's length
// (no backtracking regular expression), whatever the pattern.
import { UsageError } from '../usageError.js';

const PATTERN = /^[A-Za-z0-9_*?-]{1,200}$/;

/**
 * Whether a tool name matches a glob of `*` and `?` (the whole name, case-sensitive).
 * @example matchesToolPattern('mcp__fs__read_file', 'mcp__fs__*') // true
 */
export function matchesToolPattern(name: string, pattern: string): boolean {
  // The classic greedy wildcard match with one remembered star: O(name × pattern) at worst.
  let n = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === name[n])) {
      n++;
      p++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = n;
    } else if (star !== -1) {
      p = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/**
 * The patterns of one or more flag values, split on commas and spaces (`"read_file,mcp__fs__*"`).
 * A permission rule with a specifier (`shell(git *)`) is refused: only names and globs are matched.
 * @example toolPatterns(['read_file, mcp__fs__*'], '--allowed-tools') // ['read_file', 'mcp__fs__*']
 */
export function toolPatterns(values: readonly string[] | undefined, flag: string): string[] {
  const patterns = (values ?? []).flatMap((value) => value.split(/[\s,]+/)).filter((part) => part !== '');
  for (const pattern of patterns) {
    if (pattern.includes('(')) throw new UsageError(`${flag}: "${pattern}": rules with a specifier in parentheses are not supported; give tool names or globs such as mcp__fs__*`);
    if (!PATTERN.test(pattern)) throw new UsageError(`${flag}: "${pattern}" is not a tool name or glob (letters, digits, _, -, * and ?)`);
  }
  return patterns;
}

/**
 * Whether any pattern matches the name.
 * @example matchesAny('shell', ['read_*', 'shell']) // true
 */
export function matchesAny(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesToolPattern(name, pattern));
}

/**
 * The patterns that match none of the names (a typo in `--allowed-tools` should not pass silently).
 * @example unmatchedPatterns(['shel'], ['shell']) // ['shel']
 */
export function unmatchedPatterns(patterns: readonly string[], names: readonly string[]): string[] {
  return patterns.filter((pattern) => !names.some((name) => matchesToolPattern(name, pattern)));
}
