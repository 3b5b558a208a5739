import { mkdir, open, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../src/errors.js';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { FileSessionStoreOptions } from '../../src/session/fileSessionStore.js';
import type { Message } from '../../src/types.js';
import { everyKind, fileLines, useTempDir } from './sessionTestKit.js';

describe('FileSessionStore round trip', () => {
  const dir = useTempDir();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('loads [] for a session never written, without creating anything', async () => {
    const sessions = join(dir(), 'not-yet');
    expect(await new FileSessionStore({ dir: sessions }).load('nobody')).toEqual([]);
    await expect(stat(sessions)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('round-trips every message kind through one version-2 record per line', async () => {
    const store = new FileSessionStore({ dir: dir() });
    await store.append('s', everyKind.slice(0, 3));
    await store.append('s', everyKind.slice(3));
    expect(await store.load('s')).toEqual(everyKind);
    const lines = await fileLines(join(dir(), 's.jsonl'));
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(everyKind.map((message) => ({ v: 2, type: 'message', message })));
  });

  it('makes an acknowledged append visible to a fresh store instance', async () => {
    await new FileSessionStore({ dir: dir() }).append('s', everyKind);
    expect(await new FileSessionStore({ dir: dir() }).load('s')).toEqual(everyKind);
  });

  it('resolves an append only after fsyncing the file, and the directory when it created the file', async () => {
    const probe = await open(join(dir(), 'probe'), 'w');
    const fileHandlePrototype = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    const sync = vi.spyOn(fileHandlePrototype, 'sync');
    const store = new FileSessionStore({ dir: dir() });

    await store.append('s', [{ role: 'user', content: 'first' }]);
    expect(sync).toHaveBeenCalledTimes(2); // the new file, then its directory
    await store.append('s', [{ role: 'user', content: 'second' }]);
    expect(sync).toHaveBeenCalledTimes(3); // the file only
  });

  it('creates a missing directory, nested, private to the owner', async () => {
    const nested = join(dir(), 'a', 'b', 'c');
    await new FileSessionStore({ dir: nested }).append('s', [{ role: 'user', content: 'hi' }]);
    expect(await new FileSessionStore({ dir: nested }).load('s')).toEqual([{ role: 'user', content: 'hi' }]);
    if (process.platform !== 'win32') {
      expect((await stat(nested)).mode & 0o777).toBe(0o700);
      expect((await stat(join(nested, 's.jsonl'))).mode & 0o777).toBe(0o600);
    }
  });

  it('writes nothing for an empty append', async () => {
    await new FileSessionStore({ dir: dir() }).append('s', []);
    await expect(stat(join(dir(), 's.jsonl'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stores what was appended, whatever the caller changes afterwards', async () => {
    const store = new FileSessionStore({ dir: dir() });
    const message = { role: 'user', content: 'original' } satisfies Message;
    const pending = store.append('s', [message]);
    message.content = 'changed';
    await pending;
    expect(await store.load('s')).toEqual([{ role: 'user', content: 'original' }]);
  });

  it('refuses a message that is not a Message and writes nothing', async () => {
    const store = new FileSessionStore({ dir: dir() });
    const bad = [{ role: 'assistant', content: '', toolCalls: [{ id: '', name: 'ls', arguments: '{}' }] }] as Message[];
    await expect(store.append('s', bad)).rejects.toMatchObject({
      code: 'invalid_session_message',
      message: expect.stringContaining('toolCalls[0]: id must be a non-empty string'),
    });
    await expect(readFile(join(dir(), 's.jsonl'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a directory at the session path as session_unsafe_file', async () => {
    await mkdir(join(dir(), 'taken.jsonl'));
    await expect(new FileSessionStore({ dir: dir() }).load('taken')).rejects.toMatchObject({ code: 'session_unsafe_file' });
  });

  it('reports a directory it cannot create as session_io', async () => {
    await writeFile(join(dir(), 'not-a-dir'), '');
    const store = new FileSessionStore({ dir: join(dir(), 'not-a-dir') });
    await expect(store.append('s', [{ role: 'user', content: 'x' }])).rejects.toMatchObject({ code: 'session_io' });
  });

  it('needs a dir', () => {
    expect(() => new FileSessionStore({} as FileSessionStoreOptions)).toThrow(ConfigurationError);
    expect(() => new FileSessionStore({ dir: '' })).toThrow(ConfigurationError);
  });
});
