// `exclude`: directories inside the root that the file tools treat as out of reach (an
// application's own records, such as a CLI's sessions). Nothing in them is listed, searched,
// read or written, by any path or link that leads there, even when they appear later.
import { existsSync } from 'node:fs';
import { readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { fileTools, useSandbox, writeFiles } from './builtinsTestKit.js';

const SESSION = '{"type":"session","secret":"conversation"}\n';

describe('file tools refuse an excluded directory', () => {
  const sandbox = useSandbox();

  it('does not list, search, read, edit or write what it holds, by any path', async () => {
    const { root } = sandbox();
    await writeFiles(root, { 'src/a.txt': 'conversation notes\n', '.tinyagent/sessions/s1.jsonl': SESSION, '.tinyagent/config.json': '{}\n' });
    await symlink('.tinyagent/sessions', join(root, 'alias'));
    const { call } = fileTools({ root, write: true, exclude: ['.tinyagent/sessions'] });
    expect((await call('list_files', { pattern: '**' })).content).toBe('.tinyagent/config.json\nsrc/a.txt');
    expect((await call('list_files', { pattern: '.tinyagent/sessions/*' })).content).toBe('No files match ".tinyagent/sessions/*" in the root directory.');
    expect((await call('search_files', { pattern: 'conversation' })).content).toBe('src/a.txt:1:conversation notes');
    for (const [tool, args] of [
      ['read_file', { path: '.tinyagent/sessions/s1.jsonl' }],
      ['read_file', { path: 'alias/s1.jsonl' }],
      ['read_file', { path: join(root, '.tinyagent/sessions/../sessions/s1.jsonl') }],
      ['list_files', { pattern: '*', path: '.tinyagent/sessions' }],
      ['list_files', { pattern: '*', path: 'alias' }],
      ['search_files', { pattern: 'secret', path: 'alias' }],
      ['edit_file', { path: 'alias/s1.jsonl', old_string: 'conversation', new_string: 'forged' }],
      ['write_file', { path: '.tinyagent/sessions/s1.jsonl', content: 'forged' }],
      ['write_file', { path: '.tinyagent/sessions/new/s2.jsonl', content: 'forged' }],
    ] as const) {
      const result = await call(tool, args);
      expect(result, `${tool} ${JSON.stringify(args)}`).toMatchObject({ isError: true, code: 'path_excluded' });
      expect(result.content).not.toContain('secret');
    }
    expect(await readdir(join(root, '.tinyagent/sessions'))).toEqual(['s1.jsonl']);
    expect(await readFile(join(root, '.tinyagent/sessions/s1.jsonl'), 'utf8')).toBe(SESSION);
    expect((await call('read_file', { path: '.tinyagent/config.json' })).content).toBe('    1\t{}');
  });

  it('refuses a directory created after the tools, and one reached through a link made later', async () => {
    const { root } = sandbox();
    const { call } = fileTools({ root, write: true, exclude: [join(root, 'records')] });
    expect(await call('write_file', { path: 'records/r1.txt', content: 'x' })).toMatchObject({ isError: true, code: 'path_excluded' });
    expect(existsSync(join(root, 'records'))).toBe(false);
    await writeFiles(root, { 'records/r1.txt': 'private\n' });
    expect(await call('read_file', { path: 'records/r1.txt' })).toMatchObject({ isError: true, code: 'path_excluded' });
    expect((await call('list_files', { pattern: '**/*.txt' })).content).toBe('No files match "**/*.txt" in the root directory.');
    await symlink(join(root, 'records'), join(root, 'later'));
    expect(await call('read_file', { path: 'later/r1.txt' })).toMatchObject({ isError: true, code: 'path_excluded' });
    expect((await call('write_file', { path: 'ok/r.txt', content: 'fine' })).content).toBe('Created ok/r.txt (4 bytes).');
  });

  it('is checked at creation', () => {
    const { root } = sandbox();
    expect(() => fileTools({ root, exclude: ['.'] })).toThrow(ConfigurationError);
    expect(() => fileTools({ root, exclude: [join(root, '..')] })).toThrow(/contains the root/);
    expect(() => fileTools({ root, exclude: 'sessions' as unknown as string[] })).toThrow(/exclude must be an array/);
    expect(() => fileTools({ root, exclude: [''] })).toThrow(ConfigurationError);
  });
});
