// Only a last line without its newline is a torn write. A complete last line that does not
// parse is corruption: load reports it as session_corrupt and nothing ever cuts it. Before, it
// was dropped on load without a report and deleted by the next append.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { Message } from '../../src/types.js';
import { useTempDir, writeSessionFile } from './sessionTestKit.js';

const before: Message[] = [
  { role: 'user', content: 'hello' },
  { role: 'assistant', content: 'hi' },
];

const badLastLines: [label: string, line: string][] = [
  ['a record cut short, then terminated', '{"v":1,"message":{"ro\u0000\u0000\n'],
  ['plain text', 'an edit by hand\n'],
  ['an empty line', '\n'],
];

describe('a complete last line that does not parse', () => {
  const dir = useTempDir();

  describe.each(badLastLines)('(%s)', (_label, line) => {
    it('makes load fail with session_corrupt naming the line', async () => {
      const path = await writeSessionFile(dir(), 's', before, line);
      await expect(new FileSessionStore({ dir: dir() }).load('s')).rejects.toMatchObject({
        code: 'session_corrupt',
        details: { sessionId: 's', line: 3 },
      });
      expect(await readFile(path, 'utf8')).toContain(line);
    });

    it('makes append fail with session_corrupt and leaves the file byte for byte as it was', async () => {
      const path = await writeSessionFile(dir(), 's', before, line);
      const bytes = await readFile(path);
      await expect(new FileSessionStore({ dir: dir() }).append('s', [{ role: 'user', content: 'more' }])).rejects.toMatchObject({
        code: 'session_corrupt',
      });
      expect((await readFile(path)).equals(bytes)).toBe(true);
    });
  });
});

describe('an unterminated last line this store did not write', () => {
  const dir = useTempDir();

  it('is not taken for a torn write: load reports it, append refuses to cut it', async () => {
    const path = await writeSessionFile(dir(), 's', before, 'notes typed into the file');
    const bytes = await readFile(path);
    const store = new FileSessionStore({ dir: dir() });

    await expect(store.load('s')).rejects.toMatchObject({ code: 'session_corrupt', details: { line: 3 } });
    const error: unknown = await store.append('s', before).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'session_corrupt' });
    expect((error as Error).message).toContain('did not write it');
    expect((await readFile(path)).equals(bytes)).toBe(true);
  });

  it('while the torn start of a record is still cut before the next append', async () => {
    const path = await writeSessionFile(dir(), 's', before, '{"v":1,"mess');
    await new FileSessionStore({ dir: dir() }).append('s', [{ role: 'user', content: 'next' }]);
    expect(await new FileSessionStore({ dir: dir() }).load('s')).toEqual([...before, { role: 'user', content: 'next' }]);
    expect(await readFile(path, 'utf8')).not.toContain('"mess\n');
  });
});
