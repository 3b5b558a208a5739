// The store reads, cuts and appends only regular files it could have written itself in its
// directory. Before: it followed a link out of the directory (reading, cutting and appending to
// the file it pointed at), and a FIFO at the session path made load wait forever.
import { execFileSync } from 'node:child_process';
import { chown, link, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionError } from '../../src/errors.js';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { Message } from '../../src/types.js';
import { useTempDir } from './sessionTestKit.js';

const message: Message = { role: 'user', content: 'hello' };
// An outside file whose last line looks torn, as a session's could: the old store cut it.
const outsideText = `${JSON.stringify({ v: 1, message })}\n{"v":1,"message":{"role":"user","content":"no newline`;

async function refusal(operation: Promise<unknown>): Promise<SessionError> {
  const error: unknown = await operation.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SessionError);
  expect(error).toMatchObject({ code: 'session_unsafe_file', details: { sessionId: 's' } });
  return error as SessionError;
}

describe('a session path that is not a regular file of the store', () => {
  const root = useTempDir();
  const sessions = (): string => join(root(), 'sessions');
  const outside = (): string => join(root(), 'outside.txt');

  async function setUp(): Promise<FileSessionStore> {
    await mkdir(sessions());
    await writeFile(outside(), outsideText);
    return new FileSessionStore({ dir: sessions() });
  }

  it('a symbolic link out of the directory: load and append refuse it, the outside file is untouched', async () => {
    const store = await setUp();
    await symlink(outside(), join(sessions(), 's.jsonl'));

    expect((await refusal(store.load('s'))).message).toContain('symbolic link');
    await refusal(store.append('s', [message]));
    expect(await readFile(outside(), 'utf8')).toBe(outsideText);
  });

  it('a dangling symbolic link: append refuses it rather than create its target', async () => {
    const store = await setUp();
    const target = join(root(), 'created-through-link.jsonl');
    await symlink(target, join(sessions(), 's.jsonl'));

    await refusal(store.append('s', [message]));
    await expect(readFile(target)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a hard link to an outside file: refused, the outside file is untouched', async () => {
    const store = await setUp();
    await link(outside(), join(sessions(), 's.jsonl'));

    expect((await refusal(store.load('s'))).message).toContain('hard links');
    await refusal(store.append('s', [message]));
    expect(await readFile(outside(), 'utf8')).toBe(outsideText);
  });

  it.skipIf(process.platform === 'win32')('a FIFO: load and append refuse it at once instead of waiting for a writer', { timeout: 5_000 }, async () => {
    const store = await setUp();
    execFileSync('mkfifo', [join(sessions(), 's.jsonl')]);

    expect((await refusal(store.load('s'))).message).toContain('FIFO');
    await refusal(store.append('s', [message]));
  });

  it('a directory: refused', async () => {
    const store = await setUp();
    await mkdir(join(sessions(), 's.jsonl'));

    expect((await refusal(store.load('s'))).message).toContain('directory');
    await refusal(store.append('s', [message]));
  });

  it.skipIf(process.getuid?.() !== 0)("another user's file (checked when running as root, the only user that can make one): refused", async () => {
    const store = await setUp();
    const path = join(sessions(), 's.jsonl');
    await writeFile(path, `${JSON.stringify({ v: 1, message })}\n`);
    await chown(path, 4242, 4242);

    expect((await refusal(store.load('s'))).message).toContain('user id 4242');
    await refusal(store.append('s', [message]));
  });

  it('the message says what was found and what to do', async () => {
    const store = await setUp();
    await symlink(outside(), join(sessions(), 's.jsonl'));
    const error = await refusal(store.load('s'));
    expect(error.message).toContain(join(sessions(), 's.jsonl'));
    expect(error.message).toContain('only regular files');
  });
});
