// Glob matching takes time linear in the path's length: a short pattern from the model that
// a backtracking matcher would take hours on returns at once, and a long walk stops when the
// call is cancelled.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTools, toolContext, useSandbox } from './builtinsTestKit.js';

describe('glob matching cannot freeze the process', () => {
  const sandbox = useSandbox();

  // `*?` sixteen times then `*!`: a backtracking matcher explores a number of splits that grows
  // about 1.5× per added character (26 characters took 3 s; these 34 take hours).
  const evil = `${'*?'.repeat(16)}*!`;

  it('list_files and search_files answer a pathological pattern', async () => {
    const box = sandbox();
    await writeFile(join(box.root, 'a'.repeat(40)), 'text\n');
    const { call } = fileTools({ root: box.root });
    expect(await call('list_files', { pattern: evil })).toEqual({ content: `No files match ${JSON.stringify(evil)} in the root directory.` });
    expect(await call('search_files', { pattern: 'text', glob: evil })).toEqual({ content: 'No matches for "text" in 0 files.' });
    expect((await call('list_files', { pattern: `${'*?'.repeat(16)}*` })).content).toBe('a'.repeat(40));
  });

  it('stops walking when the call is cancelled', async () => {
    const box = sandbox();
    for (let i = 0; i < 20; i++) await mkdir(join(box.root, `d${i}`, 'e', 'f'), { recursive: true });
    const controller = new AbortController();
    const reason = new Error('cancelled by the test');
    const { call } = fileTools({ root: box.root });
    const listing = call('list_files', { pattern: '**/*' }, toolContext(controller.signal));
    controller.abort(reason);
    await expect(listing).rejects.toBe(reason);
  });
});
