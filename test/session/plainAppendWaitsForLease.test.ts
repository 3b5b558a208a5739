// A plain append (outside any lease) never slips into a session a live Run owns: it waits up to
// lockTimeoutMs, then fails with session_locked and writes nothing; once the Run ends it goes in.
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import { MemorySessionStore } from '../../src/session/memorySessionStore.js';
import type { DurableSessionStore } from '../../src/session/sessionStore.js';
import { useTempDir } from './sessionTestKit.js';

describe('a plain append while a live lease owns the session', () => {
  const dir = useTempDir();
  const cases: [string, () => DurableSessionStore][] = [
    ['MemorySessionStore', () => new MemorySessionStore({ lockTimeoutMs: 30 })],
    ['FileSessionStore', () => new FileSessionStore({ dir: dir(), lockTimeoutMs: 30 })],
  ];

  it.each(cases)('%s: waits, then session_locked; goes in once the Run finished', async (_name, create) => {
    const store = create();
    const lease = await store.acquire('s', { runId: 'run-1' });
    await lease.append([{ role: 'user', content: 'the Run' }]);
    await expect(store.append('s', [{ role: 'user', content: 'sneaking in' }])).rejects.toMatchObject({ code: 'session_locked', details: { sessionId: 's' } });
    expect(await store.load('s')).toEqual([{ role: 'user', content: 'the Run' }]);

    await lease.finish('completed');
    await store.append('s', [{ role: 'user', content: 'after the Run' }]);
    expect((await store.load('s')).map((message) => message.content)).toEqual(['the Run', 'after the Run']);
  });
});
