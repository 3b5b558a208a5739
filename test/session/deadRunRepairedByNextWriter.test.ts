// docs/design.md, "Sessions and repair": a load only reads; the calls a dead Run left without
// results are repaired by the next Run that takes the session, and only when their Run is gone.
import { readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { SessionRepair } from '../../src/session/leasedSessions.js';
import type { AssistantMessage, Message, ToolMessage } from '../../src/types.js';
import { fileLines, invariantViolation, useTempDir, writeSessionFile } from './sessionTestKit.js';

const user: Message = { role: 'user', content: 'clean up' };
const assistant: AssistantMessage = {
  role: 'assistant',
  content: '',
  toolCalls: [
    { id: 'c1', name: 'ls', arguments: '{}' },
    { id: 'c2', name: 'rm', arguments: { path: 'tmp' } },
  ],
};
const firstResult: ToolMessage = { role: 'tool', toolCallId: 'c1', content: 'tmp', isError: false };
const interrupted = (toolCallId: string): ToolMessage => ({
  role: 'tool',
  toolCallId,
  content: expect.stringContaining('interrupted') as unknown as string,
  isError: true,
  code: 'interrupted',
});

function recordingStore(dir: string, lockTimeoutMs?: number): { store: FileSessionStore; repairs: SessionRepair[] } {
  const repairs: SessionRepair[] = [];
  return { store: new FileSessionStore({ dir, lockTimeoutMs, onRepair: (repair) => repairs.push(repair) }), repairs };
}

// The line a Run's lease writes when it takes the session, as a process that no longer exists (or a live one).
function acquiredLine(pid: number): string {
  const holder = { host: hostname(), pid, process: 'an-earlier-process' };
  return `${JSON.stringify({ v: 2, type: 'acquired', runId: 'old-run', leaseId: 'old-lease', holder })}\n`;
}

describe('calls a crash left without results', () => {
  const dir = useTempDir();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are loaded as stored: a load never writes, whatever the session holds', async () => {
    const path = await writeSessionFile(dir(), 's', [user, assistant]);
    const bytes = await readFile(path);
    const { store, repairs } = recordingStore(dir());

    expect(await store.load('s')).toEqual([user, assistant]);
    expect(await store.loadRunState('s')).toBeUndefined(); // a version-1 session has no Run to resume
    expect((await readFile(path)).equals(bytes)).toBe(true);
    expect(repairs).toEqual([]);
  });

  it('at the end of the session: the next Run that takes it appends interrupted results and reports them once', async () => {
    await writeSessionFile(dir(), 's', [user, assistant]);
    const { store, repairs } = recordingStore(dir());

    const lease = await store.acquire('s', { runId: 'next' });

    expect(lease.repaired).toEqual([interrupted('c1'), interrupted('c2')]);
    const loaded = await store.load('s');
    expect(loaded).toEqual([user, assistant, interrupted('c1'), interrupted('c2')]);
    expect(invariantViolation(loaded)).toBeUndefined();
    expect(repairs).toEqual([{ sessionId: 's', runId: 'next', repaired: [interrupted('c1'), interrupted('c2')] }]);
    await lease.release();
    expect((await store.acquire('s', { runId: 'after' })).repaired).toEqual([]);
    expect(repairs).toHaveLength(1);
  });

  it('after a torn write of the results: keeps the results that made it, repairs the rest on whole lines', async () => {
    await writeSessionFile(dir(), 's', [user, assistant, firstResult], '{"v":1,"message":{"role":"tool","toolCallId":"c2","con');
    const { store } = recordingStore(dir());

    expect((await store.acquire('s', { runId: 'next' })).repaired).toEqual([interrupted('c2')]);
    expect(await store.load('s')).toEqual([user, assistant, firstResult, interrupted('c2')]);
    const lines = await fileLines(join(dir(), 's.jsonl'));
    expect(lines.map((line) => (JSON.parse(line) as { type?: string }).type)).toEqual([undefined, undefined, undefined, 'message', 'acquired']);
  });

  it('warns through process.emitWarning when no onRepair is given', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    await writeSessionFile(dir(), 's', [user, assistant]);

    await new FileSessionStore({ dir: dir() }).acquire('s', { runId: 'next' });

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('Session "s": 2 tool call(s) (c1, c2) of a Run that is gone had no recorded result');
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ code: 'TINYAGENT_SESSION_REPAIRED' });
  });

  it('in the middle of the session: left as they are (the file is append-only), loaded as stored', async () => {
    const later: Message[] = [{ role: 'user', content: 'appended without loading first' }];
    await writeSessionFile(dir(), 's', [user, assistant, firstResult, ...later]);
    const { store, repairs } = recordingStore(dir());

    expect((await store.acquire('s', { runId: 'next' })).repaired).toEqual([]);
    expect(await store.load('s')).toEqual([user, assistant, firstResult, ...later]);
    expect(repairs).toEqual([]);
  });

  it('of a Run whose process is gone: repaired, and that Run is marked finished', async () => {
    const path = await writeSessionFile(dir(), 's', [user]);
    await writeFile(path, `${await readFile(path, 'utf8')}${acquiredLine(2 ** 22 + 17)}${JSON.stringify({ v: 2, type: 'message', message: assistant })}\n`);
    const { store } = recordingStore(dir());
    expect((await store.loadRunState('s'))?.runId).toBe('old-run');

    expect((await store.acquire('s', { runId: 'next' })).repaired).toEqual([interrupted('c1'), interrupted('c2')]);
    expect(await store.loadRunState('s')).toMatchObject({ runId: 'next', openCalls: [] });
  });

  it('of a Run whose process is alive: never repaired; the new Run waits, then gets session_locked, and nothing is written', async () => {
    const path = await writeSessionFile(dir(), 's', [user]);
    await writeFile(path, `${await readFile(path, 'utf8')}${acquiredLine(process.ppid)}${JSON.stringify({ v: 2, type: 'message', message: assistant })}\n`);
    const bytes = await readFile(path);
    const { store, repairs } = recordingStore(dir(), 20);

    await expect(store.acquire('s', { runId: 'next' })).rejects.toMatchObject({ code: 'session_locked', message: expect.stringContaining('old-run') as unknown });
    await expect(store.append('s', [user])).rejects.toMatchObject({ code: 'session_locked' });
    expect((await readFile(path)).equals(bytes)).toBe(true);
    expect(repairs).toEqual([]);
  });
});
