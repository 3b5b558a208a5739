// A repair says why results are missing only as far as the store knows. Before, a failed write
// of results (a full disk) was repaired with "the process stopped", though it had not.
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { SessionRepair } from '../../src/session/fileSessionStore.js';
import type { Message, ToolMessage } from '../../src/types.js';
import { useTempDir, writeSessionFile } from './sessionTestKit.js';

const user: Message = { role: 'user', content: 'clean up' };
const assistant: Message = { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'rm', arguments: '{}' }] };
const result: ToolMessage = { role: 'tool', toolCallId: 'c1', content: 'removed', isError: false };

/** Makes the next FileHandle.write of this process fail as on a full disk. */
async function failNextWriteWithDiskFull(dir: string): Promise<void> {
  const probe = await open(join(dir, 'probe'), 'w');
  const prototype = Object.getPrototypeOf(probe) as { write: () => Promise<unknown> };
  await probe.close();
  vi.spyOn(prototype, 'write').mockRejectedValueOnce(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
}

describe('the repair of calls without results', () => {
  const dir = useTempDir();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('after a failed write of the results in this process, says the write failed and why, not that the process stopped', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const store = new FileSessionStore({ dir: dir() });
    await store.append('s', [user, assistant]);
    await failNextWriteWithDiskFull(dir());
    await expect(store.append('s', [result])).rejects.toMatchObject({ code: 'session_io' });

    const loaded = await store.load('s');

    const text = String(warn.mock.calls[0]?.[0]);
    expect(text).toContain('writing their results failed earlier in this process (ENOSPC: no space left on device, write)');
    expect(text).not.toContain('process stopped');
    expect(loaded[2]).toMatchObject({ code: 'interrupted' });
    expect((loaded[2] as ToolMessage).content).not.toContain('process stopped');
  });

  it('reports the failed write to onRepair as writeFailure, once: the next repair knows nothing of it', async () => {
    const repairs: SessionRepair[] = [];
    const store = new FileSessionStore({ dir: dir(), onRepair: (repair) => repairs.push(repair) });
    await store.append('s', [user, assistant]);
    await failNextWriteWithDiskFull(dir());
    await store.append('s', [result]).catch(() => undefined);
    await store.load('s');
    await store.load('s'); // repaired for good: nothing to report
    await writeSessionFile(dir(), 's', [user, assistant]); // as another process might leave it
    await store.load('s');

    expect(repairs.map((repair) => repair.writeFailure)).toEqual(['ENOSPC: no space left on device, write', undefined]);
  });

  it('of a session another process left, does not claim to know why: the Run ended without writing the results', async () => {
    await writeSessionFile(dir(), 's', [user, assistant]);
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);

    await new FileSessionStore({ dir: dir() }).load('s');

    const text = String(warn.mock.calls[0]?.[0]);
    expect(text).toContain('the Run that made them ended without writing their results');
    expect(text).toContain('may have stopped, or a write failed');
  });
});
