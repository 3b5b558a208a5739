// The cross-process lock of a session file: released after each write, waited for (bounded) while
// a live process holds it, taken over when its owner is provably gone, never touched otherwise.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, SessionError } from '../../src/errors.js';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { Message } from '../../src/types.js';
import { useTempDir, writeSessionFile } from './sessionTestKit.js';

const message: Message = { role: 'user', content: 'hello' };
const lockOf = (dir: string): string => join(dir, 's.jsonl.lock');
const lockRecord = (pid: number, host = hostname()): string => JSON.stringify({ pid, host, token: 'someone-else' });

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid as number;
}

describe('the session lock file', () => {
  const dir = useTempDir();

  it('is gone once an append resolved, and no temporary file is left', async () => {
    const store = new FileSessionStore({ dir: dir() });
    await store.append('s', [message]);
    await store.append('s', [message]);
    expect(await readdir(dir())).toEqual(['s.jsonl']);
  });

  it('held by a live process: the append waits lockTimeoutMs, then fails with session_locked naming the owner; nothing is written', async () => {
    await writeSessionFile(dir(), 's', [message]);
    const before = await readFile(join(dir(), 's.jsonl'));
    await writeFile(lockOf(dir()), lockRecord(process.pid));

    const error: unknown = await new FileSessionStore({ dir: dir(), lockTimeoutMs: 30 }).append('s', [message]).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SessionError);
    expect(error).toMatchObject({ code: 'session_locked', details: { sessionId: 's' } });
    expect((error as Error).message).toContain(`process ${process.pid}`);
    expect((error as Error).message).toContain(lockOf(dir()));
    expect((error as Error).message).toContain('30 ms');
    expect((await readFile(join(dir(), 's.jsonl'))).equals(before)).toBe(true);
    expect(await readFile(lockOf(dir()), 'utf8')).toBe(lockRecord(process.pid)); // never removed
  });

  it('held by a live process: the append goes ahead as soon as the holder releases it', async () => {
    await writeFile(lockOf(dir()), lockRecord(process.pid));
    const appended = new FileSessionStore({ dir: dir(), lockTimeoutMs: 60_000 }).append('s', [message]);
    await delay(20);
    await rm(lockOf(dir()));
    await appended;
    expect(await new FileSessionStore({ dir: dir() }).load('s')).toEqual([message]);
  });

  it('left by a process that no longer exists on this host: taken over at once', async () => {
    await writeFile(lockOf(dir()), lockRecord(await deadPid()));
    await new FileSessionStore({ dir: dir(), lockTimeoutMs: 0 }).append('s', [message]);
    expect(await readdir(dir())).toEqual(['s.jsonl']);
  });

  it('left by a process that died while it broke a stale lock: both are cleared and the lock taken', async () => {
    await writeFile(lockOf(dir()), lockRecord(await deadPid()));
    await writeFile(`${lockOf(dir())}.break`, lockRecord(await deadPid()));
    await new FileSessionStore({ dir: dir(), lockTimeoutMs: 1_000 }).append('s', [message]);
    expect(await readdir(dir())).toEqual(['s.jsonl']);
  });

  it('stale, while a live process is breaking it: waited for within lockTimeoutMs like any held lock', async () => {
    await writeFile(lockOf(dir()), lockRecord(await deadPid()));
    await writeFile(`${lockOf(dir())}.break`, lockRecord(process.pid));
    await expect(new FileSessionStore({ dir: dir(), lockTimeoutMs: 30 }).append('s', [message])).rejects.toMatchObject({ code: 'session_locked' });
  });

  it('of another host, or unreadable: never taken over, only waited for', async () => {
    const store = new FileSessionStore({ dir: dir(), lockTimeoutMs: 10 });
    await writeFile(lockOf(dir()), lockRecord(await deadPid(), 'another-host'));
    await expect(store.append('s', [message])).rejects.toMatchObject({ code: 'session_locked', message: expect.stringContaining('another-host') as unknown });
    await writeFile(lockOf(dir()), 'not a lock record');
    await expect(store.append('s', [message])).rejects.toMatchObject({ code: 'session_locked', message: expect.stringContaining('unknown writer') as unknown });
  });

  it('is never needed by a load, which only reads: not even of a session with calls without results', async () => {
    const call: Message = { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'ls', arguments: '{}' }] };
    await writeSessionFile(dir(), 's', [message, call]);
    await writeFile(lockOf(dir()), lockRecord(process.pid));
    const store = new FileSessionStore({ dir: dir(), lockTimeoutMs: 10, onRepair: () => undefined });
    expect(await store.load('s')).toEqual([message, call]);
    await expect(store.acquire('s', { runId: 'r1' })).rejects.toMatchObject({ code: 'session_locked' });
  });

  it('lockTimeoutMs must be an integer >= 0', () => {
    expect(() => new FileSessionStore({ dir: dir(), lockTimeoutMs: -1 })).toThrow(ConfigurationError);
    expect(() => new FileSessionStore({ dir: dir(), lockTimeoutMs: 1.5 })).toThrow(ConfigurationError);
  });
});
