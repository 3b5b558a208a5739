// A Run's session writes on DBOS: each write goes to the position the Run expects, so a write
// that a crash cut after it landed (its step never recorded) is found there on the replay and
// not written twice, while anything else at that position is a session_conflict.
import { describe, expect, it } from 'vitest';
import { MemorySessionStore, type Message } from '../../src/index.js';
import type { DurableExecution } from '../../src/dbos/durableExecution.js';
import { durableSessionStore } from '../../src/dbos/durableSession.js';

/** An execution whose steps just run (as the first execution of a step does). */
const running = { runSignal: new AbortController().signal, step: async (_name: string, body: () => Promise<unknown>) => ({ value: await body() }) } as unknown as DurableExecution;

const user: Message = { role: 'user', content: 'hi' };
const answer: Message = { role: 'assistant', content: 'hello', toolCalls: [] };

describe('durable session writes', () => {
  it('appends at the expected position', async () => {
    const store = new MemorySessionStore();
    await durableSessionStore(store, 0, running).append('s', [user]);
    expect(await store.load('s')).toEqual([user]);
  });

  it('a replayed write that had landed (keys in another order) is not written again', async () => {
    const store = new MemorySessionStore();
    await store.append('s', [user, { toolCalls: [], content: 'hello', role: 'assistant' }]);
    const replay = durableSessionStore(store, 0, running);
    await replay.append('s', [user]);
    await replay.append('s', [answer]);
    expect(await store.load('s')).toHaveLength(2);
  });

  it('something else at the position is a session_conflict, and nothing is written', async () => {
    const store = new MemorySessionStore();
    await store.append('s', [{ role: 'user', content: 'another Run' }]);
    await expect(durableSessionStore(store, 0, running).append('s', [user])).rejects.toMatchObject({ code: 'session_conflict' });
    expect(await store.load('s')).toHaveLength(1);
  });
});
