// The v1 file format, frozen: a file written by the first release must keep loading as is.
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { Message } from '../../src/types.js';
import { useTempDir } from './sessionTestKit.js';

const fixture = fileURLToPath(new URL('../fixtures/sessions/v1-every-kind.jsonl', import.meta.url));

const expected: Message[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'List files\nthen "read" one — ✓ 🎉' },
  {
    role: 'assistant',
    content: '',
    toolCalls: [
      { id: 'c1', name: 'ls', arguments: '{"path":"."}' },
      { id: 'c2', name: 'read', arguments: { path: 'a.txt', lines: [1, 2] } },
    ],
  },
  { role: 'tool', toolCallId: 'c1', content: 'a.txt\nb.txt', isError: false },
  { role: 'tool', toolCallId: 'c2', content: 'xxxxxxxxxx…[cut 12 chars]', isError: true, code: 'tool_error', truncated: true },
  { role: 'assistant', content: 'Done.' },
  { role: 'user', content: 'Thanks' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'ls', arguments: '' }] },
  { role: 'tool', toolCallId: 'c1', content: 'Cancelled.', isError: true, code: 'cancelled' },
];

describe('session format v1', () => {
  const dir = useTempDir();

  it('loads the v1 fixture unchanged, with nothing to repair', async () => {
    await copyFile(fixture, join(dir(), 'old.jsonl'));
    const repairs: unknown[] = [];
    const store = new FileSessionStore({ dir: dir(), onRepair: (repair) => repairs.push(repair) });

    expect(await store.load('old')).toEqual(expected);
    expect(repairs).toEqual([]);
    expect(await readFile(join(dir(), 'old.jsonl'))).toEqual(await readFile(fixture));
  });

  it('holds the same messages as the version-2 records this version writes, line for line', async () => {
    await new FileSessionStore({ dir: dir() }).append('new', expected);
    const v1Lines = (await readFile(fixture, 'utf8')).split('\n');
    const v2Lines = (await readFile(join(dir(), 'new.jsonl'), 'utf8')).split('\n');
    expect(v2Lines).toEqual(v1Lines.map((line) => line.replace('{"v":1,"message":', '{"v":2,"type":"message","message":')));
  });
});
