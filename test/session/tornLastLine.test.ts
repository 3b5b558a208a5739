import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { Message } from '../../src/types.js';
import { fileLines, useTempDir } from './sessionTestKit.js';

const before: Message[] = [
  { role: 'user', content: 'hello' },
  { role: 'assistant', content: 'hi' },
];
const after: Message = { role: 'user', content: 'after the crash' };
const record = (message: Message): string => `${JSON.stringify({ v: 1, message })}\n`;

// What a crash can leave after the last complete line.
const torn: [label: string, tail: Buffer][] = [
  ['a record cut before its newline', Buffer.from(record(after).slice(0, 25))],
  ['a whole record missing only its newline', Buffer.from(record(after).slice(0, -1))],
  ['a record cut inside a multi-byte character', Buffer.from(record({ role: 'user', content: 'é🎉' })).subarray(0, -5)],
  ['zero bytes from a delayed allocation', Buffer.alloc(300)],
  ['a long record, cut, that spans several read chunks', Buffer.from(record({ role: 'user', content: 'y'.repeat(150_000) }).slice(0, -2))],
  ['a record whose tail the crash left as zero bytes', Buffer.from('{"v":1,"message":{"ro\u0000\u0000')],
];
// A complete (newline-terminated) last line that does not parse is not torn: see completeBadLastLineIsCorrupt.test.ts.

describe('a torn last line', () => {
  const dir = useTempDir();

  describe.each(torn)('%s', (_label, tail) => {
    it('is ignored on load, and load leaves the file as it is', async () => {
      const store = new FileSessionStore({ dir: dir() });
      await store.append('s', before);
      const path = join(dir(), 's.jsonl');
      await appendFile(path, tail);
      const bytes = await readFile(path);

      expect(await store.load('s')).toEqual(before);
      expect((await readFile(path)).equals(bytes)).toBe(true);
    });

    it('is cut off before the next append, which leaves only valid lines', async () => {
      await new FileSessionStore({ dir: dir() }).append('s', before);
      const path = join(dir(), 's.jsonl');
      await appendFile(path, tail);

      await new FileSessionStore({ dir: dir() }).append('s', [after]);

      const lines = await fileLines(path);
      expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([...before, after].map((message) => ({ v: 2, type: 'message', message })));
      expect((await readFile(path, 'utf8')).endsWith('\n')).toBe(true);
      expect(await new FileSessionStore({ dir: dir() }).load('s')).toEqual([...before, after]);
    });
  });

  it('is told apart from a complete last record longer than a read chunk, which is kept', async () => {
    const long: Message = { role: 'user', content: 'z'.repeat(200_000) };
    const store = new FileSessionStore({ dir: dir() });
    await store.append('s', [long]);
    await store.append('s', [after]);
    expect(await store.load('s')).toEqual([long, after]);
  });

  it('can be all there is: a file whose first write was torn loads as [] and is then rewritten from the start', async () => {
    const path = join(dir(), 's.jsonl');
    await appendFile(path, record(after).slice(0, 10));
    const store = new FileSessionStore({ dir: dir() });
    expect(await store.load('s')).toEqual([]);
    await store.append('s', before);
    expect(await fileLines(path)).toEqual(before.map((message) => JSON.stringify({ v: 2, type: 'message', message })));
  });
});
