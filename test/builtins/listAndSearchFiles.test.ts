// list_files and search_files: paths relative to the root, sorted, capped with a note of
// how many were left out; .git and node_modules skipped unless named; `path:line:text`.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTools, useSandbox, writeFiles } from './builtinsTestKit.js';

const tree = {
  'src/b.ts': 'export const b = 2;\n',
  'src/a.ts': 'export const a = 1;\n// TODO: more\n',
  'src/deep/c.ts': 'const C = "todo";\n',
  'README.md': '# Todo list\n',
  '.github/workflow.yml': 'on: push # todo\n',
  '.git/config': 'todo in git\n',
  'node_modules/dep/index.ts': 'todo in deps\n',
  'pkg/node_modules/x.ts': 'todo nested deps\n',
};

describe('list_files', () => {
  const sandbox = useSandbox();

  it('lists matching files relative to the root, sorted, dotfiles included, .git and node_modules skipped', async () => {
    await writeFiles(sandbox().root, tree);
    const { call } = fileTools({ root: sandbox().root });
    expect((await call('list_files', { pattern: '**/*' })).content).toBe(['.github/workflow.yml', 'README.md', 'src/a.ts', 'src/b.ts', 'src/deep/c.ts'].join('\n'));
    expect((await call('list_files', { pattern: 'src/**/*.ts' })).content).toBe('src/a.ts\nsrc/b.ts\nsrc/deep/c.ts');
  });

  it('lists under path, with paths still relative to the root', async () => {
    await writeFiles(sandbox().root, tree);
    expect((await fileTools({ root: sandbox().root }).call('list_files', { pattern: '*.ts', path: 'src' })).content).toBe('src/a.ts\nsrc/b.ts');
  });

  it('includes node_modules and .git when the pattern or path names them', async () => {
    await writeFiles(sandbox().root, tree);
    const { call } = fileTools({ root: sandbox().root });
    expect((await call('list_files', { pattern: 'node_modules/**' })).content).toBe('node_modules/dep/index.ts');
    expect((await call('list_files', { pattern: '**/node_modules/**' })).content).toBe('node_modules/dep/index.ts\npkg/node_modules/x.ts');
    expect((await call('list_files', { pattern: '*', path: '.git' })).content).toBe('.git/config');
  });

  it('caps the list at 1000 paths with a note of how many were left out', async () => {
    await mkdir(join(sandbox().root, 'many'));
    await Promise.all(Array.from({ length: 1003 }, (_, i) => writeFile(join(sandbox().root, `many/f${String(i).padStart(4, '0')}.txt`), '')));
    const lines = (await fileTools({ root: sandbox().root }).call('list_files', { pattern: 'many/*' })).content.split('\n');
    expect(lines).toHaveLength(1001);
    expect(lines[0]).toBe('many/f0000.txt');
    expect(lines[999]).toBe('many/f0999.txt');
    expect(lines[1000]).toBe('(3 more paths not shown; narrow the pattern or the path to see them.)');
  });

  it('says when nothing matches, and refuses a path that is a file', async () => {
    await writeFiles(sandbox().root, tree);
    const { call } = fileTools({ root: sandbox().root });
    expect(await call('list_files', { pattern: '*.py' })).toEqual({ content: 'No files match "*.py" in the root directory.' });
    expect(await call('list_files', { pattern: '*', path: 'README.md' })).toMatchObject({ isError: true, code: 'not_a_directory' });
  });
});

describe('search_files', () => {
  const sandbox = useSandbox();

  it('prints path:line:text, sorted by path, skipping .git and node_modules', async () => {
    await writeFiles(sandbox().root, tree);
    const { content } = await fileTools({ root: sandbox().root }).call('search_files', { pattern: 'todo', ignoreCase: true });
    expect(content).toBe(['.github/workflow.yml:1:on: push # todo', 'README.md:1:# Todo list', 'src/a.ts:2:// TODO: more', 'src/deep/c.ts:1:const C = "todo";'].join('\n'));
  });

  it('is case-sensitive by default, and filters by path and glob', async () => {
    await writeFiles(sandbox().root, tree);
    const { call } = fileTools({ root: sandbox().root });
    expect((await call('search_files', { pattern: 'TODO' })).content).toBe('src/a.ts:2:// TODO: more');
    expect((await call('search_files', { pattern: 'const \\w = \\d', path: 'src', glob: '*.ts' })).content).toBe('src/a.ts:1:export const a = 1;\nsrc/b.ts:1:export const b = 2;');
    expect((await call('search_files', { pattern: 'more', path: 'src/a.ts' })).content).toBe('src/a.ts:2:// TODO: more');
    expect((await call('search_files', { pattern: 'deps', glob: '**/node_modules/**' })).content).toBe('node_modules/dep/index.ts:1:todo in deps\npkg/node_modules/x.ts:1:todo nested deps');
  });

  it('counts lines as read_file does: a final newline does not start an empty line', async () => {
    await writeFiles(sandbox().root, { 'a.txt': 'one\n\nthree\n' });
    expect((await fileTools({ root: sandbox().root }).call('search_files', { pattern: '^$' })).content).toBe('a.txt:2:');
  });

  it('refuses an invalid regular expression with an error result', async () => {
    const result = await fileTools({ root: sandbox().root }).call('search_files', { pattern: '(unclosed' });
    expect(result).toMatchObject({ isError: true, code: 'invalid_pattern' });
    expect(result.content).toContain('missing closing )');
  });

  it('runs a pattern that would backtrack catastrophically in linear time', async () => {
    await writeFiles(sandbox().root, { 'evil.txt': `${'a'.repeat(5000)}!\n` });
    // With a backtracking engine (JavaScript RegExp) this takes longer than the universe's age.
    const result = await fileTools({ root: sandbox().root }).call('search_files', { pattern: '^(a+)+$' });
    expect(result).toEqual({ content: 'No matches for "^(a+)+$" in 1 file.' });
  });

  it('caps matching lines at 500 with a note of how many were left out, and cuts long lines', async () => {
    await writeFiles(sandbox().root, { 'log.txt': 'hit\n'.repeat(520), 'wide.txt': `hit ${'w'.repeat(400)}\n` });
    const lines = (await fileTools({ root: sandbox().root }).call('search_files', { pattern: 'hit' })).content.split('\n');
    expect(lines).toHaveLength(501);
    expect(lines[499]).toBe('log.txt:500:hit');
    expect(lines[500]).toBe('(21 more matching lines not shown; narrow the pattern or the path to see them.)');
    const wide = (await fileTools({ root: sandbox().root }).call('search_files', { pattern: 'hit', path: 'wide.txt' })).content;
    expect(wide).toBe(`wide.txt:1:hit ${'w'.repeat(296)}…`);
  });

  it('skips binary files and files over maxFileBytes, and says so', async () => {
    await writeFiles(sandbox().root, { 'a.bin': new Uint8Array([0x68, 0x69, 0x00]), 'big.txt': `hi${' '.repeat(200)}\n`, 'ok.txt': 'hi\n' });
    const { content } = await fileTools({ root: sandbox().root, maxFileBytes: 100 }).call('search_files', { pattern: 'hi' });
    expect(content).toBe('ok.txt:1:hi\n(Skipped 1 binary file and 1 file over 100 bytes.)');
  });
});
