// Every path a glob yields is confined, not only the pattern: a pattern that names a
// symbolic link to a folder (inside the root or out of it) does not walk through it, so
// list_files and search_files never list or read what lies outside the root.
import { execFileSync } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTools, useSandbox, writeFiles } from './builtinsTestKit.js';

describe('globs do not leave the root through a linked folder', () => {
  const sandbox = useSandbox();

  it.each([
    ['outside-dir/*', []],
    ['outside-dir/**', []],
    ['outside-dir/secret.txt', []],
    ['{outside-dir,src}/*', ['src/inside.txt']],
    ['*/*.txt', ['src/inside.txt']],
    ['**/*.txt', ['src/inside.txt']],
  ])('list_files and search_files with %s find nothing outside', async (pattern, inside) => {
    const box = sandbox();
    await writeFiles(box.root, { 'src/inside.txt': 'secret? no\n' });
    await symlink(box.outside, join(box.root, 'outside-dir'));
    const { call } = fileTools({ root: box.root });
    const listed = await call('list_files', { pattern });
    expect(listed.content).toBe(inside.length === 0 ? `No files match ${JSON.stringify(pattern)} in the root directory.` : inside.join('\n'));
    const searched = await call('search_files', { pattern: 'secret', glob: pattern });
    expect(searched.content).toBe(inside.length === 0 ? 'No matches for "secret" in 0 files.' : inside.map((path) => `${path}:1:secret? no`).join('\n'));
  });

  it('a linked folder named by path is refused, one named by the pattern is not walked', async () => {
    const box = sandbox();
    await symlink(box.outside, join(box.root, 'outside-dir'));
    const { call } = fileTools({ root: box.root });
    expect(await call('list_files', { pattern: '*', path: 'outside-dir' })).toMatchObject({ isError: true, code: 'path_outside_root' });
    expect(await call('list_files', { pattern: 'outside-dir/*' })).toEqual({ content: 'No files match "outside-dir/*" in the root directory.' });
  });
});

describe('special files found by a glob', () => {
  const sandbox = useSandbox();

  it.runIf(process.platform !== 'win32')('a FIFO is neither listed, searched nor waited on by read_file', async () => {
    const box = sandbox();
    await writeFiles(box.root, { 'a.txt': 'fifo? no\n' });
    execFileSync('mkfifo', [join(box.root, 'pipe')]);
    const { call } = fileTools({ root: box.root });
    expect((await call('list_files', { pattern: '*' })).content).toBe('a.txt');
    expect((await call('search_files', { pattern: 'fifo' })).content).toBe('a.txt:1:fifo? no');
    expect(await call('read_file', { path: 'pipe' })).toMatchObject({ isError: true, code: 'not_a_file' });
    expect(await call('search_files', { pattern: 'x', path: 'pipe' })).toEqual({ content: 'No matches for "x" in 1 file.' });
  });
});
