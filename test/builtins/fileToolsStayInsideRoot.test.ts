// Confinement is the file tools' trust decision: paths that leave the root (by "..", by an
// absolute path, or through a symbolic link, including the nearest existing parent of a new
// file) are refused with path_outside_root as a result, never thrown, and nothing outside
// is read or written. Names with spaces and unicode, and links that stay inside, work.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTools, useSandbox, writeFiles, type Sandbox } from './builtinsTestKit.js';

type Case = [what: string, tool: string, args: (box: Sandbox) => Record<string, unknown>];

async function linkOutside(box: Sandbox): Promise<void> {
  await symlink(join(box.outside, 'secret.txt'), join(box.root, 'secret-link.txt'));
  await symlink(box.outside, join(box.root, 'outside-dir'));
  await symlink(join(box.outside, 'missing.txt'), join(box.root, 'dangling-link.txt'));
}

describe('file tools refuse paths outside the root', () => {
  const sandbox = useSandbox();

  it.each<Case>([
    ['"../" to a file beside the root', 'read_file', () => ({ path: '../outside/secret.txt' })],
    ['".." climbing out from a subdirectory', 'read_file', () => ({ path: 'src/../../outside/secret.txt' })],
    ['an absolute path outside the root', 'read_file', (box) => ({ path: join(box.outside, 'secret.txt') })],
    ['a symlink inside root to a file outside', 'read_file', () => ({ path: 'secret-link.txt' })],
    ['a file under a symlink to a directory outside', 'read_file', () => ({ path: 'outside-dir/secret.txt' })],
    ['list_files of a directory outside', 'list_files', () => ({ pattern: '*', path: '..' })],
    ['list_files through a symlinked directory', 'list_files', () => ({ pattern: '*', path: 'outside-dir' })],
    ['list_files with a pattern that climbs out', 'list_files', () => ({ pattern: '../outside/*' })],
    ['list_files with a brace pattern that climbs out', 'list_files', () => ({ pattern: '{..,src}/outside/*' })],
    ['list_files with an extglob that climbs out', 'list_files', () => ({ pattern: '+(..)/outside/*' })],
    ['list_files with an absolute pattern', 'list_files', (box) => ({ pattern: join(box.outside, '*') })],
    ['search_files in a directory outside', 'search_files', (box) => ({ pattern: 'secret', path: box.outside })],
    ['search_files through a symlinked file', 'search_files', () => ({ pattern: 'secret', path: 'secret-link.txt' })],
    ['search_files with a glob that climbs out', 'search_files', () => ({ pattern: 'secret', glob: '../outside/*' })],
    ['edit_file through a symlink to a file outside', 'edit_file', () => ({ path: 'secret-link.txt', old_string: 'secret', new_string: 'stolen' })],
    ['write_file to "../"', 'write_file', () => ({ path: '../outside/new.txt', content: 'x' })],
    ['write_file of a new file under a symlinked directory', 'write_file', () => ({ path: 'outside-dir/new.txt', content: 'x' })],
    ['write_file of a new nested file under a symlinked directory', 'write_file', () => ({ path: 'outside-dir/a/b/new.txt', content: 'x' })],
    ['write_file through a symlink to a file outside', 'write_file', () => ({ path: 'secret-link.txt', content: 'stolen' })],
    ['write_file through a dangling symlink pointing outside', 'write_file', () => ({ path: 'dangling-link.txt', content: 'x' })],
  ])('%s', async (_, tool, args) => {
    const box = sandbox();
    await linkOutside(box);
    const { call } = fileTools({ root: box.root, write: true });
    const result = await call(tool, args(box));
    expect(result).toMatchObject({ isError: true, code: 'path_outside_root' });
    expect(result.content).not.toContain('secret\n');
    expect((await readdir(box.outside)).sort()).toEqual(['secret.txt']); // nothing created outside
    expect(await readFile(join(box.outside, 'secret.txt'), 'utf8')).toBe('secret\n'); // nothing changed outside
  });

  it('does not list or search what a symlinked directory holds', async () => {
    const box = sandbox();
    await linkOutside(box);
    await writeFiles(box.root, { 'inside.txt': 'secret too\n' });
    const { call } = fileTools({ root: box.root });
    expect((await call('list_files', { pattern: '**' })).content).toBe('inside.txt');
    expect((await call('search_files', { pattern: 'secret' })).content).toBe('inside.txt:1:secret too');
  });
});

