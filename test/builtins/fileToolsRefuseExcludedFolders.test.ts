// `exclude`: folders inside the root that the file tools treat as outside it (an application's
// sessions folder): never listed or searched, and refused for reading and writing, also through
// a symbolic link or before the folder exists.
import { existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createFileTools } from '../../src/index.js';
import { fileTools, useSandbox, writeFiles } from './builtinsTestKit.js';

const sandbox = useSandbox();

describe('createFileTools({ exclude })', () => {
  it('refuses, and never lists or searches, files in an excluded folder', async () => {
    const { root } = sandbox();
    await writeFiles(root, { 'notes.txt': 'needle\n', 'state/sessions/s.jsonl': 'needle\n' });
    const { call } = fileTools({ root, write: true, exclude: [join(root, 'state/sessions')] });
    expect((await call('list_files', { pattern: '**/*' })).content).toBe('notes.txt');
    expect((await call('search_files', { pattern: 'needle' })).content).toBe('notes.txt:1:needle');
    expect(await call('read_file', { path: 'state/sessions/s.jsonl' })).toMatchObject({ isError: true, code: 'path_outside_root' });
    expect(await call('list_files', { pattern: '*', path: 'state/sessions' })).toMatchObject({ isError: true, code: 'path_outside_root' });
    expect(await call('write_file', { path: 'state/sessions/new.jsonl', content: 'x' })).toMatchObject({ isError: true, code: 'path_outside_root' });
    expect(await call('edit_file', { path: 'state/sessions/s.jsonl', old_string: 'needle', new_string: 'forged' })).toMatchObject({ isError: true, code: 'path_outside_root' });
  });

  it('refuses the folder through a symbolic link inside the root, and before it exists', async () => {
    const { root } = sandbox();
    const { call } = fileTools({ root, write: true, exclude: [join(root, 'later')] });
    expect(existsSync(join(root, 'later'))).toBe(false);
    expect(await call('write_file', { path: 'later/a.txt', content: 'x' })).toMatchObject({ isError: true, code: 'path_outside_root' });
    await writeFiles(root, { 'later/b.txt': 'b' });
    symlinkSync(join(root, 'later'), join(root, 'alias'));
    expect(await call('read_file', { path: 'alias/b.txt' })).toMatchObject({ isError: true, code: 'path_outside_root' });
  });

  it('refuses an exclude option that is not a list of paths', () => {
    const { root } = sandbox();
    expect(() => createFileTools({ root, exclude: 'sessions' as unknown as string[] })).toThrow(ConfigurationError);
    expect(() => createFileTools({ root, exclude: [''] })).toThrow(ConfigurationError);
  });
});
