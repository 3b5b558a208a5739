// A valid file name is written whatever its script: the temporary file beside it keeps within
// the file system's limit of 255 bytes per name, which 85 CJK characters (3 bytes each) fill.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTools, useSandbox } from './builtinsTestKit.js';

describe('write_file and edit_file with long non-ASCII names', () => {
  const sandbox = useSandbox();

  it.each([
    ['80 CJK characters', `${'漢'.repeat(80)}.md`],
    ['the longest CJK name (252 bytes + .md)', `${'字'.repeat(84)}.md`],
    ['emoji', `${'🚀'.repeat(60)}.txt`],
  ])('%s', async (_, name) => {
    const { root } = sandbox();
    const { call } = fileTools({ root, write: true });
    expect(await call('write_file', { path: name, content: 'first\n' })).toEqual({ content: `Created ${name} (6 bytes).` });
    expect(await call('edit_file', { path: name, old_string: 'first', new_string: 'second' })).toEqual({ content: `Edited ${name}: replaced 1 occurrence.` });
    expect(await readFile(join(root, name), 'utf8')).toBe('second\n');
    expect(await readdir(root)).toEqual([name]); // no temporary file left beside it
  });
});
