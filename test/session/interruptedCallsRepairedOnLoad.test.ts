import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { SessionRepair } from '../../src/session/fileSessionStore.js';
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

function recordingStore(dir: string): { store: FileSessionStore; repairs: SessionRepair[] } {
  const repairs: SessionRepair[] = [];
  return { store: new FileSessionStore({ dir, onRepair: (repair) => repairs.push(repair) }), repairs };
}

describe('FileSessionStore.load repairs calls a crash left without results', () => {
  const dir = useTempDir();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('at the end of the file: adds interrupted results, appends them, reports once', async () => {
    await writeSessionFile(dir(), 's', [user, assistant]); // what a process killed while its tools ran leaves

    const { store, repairs } = recordingStore(dir());
    const loaded = await store.load('s');

    expect(loaded).toEqual([user, assistant, interrupted('c1'), interrupted('c2')]);
    expect(invariantViolation(loaded)).toBeUndefined();
    expect(repairs).toEqual([{ sessionId: 's', repaired: [interrupted('c1'), interrupted('c2')], persisted: true }]);
    expect(await fileLines(join(dir(), 's.jsonl'))).toHaveLength(4);

    expect(await store.load('s')).toEqual(loaded);
    expect(await recordingStore(dir()).store.load('s')).toEqual(loaded);
    expect(repairs).toHaveLength(1);
  });

  it('after a torn write of the results: keeps the results that made it, repairs the rest', async () => {
    const tornResult = '{"v":1,"message":{"role":"tool","toolCallId":"c2","con';
    await writeSessionFile(dir(), 's', [user, assistant, firstResult], tornResult);

    const { store, repairs } = recordingStore(dir());
    const loaded = await store.load('s');

    expect(loaded).toEqual([user, assistant, firstResult, interrupted('c2')]);
    expect(repairs.map((repair) => repair.repaired.map((result) => result.toolCallId))).toEqual([['c2']]);
    const lines = await fileLines(join(dir(), 's.jsonl'));
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(loaded.map((message) => ({ v: 1, message })));
  });

  it('warns through process.emitWarning when no onRepair is given', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    await writeSessionFile(dir(), 's', [user, assistant]);

    await new FileSessionStore({ dir: dir() }).load('s');

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('Session "s": 2 tool call(s) (c1, c2) had no recorded result');
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ code: 'TINYAGENT_SESSION_REPAIRED' });
  });

  it('in the middle of the file: repairs the loaded messages on every load, never rewrites the file', async () => {
    const later: Message[] = [{ role: 'user', content: 'appended without loading first' }];
    await writeSessionFile(dir(), 's', [user, assistant, firstResult, ...later]);
    const bytes = await readFile(join(dir(), 's.jsonl'));

    const { store, repairs } = recordingStore(dir());
    const loaded = await store.load('s');
    await store.load('s');

    expect(loaded).toEqual([user, assistant, firstResult, interrupted('c2'), ...later]);
    expect(repairs).toEqual([
      { sessionId: 's', repaired: [interrupted('c2')], persisted: false },
      { sessionId: 's', repaired: [interrupted('c2')], persisted: false },
    ]);
    expect((await readFile(join(dir(), 's.jsonl'))).equals(bytes)).toBe(true);
  });

  it('leaves alone the calls of a batch this process is still running', async () => {
    const { store: runner } = recordingStore(dir());
    const { store: viewer, repairs } = recordingStore(dir());
    await runner.append('s', [user, assistant]); // the Run persists the assistant message, tools start

    expect(await viewer.load('s')).toEqual([user, assistant]);

    await runner.append('s', [firstResult, { ...firstResult, toolCallId: 'c2' }]); // the batch ends
    expect(await viewer.load('s')).toHaveLength(4);
    expect(repairs).toEqual([]);
  });

  it('repairs a batch whose results this process failed to write', async () => {
    const { store, repairs } = recordingStore(dir());
    await store.append('s', [user, assistant]);
    const refused = [{ role: 'tool', toolCallId: 'c1' }] as Message[];
    await expect(store.append('s', refused)).rejects.toMatchObject({ code: 'invalid_session_message' });
    expect(await store.load('s')).toEqual([user, assistant]); // refused up front: the batch still runs

    const probe = await open(join(dir(), 'probe'), 'w');
    const fileHandlePrototype = Object.getPrototypeOf(probe) as { write: () => Promise<unknown> };
    await probe.close();
    vi.spyOn(fileHandlePrototype, 'write').mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    await expect(store.append('s', [firstResult])).rejects.toMatchObject({ code: 'session_io' });

    expect(await store.load('s')).toEqual([user, assistant, interrupted('c1'), interrupted('c2')]);
    expect(repairs).toHaveLength(1);
  });
});
