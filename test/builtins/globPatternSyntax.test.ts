// The glob syntax list_files and search_files accept, compiled to RE2: what matches what,
// where the walk starts and how deep it goes, and what is refused.
import { describe, expect, it } from 'vitest';
import { compileGlob, GlobSyntaxError } from '../../src/builtins/files/globPattern.js';

describe('compileGlob', () => {
  it.each<[string, string, boolean]>([
    ['**/*', 'a', true],
    ['**/*', 'a/b/c', true],
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/x/y/a.ts', true],
    ['src/**/*.ts', 'srcx/a.ts', false],
    ['*.ts', 'a/b.ts', false],
    ['*.ts', '.b.ts', true],
    ['**/node_modules/**', 'node_modules/dep/index.ts', true],
    ['**/node_modules/**', 'pkg/node_modules/x.ts', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b', true],
    ['a**b', 'a/b', false],
    ['{a,b}/*', 'b/x', true],
    ['{a,b}/*', 'c/x', false],
    ['{a,{b,c}}', 'c', true],
    ['{**/x,y}', 'q/x', true],
    ['{a}', '{a}', true],
    ['{a', '{a', true],
    ['[abc].md', 'b.md', true],
    ['[!abc].md', 'b.md', false],
    ['[!abc].md', 'd.md', true],
    ['[!a]', '/', false],
    ['[[:digit:]]x', '5x', true],
    ['[', '[', true],
    ['a\\*', 'a*', true],
    ['a\\*', 'ab', false],
    ['a.b', 'axb', false],
    ['@(a|b).md', 'a.md', true],
    ['+(a|b).md', 'abab.md', true],
    ['?(x).md', '.md', true],
    ['*(x)y', 'xxy', true],
    ['./src/*', 'src/a', true],
    ['x*', 'x\ny', true],
  ])('%s against %j is %s', (pattern, path, expected) => {
    expect(compileGlob(pattern).matches(path)).toBe(expected);
  });

  it.each<[string, string[], number]>([
    ['src/*.ts', ['src'], 2],
    ['a/b/c', ['a', 'b'], 3],
    ['**/x', [], Infinity],
    ['a/***/x', ['a'], Infinity],
    ['a/{b,c}/d', ['a'], Infinity],
    ['*', [], 1],
    ['src/lib/**', ['src', 'lib'], Infinity],
  ])('%s starts in %j and goes %s deep', (pattern, base, depth) => {
    const glob = compileGlob(pattern);
    expect(glob.base).toEqual(base);
    expect(glob.maxDepth).toBe(depth);
  });

  it('refuses negated extglobs and patterns over 1000 characters', () => {
    expect(() => compileGlob('!(a).md')).toThrow(GlobSyntaxError);
    expect(() => compileGlob('a'.repeat(1001))).toThrow(/longer than 1000/);
  });

  it('pairs unclosed groups in one pass (no exponential retry)', () => {
    expect(compileGlob('{'.repeat(500)).matches('{'.repeat(500))).toBe(true);
    expect(compileGlob('@('.repeat(400)).matches('@('.repeat(400))).toBe(true);
  });
});
