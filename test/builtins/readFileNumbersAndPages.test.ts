// read_file numbers its lines, reads a window with offset/limit, says when it stopped early
// and how to read on, and refuses directories, binary files and files over maxFileBytes.
import { describe, expect, it } from 'vitest';
import { fileTools, useSandbox, writeFiles } from './builtinsTestKit.js';

const lines = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('read_file', () => {
  const sandbox = useSandbox();

  it('numbers lines with a right-aligned number and a tab', async () => {
    await writeFiles(sandbox().root, { 'a.txt': lines(12) });
    const { content } = await fileTools({ root: sandbox().root }).call('read_file', { path: 'a.txt' });
    expect(content.split('\n')[0]).toBe('    1\tline 1');
    expect(content.split('\n')[11]).toBe('   12\tline 12');
    expect(content.split('\n')).toHaveLength(12); // the final newline does not add a line, and nothing follows
  });

  it('reads from offset for limit lines and says how to read on', async () => {
    await writeFiles(sandbox().root, { 'a.txt': lines(10) });
    const { content } = await fileTools({ root: sandbox().root }).call('read_file', { path: 'a.txt', offset: 3, limit: 2 });
    expect(content).toBe('    3\tline 3\n    4\tline 4\n(Showing lines 3-4 of 10. To read on, call read_file with offset 5.)');
  });

  it('stops early on a long output and says where to go on', async () => {
    await writeFiles(sandbox().root, { 'wide.txt': Array.from({ length: 100 }, () => 'x'.repeat(1000)).join('\n') });
    const { content } = await fileTools({ root: sandbox().root }).call('read_file', { path: 'wide.txt' });
    expect(content.length).toBeLessThanOrEqual(20_200);
    expect(content).toMatch(/\(Showing lines 1-(\d+) of 100\. To read on, call read_file with offset (\d+)\.\)$/);
  });

  it('cuts very long lines and says so', async () => {
    await writeFiles(sandbox().root, { 'min.js': 'y'.repeat(5000) });
    const { content } = await fileTools({ root: sandbox().root }).call('read_file', { path: 'min.js' });
    expect(content).toBe(`    1\t${'y'.repeat(2000)}… [line cut: 3000 more characters]`);
  });

  it('keeps CRLF out of the numbered lines, and says when a file is empty or offset is past the end', async () => {
    await writeFiles(sandbox().root, { 'crlf.txt': 'a\r\nb\r\n', 'empty.txt': '' });
    const { call } = fileTools({ root: sandbox().root });
    expect((await call('read_file', { path: 'crlf.txt' })).content).toBe('    1\ta\n    2\tb');
    expect((await call('read_file', { path: 'empty.txt' })).content).toBe('(empty.txt is empty)');
    expect((await call('read_file', { path: 'crlf.txt', offset: 9 })).content).toBe('(crlf.txt has 2 lines; offset 9 is past the end.)');
  });

  it.each([
    ['a binary file', { 'bin.dat': new Uint8Array([0x89, 0x50, 0x00, 0x47]) }, 'bin.dat', 'binary_file'],
    ['a file that is not UTF-8', { 'latin1.txt': new Uint8Array([0x63, 0x61, 0xe7, 0x61]) }, 'latin1.txt', 'binary_file'],
    ['a file over maxFileBytes', { 'big.txt': 'z'.repeat(101) }, 'big.txt', 'file_too_large'],
    ['a directory', { 'dir/a.txt': 'a' }, 'dir', 'not_a_file'],
    ['a missing file', {}, 'nope.txt', 'file_not_found'],
  ])('refuses %s with a clear result', async (_, files, path, code) => {
    await writeFiles(sandbox().root, files);
    const result = await fileTools({ root: sandbox().root, maxFileBytes: 100 }).call('read_file', { path });
    expect(result).toMatchObject({ isError: true, code });
    expect(result.content).toContain(path);
  });

  it('reads a file of exactly maxFileBytes', async () => {
    await writeFiles(sandbox().root, { 'edge.txt': 'z'.repeat(100) });
    expect(await fileTools({ root: sandbox().root, maxFileBytes: 100 }).call('read_file', { path: 'edge.txt' })).toEqual({ content: `    1\t${'z'.repeat(100)}` });
  });
});
