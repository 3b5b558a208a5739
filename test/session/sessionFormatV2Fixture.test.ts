// The version-2 file format, frozen: a session with an unfinished Run (version-1 lines first,
// then a lease, messages, a call start, checkpoints and a release) keeps loading as it is.
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import { useTempDir } from './sessionTestKit.js';

const fixture = fileURLToPath(new URL('../fixtures/sessions/v2-unfinished-run.jsonl', import.meta.url));

describe('session format v2', () => {
  const dir = useTempDir();

  it('loads the messages only, and the unfinished Run as a resumer needs it, without changing the file', async () => {
    await copyFile(fixture, join(dir(), 'run.jsonl'));
    const store = new FileSessionStore({ dir: dir() });

    const messages = await store.load('run');
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(await store.loadRunState('run')).toEqual({
      sessionId: 'run',
      runId: 'run-1',
      messages,
      runStart: 2,
      openCalls: [
        { id: 'call_1', name: 'charge', arguments: '{"cents":500}' },
        { id: 'call_2', name: 'notify', arguments: {} },
      ],
      startedCalls: { call_1: { callId: 'call_1', toolName: 'charge', iteration: 1, idempotencyKey: '0123456789abcdef0123456789abcdef' } },
      checkpoint: { iterations: 1, usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 }, pendingApprovals: ['call_2'] },
      released: true,
    });
    expect(await readFile(join(dir(), 'run.jsonl'))).toEqual(await readFile(fixture));
  });

  it('is resumed by the same Run without repair, and repaired by a new one', async () => {
    await copyFile(fixture, join(dir(), 'run.jsonl'));
    await copyFile(fixture, join(dir(), 'other.jsonl'));
    const store = new FileSessionStore({ dir: dir(), onRepair: () => undefined });

    expect((await store.acquire('run', { runId: 'run-1' })).repaired).toEqual([]);
    const repaired = (await store.acquire('other', { runId: 'run-2' })).repaired;
    expect(repaired.map((message) => [message.toolCallId, message.code])).toEqual([
      ['call_1', 'interrupted'],
      ['call_2', 'interrupted'],
    ]);
  });
});
