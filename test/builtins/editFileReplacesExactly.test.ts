// edit_file: an exact string, once (or everywhere with replace_all); not found and
// ambiguous are error results that say which and change nothing; line endings, byte order
// mark and permissions are kept. write_file creates and replaces whole files.
import { readdir, readFile, stat, chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTools, useSandbox, writeFiles } from './builtinsTestKit.js';

describe('edit_file', () => {
  const sandbox = useSandbox();
  const edit = async (file: string, args: Record<string, unknown>) => {
    await writeFiles(sandbox().root, { 'f.txt': file });
    const result = await fileTools({ root: sandbox().root, write: true }).call('edit_file', { path: 'f.txt', ...args });
    return { result, after: await readFile(join(sandbox().root, 'f.txt'), 'utf8') };
  };

  it('replaces a string that occurs once', async () => {
    const { result, after } = await edit('one\ntwo\nthree\n', { old_string: 'two', new_string: '2' });
    expect(result).toEqual({ content: 'Edited f.txt: replaced 1 occurrence.' });
    expect(after).toBe('one\n2\nthree\n');
  });

  it('fails when old_string is not found, and says so', async () => {
    const { result, after } = await edit('one\n', { old_string: 'four', new_string: '4' });
    expect(result).toMatchObject({ isError: true, code: 'edit_no_match' });
    expect(result.content).toContain('not found in f.txt');
    expect(after).toBe('one\n');
  });

  it('fails when old_string occurs more than once without replace_all, and says how often', async () => {
    const { result, after } = await edit('x = 1\nx = 1\nx = 1\n', { old_string: 'x = 1', new_string: 'x = 2' });
    expect(result).toMatchObject({ isError: true, code: 'edit_ambiguous' });
    expect(result.content).toContain('occurs 3 times in f.txt');
    expect(result.content).toContain('replace_all');
    expect(after).toBe('x = 1\nx = 1\nx = 1\n');
  });

  it('replaces every occurrence with replace_all', async () => {
    const { result, after } = await edit('x = 1\ny\nx = 1\n', { old_string: 'x = 1', new_string: 'x = 2', replace_all: true });
    expect(result).toEqual({ content: 'Edited f.txt: replaced 2 occurrences.' });
    expect(after).toBe('x = 2\ny\nx = 2\n');
  });

  it('keeps CRLF line endings when the strings use "\\n"', async () => {
    const { result, after } = await edit('one\r\ntwo\r\nthree\r\n', { old_string: 'one\ntwo\n', new_string: 'uno\ndos\n' });
    expect(result.isError).toBeUndefined();
    expect(after).toBe('uno\r\ndos\r\nthree\r\n');
  });

  it('keeps CRLF when only the new string has a line break', async () => {
    const { after } = await edit('one\r\ntwo\r\n', { old_string: 'one', new_string: 'one\nand a half' });
    expect(after).toBe('one\r\nand a half\r\ntwo\r\n');
  });

  it('keeps "\\n" files as they are, and inserts "$&" literally', async () => {
    const { after } = await edit('a\nb\n', { old_string: 'a', new_string: '$& $1 $$' });
    expect(after).toBe('$& $1 $$\nb\n');
  });

  it('keeps a byte order mark and the file mode', async () => {
    await writeFiles(sandbox().root, { 'bom.txt': '\uFEFFhello\n' });
    await chmod(join(sandbox().root, 'bom.txt'), 0o640);
    await fileTools({ root: sandbox().root, write: true }).call('edit_file', { path: 'bom.txt', old_string: 'hello', new_string: 'bye' });
    expect(await readFile(join(sandbox().root, 'bom.txt'))).toEqual(Buffer.from('\uFEFFbye\n'));
    expect((await stat(join(sandbox().root, 'bom.txt'))).mode & 0o777).toBe(0o640);
  });

  it('refuses identical strings, missing files and binary files, and leaves no temporary file', async () => {
    await writeFiles(sandbox().root, { 'bin.dat': new Uint8Array([0x61, 0x00]) });
    const { call } = fileTools({ root: sandbox().root, write: true });
    expect(await call('edit_file', { path: 'bin.dat', old_string: 'a', new_string: 'a' })).toMatchObject({ code: 'edit_no_change' });
    expect(await call('edit_file', { path: 'nope.txt', old_string: 'a', new_string: 'b' })).toMatchObject({ code: 'file_not_found' });
    expect(await call('edit_file', { path: 'bin.dat', old_string: 'a', new_string: 'b' })).toMatchObject({ code: 'binary_file' });
    expect(await readdir(sandbox().root)).toEqual(['bin.dat']);
  });
});

describe('write_file', () => {
  const sandbox = useSandbox();

  it('creates a file and its missing directories, then replaces it keeping its mode', async () => {
    const { call } = fileTools({ root: sandbox().root, write: true });
    expect(await call('write_file', { path: 'a/b/c.txt', content: 'héllo\n' })).toEqual({ content: 'Created a/b/c.txt (7 bytes).' });
    await chmod(join(sandbox().root, 'a/b/c.txt'), 0o600);
    expect(await call('write_file', { path: 'a/b/c.txt', content: 'bye\n' })).toEqual({ content: 'Replaced a/b/c.txt (4 bytes).' });
    expect(await readFile(join(sandbox().root, 'a/b/c.txt'), 'utf8')).toBe('bye\n');
    expect((await stat(join(sandbox().root, 'a/b/c.txt'))).mode & 0o777).toBe(0o600);
    expect(await readdir(join(sandbox().root, 'a/b'))).toEqual(['c.txt']);
  });

  it('refuses to write over a directory', async () => {
    await writeFiles(sandbox().root, { 'dir/x.txt': 'x' });
    expect(await fileTools({ root: sandbox().root, write: true }).call('write_file', { path: 'dir', content: 'x' })).toMatchObject({ isError: true, code: 'not_a_file' });
  });
});