describe('file tools inside the root', () => {
  const sandbox = useSandbox();

  it('work with names with spaces and unicode', async () => {
    const box = sandbox();
    const name = 'docs/été notes/ça va 🚀.md';
    const { call } = fileTools({ root: box.root, write: true });
    expect(await call('write_file', { path: name, content: 'bonjour\n' })).toEqual({ content: `Created ${name} (8 bytes).` });
    expect((await call('read_file', { path: name })).content).toBe('    1\tbonjour');
    expect((await call('list_files', { pattern: '**/*.md' })).content).toBe(name);
    expect((await call('search_files', { pattern: 'bon' })).content).toBe(`${name}:1:bonjour`);
    expect(await call('edit_file', { path: name, old_string: 'bonjour', new_string: 'salut' })).toMatchObject({ content: expect.stringContaining('replaced 1') });
    expect(await readFile(join(box.root, name), 'utf8')).toBe('salut\n');
  });

  it('follow links that stay inside the root', async () => {
    const box = sandbox();
    await writeFiles(box.root, { 'src/a.txt': 'alpha\n' });
    await symlink('src', join(box.root, 'src-link'));
    await symlink('src/a.txt', join(box.root, 'a-link.txt'));
    const { call } = fileTools({ root: box.root, write: true });
    expect((await call('read_file', { path: 'src-link/a.txt' })).content).toBe('    1\talpha');
    expect((await call('read_file', { path: 'a-link.txt' })).content).toBe('    1\talpha');
    expect((await call('list_files', { pattern: '*', path: 'src-link' })).content).toBe('src-link/a.txt');
    await call('edit_file', { path: 'a-link.txt', old_string: 'alpha', new_string: 'beta' });
    expect(await readFile(join(box.root, 'src/a.txt'), 'utf8')).toBe('beta\n'); // the link's target changed…
    expect((await call('read_file', { path: 'a-link.txt' })).content).toBe('    1\tbeta'); // …and the link is still a link
    await call('write_file', { path: 'src-link/new/b.txt', content: 'b' });
    expect(existsSync(join(box.root, 'src/new/b.txt'))).toBe(true);
  });

  it('accept an absolute path inside the root and "..", that stays inside', async () => {
    const box = sandbox();
    await writeFiles(box.root, { 'src/a.txt': 'alpha\n' });
    const { call } = fileTools({ root: box.root });
    expect((await call('read_file', { path: join(box.root, 'src/a.txt') })).content).toBe('    1\talpha');
    expect((await call('read_file', { path: 'src/../src/a.txt' })).content).toBe('    1\talpha');
  });

  it('refuse a path with a NUL character as invalid_path, as the skill tool does', async () => {
    const box = sandbox();
    const { call } = fileTools({ root: box.root });
    expect(await call('read_file', { path: 'a.txt\0.png' })).toMatchObject({ isError: true, code: 'invalid_path' });
  });

  it('accept a root given through a symbolic link', async () => {
    const box = sandbox();
    await writeFiles(box.root, { 'a.txt': 'alpha\n' });
    const alias = join(box.outside, 'root-alias');
    await symlink(box.root, alias);
    const { call } = fileTools({ root: alias });
    expect((await call('read_file', { path: 'a.txt' })).content).toBe('    1\talpha');
    expect((await call('read_file', { path: join(alias, 'a.txt') })).content).toBe('    1\talpha');
  });

  it('report a missing file as not found, not as outside', async () => {
    const box = sandbox();
    await mkdir(join(box.root, 'src'));
    const { call } = fileTools({ root: box.root });
    expect(await call('read_file', { path: 'src/missing.ts' })).toMatchObject({ isError: true, code: 'file_not_found' });
  });
});
